import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, type Logger } from './logger';
import { registerRequestContext, requestIdOf } from './request-context';

/** A Fastify app as app.ts builds it (request ids, context), logging JSON lines at info into `lines`. */
async function appWithLog() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, genReqId: requestIdOf });
  registerRequestContext(app);
  let background: Promise<void> = Promise.resolve();
  // A service that logs through the process's logger (not request.log), after awaiting, and work it hands on.
  const service = (log: Logger) => ({
    async handle() {
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.info({ step: 'service' }, 'service worked');
      background = new Promise<void>((resolve) =>
        setTimeout(() => {
          log.info({ step: 'after' }, 'work the request started');
          resolve();
        }, 20),
      );
    },
  });
  const svc = service(logger);
  app.get('/work', async (request) => {
    request.log.info('handler line');
    await svc.handle();
    return { ok: true };
  });
  await app.ready();
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { app, lines, parsed, logger, background: () => background };
}

describe('request ids', () => {
  it('keeps a safe incoming X-Request-Id, answers it, and every line of the request and its work carries it once', async () => {
    const { app, lines, parsed, background } = await appWithLog();
    const reply = await app.inject({ url: '/work', headers: { 'x-request-id': 'edge-42_Ab' } });
    expect(reply.headers['x-request-id']).toBe('edge-42_Ab');
    await background();
    const byStep = parsed();
    expect(byStep.find((l) => l.msg === 'handler line')?.reqId).toBe('edge-42_Ab');
    expect(byStep.find((l) => l.step === 'service')?.reqId).toBe('edge-42_Ab');
    expect(byStep.find((l) => l.step === 'after')?.reqId).toBe('edge-42_Ab');
    // request.log binds reqId itself: the context does not write it a second time.
    for (const line of lines) expect(line.match(/"reqId":/g)?.length ?? 0).toBeLessThanOrEqual(1);
    await app.close();
  });

  it('replaces an unsafe or overlong id with its own, and two requests never share one', async () => {
    const { app, parsed, background } = await appWithLog();
    const unsafe = await app.inject({ url: '/work', headers: { 'x-request-id': 'a b"}{' } });
    const long = await app.inject({ url: '/work', headers: { 'x-request-id': 'x'.repeat(65) } });
    const none = await app.inject({ url: '/work' });
    const ids = [unsafe, long, none].map((r) => String(r.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    await background();
    const services = parsed().filter((l) => l.step === 'service');
    expect(services.map((l) => l.reqId)).toEqual(ids);
    await app.close();
  });

  it('a line outside any request has no reqId', async () => {
    const { parsed, logger } = await appWithLog();
    logger.info('at start');
    expect(parsed().find((l) => l.msg === 'at start')).not.toHaveProperty('reqId');
  });
});
