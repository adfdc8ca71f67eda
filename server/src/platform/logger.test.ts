import { describe, expect, it } from 'vitest';
import { createLogger, prettyStream, redactUrl } from './logger';
import { withRequest } from './request-context';

function collect() {
  const lines: string[] = [];
  return { lines, write: (text: string) => void lines.push(text) };
}

describe('logger', () => {
  it("writes Fastify's request lines at debug, not info", () => {
    const info = collect();
    createLogger('info', info).info({ res: { statusCode: 200 }, responseTime: 3 }, 'request completed');
    createLogger('info', info).info('KreeChat is ready');
    expect(info.lines.map((l) => JSON.parse(l).msg)).toEqual(['KreeChat is ready']);

    const debug = collect();
    createLogger('debug', debug).info({ res: { statusCode: 200 }, responseTime: 3 }, 'request completed');
    expect(debug.lines.map((l) => JSON.parse(l))).toMatchObject([{ level: 20, msg: 'request completed' }]);
  });

  it('prints readable lines on a terminal: a request with its response, a mail text below its line', () => {
    const out = collect();
    const logger = createLogger('debug', prettyStream(out, false));
    logger.child({ reqId: 'req-1' }).info({ req: { method: 'GET', url: '/api/tickets' } }, 'incoming request');
    logger.child({ reqId: 'req-1' }).info({ res: { statusCode: 200 }, responseTime: 4.2 }, 'request completed');
    logger.info({ to: 'a@b.test', text: 'Your code:\n123456' }, 'mail written to the dev mailbox');
    logger.error({ err: new Error('boom') }, 'outbox drain failed');
    logger.info({ url: 'http://127.0.0.1:3003', port: 3003 }, 'KreeChat is ready at http://127.0.0.1:3003');
    const text = out.lines.join('');
    expect(text).toMatch(/^\d\d:\d\d:\d\d DEBUG GET \/api\/tickets → 200 \(4 ms\)\n/);
    expect(text).toContain('INFO  mail written to the dev mailbox to=a@b.test\n    Your code:\n    123456\n');
    expect(text).toMatch(/ERROR outbox drain failed/);
    expect(text).toMatch(/INFO {2}KreeChat is ready at http:\/\/127\.0\.0\.1:3003 port=3003\n/);
    expect(text).not.toContain('"level"');
  });

  it("writes secrets and addresses in a logged URL's query as [redacted], whatever their spelling", () => {
    expect(redactUrl('/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=42')).toBe(
      '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42',
    );
    expect(redactUrl('/api/x?clientEmail=a%40b.test&index=2&companyWordpressToken=wpt_1')).toBe(
      '/api/x?clientEmail=[redacted]&index=2&companyWordpressToken=[redacted]',
    );
    expect(redactUrl('/api/x?HUB%2EVERIFY_TOKEN=s3cret&EMAIL=a@b.test&code=123456')).toBe(
      '/api/x?HUB%2EVERIFY_TOKEN=[redacted]&EMAIL=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/api/tickets')).toBe('/api/tickets');
    expect(redactUrl('/api/x?%E0%A4%A=1&flag')).toBe('/api/x?%E0%A4%A=1&flag');

    const out: string[] = [];
    createLogger('debug', { write: (line: string) => void out.push(line) }).info(
      { req: { method: 'GET', url: '/api/webhooks/whatsapp?hub.verify_token=s3cret' }, email: 'a@b.test' },
      'incoming request',
    );
    expect(JSON.parse(out[0]!)).toMatchObject({ req: { url: '/api/webhooks/whatsapp?hub.verify_token=[redacted]' } });
    expect(out[0]).not.toMatch(/s3cret|a@b\.test/);
  });

  it('names the request a line was written in, once, and no request outside one', () => {
    const out = collect();
    const logger = createLogger('info', out);
    withRequest('req-7', () => {
      logger.info('in a service');
      logger.child({ reqId: 'req-7' }).info("Fastify's request logger");
    });
    logger.info('at start');
    const [service, request, outside] = out.lines;
    expect(JSON.parse(service!)).toMatchObject({ reqId: 'req-7', msg: 'in a service' });
    expect(request!.match(/"reqId":/g)).toHaveLength(1);
    expect(JSON.parse(outside!)).not.toHaveProperty('reqId');
  });
});
