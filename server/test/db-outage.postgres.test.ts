/**
 * PostgreSQL stopped under a running desk, on a throwaway cluster of the test's own: the process
 * survives a connection that dies in the middle of a transaction, requests fail fast with 503 (webhooks with
 * Retry-After, so the channel delivers again), readiness says so, and when the database returns the pool
 * reconnects by itself: the webhook's retried update, the poller's queued update and a reply the outbox held
 * before the outage all arrive. The recovery times are printed (BENCHMARKS) and bounded.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { inboundUpdates, outbox } from '../src/db/schema';
import { startFakeBotApi, type FakeBotApi } from './fakes/telegram/fake-bot-api';
import { textUpdate } from './fakes/telegram/updates';
import { eventually, startTestApp, type TestApp } from './harness';
import { freePort } from './net';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { spawnServer } from './server-process';
import { companyWithBot, deliver, type World } from './telegram-world';

const WHATSAPP_SECRET = 'outage-test-app-secret';

let cluster: PgCluster;
let fake: FakeBotApi;
let webhookWorld: World;
let pollingWorld: World;

/** A new database in the test's cluster: its URL. */
async function createDatabase(name: string) {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

const databaseOn = async (name: string) => openDatabase({ databaseUrl: await createDatabase(name) });

beforeAll(async () => {
  cluster = await startPgCluster();
  fake = await startFakeBotApi();
  const port = await freePort();
  const webhookApp = await startTestApp(
    {
      TELEGRAM_API_ROOT: fake.apiRoot,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WHATSAPP_APP_SECRET: WHATSAPP_SECRET,
    },
    { listen: true, port, database: await databaseOn('kc_webhook') },
  );
  webhookWorld = { t: webhookApp, fake, mode: 'webhook', close: () => webhookApp.close() };
  const pollingApp = await startTestApp(
    { TELEGRAM_API_ROOT: fake.apiRoot },
    { listen: true, database: await databaseOn('kc_polling') },
  );
  pollingWorld = { t: pollingApp, fake, mode: 'polling', close: () => pollingApp.close() };
}, 60_000);

afterAll(async () => {
  // Side by side: each app's stop waits for its pollers, sends and pool, which a loaded CI machine makes slow.
  await Promise.all([webhookWorld?.close(), pollingWorld?.close()]);
  await fake?.close();
  await cluster?.destroy();
}, 120_000);

/** Advisory locks held in the polling app's database: its poller's leader lock. */
async function pollerLocks() {
  const client = new pg.Client({ connectionString: cluster.url.replace(/\/postgres$/, '/kc_polling') });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and d.datname = 'kc_polling'`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function processed(t: TestApp, botId: number, updateId: number) {
  const [row] = await t.database.db
    .select({ id: inboundUpdates.updateId })
    .from(inboundUpdates)
    .where(
      and(
        eq(inboundUpdates.channelKey, `tg:${botId}`),
        eq(inboundUpdates.updateId, String(updateId)),
        isNotNull(inboundUpdates.processedAt),
      ),
    );
  return Boolean(row);
}

/**
 * Whether the update is processed. One taken just as PostgreSQL returns can be stored but fail its first processing
 * (seen in about one run in ten); it is tried again at its next attempt by the app's clock, which this test holds
 * still: move the clock there, as time would.
 */
async function processedOrRetried(t: TestApp, botId: number, updateId: number) {
  if (await processed(t, botId, updateId)) return true;
  const [row] = await t.database.db
    .select({ error: inboundUpdates.error, nextAttemptAt: inboundUpdates.nextAttemptAt })
    .from(inboundUpdates)
    .where(and(eq(inboundUpdates.channelKey, `tg:${botId}`), eq(inboundUpdates.updateId, String(updateId))));
  const wait = row?.error ? row.nextAttemptAt.getTime() - t.clock.now().getTime() : 0;
  if (wait > 0) t.clock.advance(wait);
  return false;
}

const timed = async <T>(work: () => Promise<T>) => {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
};

describe('PostgreSQL stopped under a running desk', () => {
  it('a connection that dies inside an open transaction, or under a running statement, does not kill the process', async () => {
    const { db } = webhookWorld.t.database;
    // pg emits 'error' on a checked-out client whose socket dies; nothing but our listener would catch it.
    const between = db.transaction(async (tx) => {
      await tx.execute('select 1');
      await cluster.stop('fast');
      await new Promise((r) => setTimeout(r, 200)); // the socket's end reaches the idle, checked-out client
      await tx.execute('select 1');
    });
    await expect(between).rejects.toThrow();
    await cluster.start();

    const running = db.execute('select pg_sleep(10)');
    await new Promise((r) => setTimeout(r, 200));
    await cluster.stop('fast');
    await expect(running).rejects.toThrow();
    await cluster.start();

    // Still here, and the pool hands out fresh connections.
    await eventually(async () => (await db.execute('select 1')) && true, 10_000);
    expect((await webhookWorld.t.client().get('/ready')).status).toBe(200);
  });

  it('fails fast with 503 while it is down, and heals by itself: webhook retry, poller, outbox all resume', async () => {
    const t = webhookWorld.t;
    // Webhook company: a client wrote, an agent accepted; a reply is held back by Telegram's 429 for 3 s.
    const company = await companyWithBot(webhookWorld);
    const agent = await company.addAgent({ departmentId: company.department.id });
    const chatId = 810_001;
    await deliver(
      webhookWorld,
      company.bot,
      textUpdate({ updateId: fake.nextUpdateId(company.bot.token), chatId, text: 'Where is my parcel?' }),
    );
    const ticket = ((await agent.client.get('/tickets')).body as { ticketid: string }[])[0]!;
    expect((await agent.client.post('/acceptTicket', { ticketid: ticket.ticketid })).status).toBe(200);
    fake.failNext(company.bot.token, 'sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 3',
      retry_after: 3,
    });
    const sent = await agent.client.post('/send-message', {
      ticketid: ticket.ticketid,
      content: 'Queued before the outage',
      idempotencyKey: randomBytes(8).toString('hex'),
    });
    expect(sent.status).toBe(200);
    await eventually(async () => {
      const [row] = await t.database.db
        .select({ lastError: outbox.lastError })
        .from(outbox)
        .where(eq(outbox.messageId, sent.body.message.messageid));
      return row?.lastError;
    });
    // Polling company, its poller running.
    const polling = await companyWithBot(pollingWorld);
    await eventually(() => fake.activePolls(polling.bot.token) === 1);
    expect(await pollerLocks()).toBe(1);

    // --- PostgreSQL goes away (a restart: every session ends with 57P01, then connections are refused).
    await cluster.stop('fast');
    const downAt = performance.now();

    const api = await timed(() => agent.client.get('/tickets'));
    expect(api.value.status).toBe(503);
    expect(api.value.body.message).toMatch(/database is unavailable/i);
    expect(api.value.headers['retry-after']).toBe('5');

    const ready = await t.client().get('/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unready', checks: { database: 'failed' } });
    expect((await t.client().get('/health')).status).toBe(200);

    // Telegram's webhook: 503 with Retry-After; the Bot API delivers the update again until it is taken.
    const hook = fake.webhook(company.bot.token)!;
    const duringOutage = textUpdate({ updateId: fake.nextUpdateId(company.bot.token), chatId, text: 'Hello?' });
    const direct = await timed(() =>
      fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook.secret_token! },
        body: JSON.stringify(duringOutage),
      }),
    );
    expect(direct.value.status).toBe(503);
    expect(direct.value.headers.get('retry-after')).toBe('5');
    const queued = fake.queueWebhookUpdates(company.bot.token, [duringOutage], { retryMs: 100 })[0]!;
    await eventually(() => fake.webhookDeliveries(company.bot.token).attempts.some((a) => a.status === 503));

    // WhatsApp's webhook (signed, so it reaches the database) and the widget's API answer the same.
    const waBody = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000000', phone_number_id: '900100' },
                messages: [
                  { from: '15551230000', id: 'wamid.outage', timestamp: '1', type: 'text', text: { body: 'hi' } },
                ],
              },
            },
          ],
        },
      ],
    });
    const wa = await fetch(`${t.baseUrl}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', WHATSAPP_SECRET).update(waBody).digest('hex')}`,
      },
      body: waBody,
    });
    expect(wa.status).toBe(503);
    expect(wa.headers.get('retry-after')).toBe('5');
    const widget = await fetch(`${t.baseUrl}/api/widget/session`, {
      headers: { authorization: `Bearer ${randomBytes(24).toString('base64url')}` },
    });
    expect(widget.status).toBe(503);
    expect(widget.headers.get('retry-after')).toBe('5');

    // The polling bot's client writes meanwhile: Telegram keeps it until the poller confirms it.
    const polled = textUpdate({
      updateId: fake.nextUpdateId(polling.bot.token),
      chatId: 820_001,
      text: 'Written during the outage',
    });
    await fake.pushUpdate(polling.bot.token, polled);

    // The held reply comes due during the outage (3 s after its 429): the outbox's ticks fail meanwhile.
    const outageMs = 4_000 - (performance.now() - downAt);
    if (outageMs > 0) await new Promise((r) => setTimeout(r, outageMs));
    expect(await processed(pollingWorld.t, polling.bot.id, polled.update_id).catch(() => false)).toBe(false);

    // --- PostgreSQL returns.
    await cluster.start();
    const backAt = performance.now();
    await eventually(async () => (await agent.client.get('/tickets')).status === 200, 15_000);
    const apiBackMs = performance.now() - backAt;
    expect((await t.client().get('/ready')).status).toBe(200);

    await eventually(() => processedOrRetried(t, company.bot.id, queued.update_id), 15_000);
    const webhookBackMs = performance.now() - backAt;
    const reply = await fake.waitForCall(
      company.bot.token,
      'sendMessage',
      (c) => String(c.params.chat_id) === String(chatId) && c.params.text === 'Queued before the outage',
      15_000,
    );
    expect(reply).toBeTruthy();
    const outboxBackMs = performance.now() - backAt;
    await eventually(() => processedOrRetried(pollingWorld.t, polling.bot.id, polled.update_id), 20_000);
    const pollerBackMs = performance.now() - backAt;
    // The restart released the poller's leader lock with its connection: the poller took it again (else a second
    // process could start polling the same bot beside it).
    await eventually(async () => (await pollerLocks()) === 1, 5_000);

    // Nothing doubled: the reply went out once, the retried update is one message.
    await t.services.worker.idle();
    expect(
      fake.calls(company.bot.token, 'sendMessage').filter((c) => c.params.text === 'Queued before the outage'),
    ).toHaveLength(1);

    console.log(
      `[db-outage] fail-fast while down: API ${api.ms.toFixed(0)} ms, Telegram webhook ${direct.ms.toFixed(0)} ms; ` +
        `after PostgreSQL is back: first API 200 in ${apiBackMs.toFixed(0)} ms, webhook retry stored in ` +
        `${webhookBackMs.toFixed(0)} ms, held reply sent in ${outboxBackMs.toFixed(0)} ms, ` +
        `polled update stored in ${pollerBackMs.toFixed(0)} ms`,
    );
    expect(api.ms).toBeLessThan(1_000);
    expect(direct.ms).toBeLessThan(1_000);
  }, 60_000);

  it('a server that hangs (as behind a network partition) fails statements at the client-side limit, then heals', async () => {
    // The limits shortened (production: connect 5 s, statement 30 s, answer 35 s), on a pool of its own.
    const database = await openDatabase({
      databaseUrl: cluster.url.replace(/\/postgres$/, '/kc_webhook'),
      timeouts: { connectMs: 1_000, statementMs: 1_500, queryMs: 2_000 },
    });
    try {
      await database.db.execute('select 1'); // an idle connection in the pool, which the freeze leaves open
      cluster.freeze();
      const idle = await timed(() =>
        database.db.execute('select 1').then(
          () => undefined,
          (e: unknown) => e,
        ),
      );
      expect(isDatabaseUnavailable(idle.value)).toBe(true);
      expect(idle.ms).toBeLessThan(3_000);
      // A new connection: accepted by the kernel, never answered.
      const fresh = await timed(() =>
        database.db
          .transaction(async (tx) => void (await tx.execute('select 1')))
          .then(
            () => undefined,
            (e: unknown) => e,
          ),
      );
      expect(isDatabaseUnavailable(fresh.value)).toBe(true);
      expect(fresh.ms).toBeLessThan(3_000);
      expect(database.stats().waiting).toBe(0);
      cluster.thaw();
      const back = await timed(() => eventually(async () => (await database.db.execute('select 1')) && true, 10_000));
      console.log(
        `[db-outage] hung server: a pooled connection failed in ${idle.ms.toFixed(0)} ms (limit 2 s), a new one in ` +
          `${fresh.ms.toFixed(0)} ms (limit 1 s); after it resumed the pool answered in ${back.ms.toFixed(0)} ms`,
      );
    } finally {
      cluster.thaw();
      await database.close();
    }
  });

  // The wiring of main.ts in a real process: fail-fast answers (503, never 500) and readiness. (This load rarely
  // catches a connection between two statements of a transaction: the first test is the one that proves that.)
  it('the real server process, busy when PostgreSQL restarts, stays up; readiness goes 503 and back to 200', async () => {
    // Its log quiet: the outage's warnings are expected; a crash still prints Node's own stack trace.
    const server = await spawnServer({
      DATABASE_URL: await createDatabase('kc_process'),
      LOG_LEVEL: 'fatal',
    });
    const alive = () => {
      try {
        process.kill(server.pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    try {
      // Logins (a transaction, the failure limiter's writes), widget lookups and readiness probes, without pause.
      let busy = true;
      const statuses = new Map<number, number>();
      const load = Array.from({ length: 6 }, async (_, i) => {
        while (busy) {
          const response = await fetch(
            `${server.baseUrl}/api/${i % 3 === 0 ? 'auth/login' : i % 3 === 1 ? 'widget/session' : 'ready'}`,
            i % 3 === 0
              ? {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({ email: `nobody${i}@example.test`, password: 'wrong-password' }),
                }
              : { headers: { authorization: `Bearer ${randomBytes(24).toString('base64url')}` } },
          ).catch(() => undefined);
          if (response) statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      });
      await eventually(() => [...statuses.values()].reduce((a, b) => a + b, 0) >= 30);
      await cluster.stop('fast');
      const downAt = performance.now();
      await eventually(async () => (await fetch(`${server.baseUrl}/api/ready`)).status === 503);
      const readyDownMs = performance.now() - downAt;
      await new Promise((r) => setTimeout(r, 1_000)); // the load keeps hitting the stopped database
      await cluster.start();
      const backAt = performance.now();
      await eventually(async () => (await fetch(`${server.baseUrl}/api/ready`)).status === 200, 15_000);
      const readyBackMs = performance.now() - backAt;
      busy = false;
      await Promise.all(load);
      expect(alive()).toBe(true);
      expect(statuses.get(503)).toBeGreaterThan(0);
      expect(statuses.get(500) ?? 0).toBe(0);
      console.log(
        `[db-outage] real process under load: readiness 503 ${readyDownMs.toFixed(0)} ms after the stop, 200 ` +
          `${readyBackMs.toFixed(0)} ms after the start; answers: ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    } finally {
      await server.stop();
    }
  }, 60_000);
});
