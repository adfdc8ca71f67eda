import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi } from '../../test/fakes/telegram/fake-bot-api';
import { textUpdate } from '../../test/fakes/telegram/updates';
import { eventually, freePort, startTestApp, type TestApp } from '../../test/harness';
import { connectLive } from '../../test/live';
import { companyWithBot, deliver, type World } from '../../test/telegram-world';
import { testDbKind } from '../../test/test-db';
import { createLogger } from './logger';
import { createMetrics } from './metrics';
import { registerMetrics } from './metrics.routes';

const TOKEN = 'metrics-token-0123456789';

type Sample = { name: string; labels: Record<string, string>; value: number };

/**
 * The Prometheus text format, read strictly: every line a comment (# HELP / # TYPE) or `name{labels} value`; a
 * line that is neither fails the test. prom-client writes a NaN (an event-loop mean before any sample) as `Nan`,
 * which Prometheus reads too (Go's ParseFloat ignores the case).
 */
function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      expect(line).toMatch(/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/);
      continue;
    }
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|NaN|Nan|[+-]Inf)$/.exec(line);
    expect(match, `not a Prometheus sample: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match![1]!, labels, value: Number(match![3]) });
  }
  return samples;
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

/** Info lines written by the app, parsed. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('GET /metrics behind METRICS_TOKEN, after a Telegram update and an agent reply', () => {
  let fake: FakeBotApi;
  let t: TestApp;
  let world: World;
  const log = captureLog();
  const scrape = async (token?: string) => {
    const response = await fetch(`${t.baseUrl}/metrics`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await response.text();
    if (token === TOKEN) expect(response.status, text).toBe(200);
    return { status: response.status, type: response.headers.get('content-type'), text };
  };

  beforeAll(async () => {
    fake = await startFakeBotApi();
    const port = await freePort();
    t = await startTestApp(
      { TELEGRAM_API_ROOT: fake.apiRoot, PUBLIC_URL: `http://127.0.0.1:${port}`, METRICS_TOKEN: TOKEN },
      { listen: true, port, logTo: log.stream },
    );
    world = { t, fake, mode: 'webhook', close: async () => undefined };
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refuses a scrape without the token, or with another', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('metrics-token-wrong-0000000')).status).toBe(401);
    const ok = await scrape(TOKEN);
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts the update, its webhook time, the send and the socket; no message text or e-mail at info', async () => {
    const before = parsePrometheus((await scrape(TOKEN)).text);
    const { bot, addAgent, department, adminEmail } = await companyWithBot(world);
    const agent = await addAgent({ departmentId: department.id });
    const live = await connectLive(t.baseUrl, agent.client);
    const chatId = 810_001;
    const update = textUpdate({
      updateId: fake.nextUpdateId(bot.token),
      chatId,
      text: 'My parcel to 221B Baker Street never came',
      firstName: 'Ivana',
    });
    await deliver(world, bot, update);
    // Telegram delivers it again (its answer was lost): a duplicate, stored once.
    expect(await fake.pushUpdate(bot.token, update)).toBe(200);
    const { ticket } = await live.waitFor('newTicket');
    await agent.client.post('/acceptTicket', { ticketid: ticket.ticketid });
    const reply = await agent.client.post('/send-message', {
      ticketid: ticket.ticketid,
      content: 'We are on it, Ivana',
      idempotencyKey: `metrics-${chatId}`,
    });
    expect(reply.status).toBe(200);
    await fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'We are on it, Ivana');
    await t.services.worker.idle();

    const after = await eventually(async () => {
      const samples = parsePrometheus((await scrape(TOKEN)).text);
      const sent = valueOf(samples, 'kreechat_outbox_sends_total', { platform: 'telegram', outcome: 'sent' });
      return sent > valueOf(before, 'kreechat_outbox_sends_total', { platform: 'telegram', outcome: 'sent' })
        ? samples
        : undefined;
    });
    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('kreechat_inbound_updates_total', { channel: 'telegram', outcome: 'stored' })).toBe(1);
    expect(moved('kreechat_inbound_updates_total', { channel: 'telegram', outcome: 'duplicate' })).toBe(1);
    expect(moved('kreechat_outbox_sends_total', { platform: 'telegram', outcome: 'sent' })).toBe(1);
    expect(moved('kreechat_webhook_duration_seconds_count', { channel: 'telegram', status: '200' })).toBe(2);
    expect(valueOf(after, 'kreechat_webhook_duration_seconds_bucket', { channel: 'telegram', le: '+Inf' })).toBe(
      valueOf(after, 'kreechat_webhook_duration_seconds_count', { channel: 'telegram' }),
    );
    expect(valueOf(after, 'kreechat_outbox_pending', { platform: 'telegram' })).toBe(0);
    expect(after.some((s) => s.name === 'kreechat_outbox_oldest_pending_seconds')).toBe(true);
    expect(valueOf(after, 'kreechat_connected_sockets', { kind: 'workspace' })).toBe(1);
    expect(valueOf(after, 'kreechat_connected_sockets', { kind: 'widget' })).toBe(0);
    expect(valueOf(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (testDbKind() === 'postgres') expect(valueOf(after, 'kreechat_db_pool_total')).toBeGreaterThan(0);
    else expect(after.some((s) => s.name === 'kreechat_db_pool_total')).toBe(false);
    live.close();

    // A mail the agent asks for: its service logs while the request runs, naming the request, not the address.
    const reset = await agent.client.post('/send-reset-password-code', { email: agent.email });
    expect(reset.status).toBe(200);
    const mailLine = await eventually(() => log.lines.find((l) => l.msg === 'mail sent'));
    expect(mailLine.reqId).toEqual(expect.any(String));

    const info = log.lines.filter((l) => (l.level as number) >= 30);
    const written = JSON.stringify(info);
    for (const secret of ['221B Baker', 'We are on it', 'Ivana', adminEmail, agent.email, bot.token])
      expect(written).not.toContain(secret);
  });
});

/** The exposure rules on a bare Fastify app (no database: the gauges read nothing, the counters still print). */
async function bareApp(exposure: { port?: number; token?: string }) {
  const app = Fastify();
  registerMetrics(app, {
    metrics: createMetrics(),
    exposure: { port: exposure.port, token: exposure.token, host: '127.0.0.1' },
    logger: createLogger('silent'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

describe('where /metrics is served', () => {
  it('METRICS_PORT: on its own port only, with the token when one is set too; closed with the app', async () => {
    const port = await freePort();
    const { app, base } = await bareApp({ port, token: TOKEN });
    try {
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const own = `http://127.0.0.1:${port}`;
      expect((await fetch(`${own}/metrics`)).status).toBe(401);
      const ok = await fetch(`${own}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      const samples = parsePrometheus(await ok.text());
      expect(samples.some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
      expect((await fetch(`${own}/api/health`)).status).toBe(404);
    } finally {
      await app.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('METRICS_PORT alone: no token asked on that port', async () => {
    const port = await freePort();
    const { app } = await bareApp({ port });
    try {
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('neither METRICS_PORT nor METRICS_TOKEN: not served at all', async () => {
    const { app, base } = await bareApp({});
    try {
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
