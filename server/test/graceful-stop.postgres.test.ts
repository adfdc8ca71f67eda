/**
 * Graceful stop: the real server, in a child process, gets SIGTERM while a Telegram bot's updates arrive
 * in bulk, slow webhook requests are half sent, an agent's reply is being sent to Telegram and an agent's browser
 * is connected. It must stop taking new connections at once, finish what is in flight (the half-sent requests are
 * answered 2xx, the send completes and is recorded as sent), tell the browser to reconnect (which it does by
 * itself once the server is back), and exit with 0 within 10 s. What was acknowledged is stored once; what was
 * refused meanwhile is sent again by the channel and stored once after the restart.
 *
 * PostgreSQL project only (the spawned server and the in-process seeder share one database).
 */
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi } from './fakes/telegram/fake-bot-api';
import { textUpdate } from './fakes/telegram/updates';
import { eventually, freePort } from './harness';
import { connectAsBrowser } from './live';
import { spawnServer, type ServerProcess } from './server-process';
import { loginOver, seedWebhookDeployment } from './webhook-deployment';

const CHATS = 10;
const PER_CHAT = 30;
const SLOW_REQUESTS = 5;
/** The stop must end within this (Docker's default before SIGKILL). */
const STOP_LIMIT_MS = 10_000;
/** How long Telegram takes to answer the send in flight at the stop. */
const SEND_LATENCY_MS = 2_500;

/** A webhook request whose body arrives in two halves, the second when the test says so (a slow network). */
function slowWebhook(url: string, secret: string, update: object) {
  const body = Buffer.from(JSON.stringify(update));
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': body.length,
      'x-telegram-bot-api-secret-token': secret,
    },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return {
    answered,
    finish: () => request.end(body.subarray(half)),
  };
}

/** A client's message saying its own update id (`u<id>`), so the stored copies can be counted per update. */
function numbered(fake: FakeBotApi, token: string, chatId: number) {
  const updateId = fake.nextUpdateId(token);
  return textUpdate({ updateId, chatId, text: `u${updateId}` });
}

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

function api(baseUrl: string, cookie: string) {
  return async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const reply = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { cookie: `kc_session=${cookie}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: reply.status, body: (await reply.json()) as any };
  };
}

let fake: FakeBotApi | undefined;
let server: ServerProcess | undefined;
let pool: pg.Pool | undefined;
let closeSeeder: (() => Promise<void>) | undefined;
afterAll(async () => {
  await server?.kill();
  await pool?.end();
  await closeSeeder?.();
  await fake?.close();
});

describe('graceful stop', () => {
  it('SIGTERM under load: no new connection, in-flight requests and sends finish, sockets reconnect, exit 0 in < 10 s', async () => {
    fake = await startFakeBotApi();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const { seeder, company, bot, databaseUrl, env } = await seedWebhookDeployment(baseUrl, fake);
    closeSeeder = () => seeder.close();
    const agent = await company.addAgent();
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    server = await spawnServer(env, { port });

    const cookie = await loginOver(baseUrl, agent.email);
    const call = api(baseUrl, cookie);
    const browser = connectAsBrowser(baseUrl, cookie);
    await browser.connected(1);

    // A client writes; the agent accepts the ticket.
    const chatId = 7_300_000;
    fake.queueWebhookUpdates(bot.token, [textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text: 'hi' })]);
    const ticketid = await eventually(async () => (await call('GET', '/tickets')).body[0]?.ticketid as string);
    expect((await call('POST', '/acceptTicket', { ticketid })).status).toBe(200);

    // Updates arrive in bulk from many chats, and a few webhook requests are half sent.
    const updates = [];
    for (let n = 0; n < PER_CHAT; n++)
      for (let c = 0; c < CHATS; c++) updates.push(numbered(fake, bot.token, 7_310_000 + c));
    fake.queueWebhookUpdates(bot.token, updates, { retryMs: 50 });
    const hook = fake.webhook(bot.token)!;
    const slow = Array.from({ length: SLOW_REQUESTS }, (_, i) => {
      const update = numbered(fake!, bot.token, 7_320_000 + i);
      return { update, request: slowWebhook(hook.url, hook.secret_token!, update) };
    });
    const ids = [...updates, ...slow.map((s) => s.update)].map((u) => u.update_id);
    const numberedIds = new Set(ids);
    await eventually(() => fake!.webhookDeliveries(bot.token).acknowledged.length >= updates.length * 0.2, 20_000);
    // The agent replies, and Telegram is slow to answer: the send is in flight.
    fake.setLatency(SEND_LATENCY_MS);
    expect((await call('POST', '/send-message', { ticketid, content: 'reply in flight' })).status).toBe(200);
    await eventually(() => fake!.inFlight().some((c) => c.method === 'sendmessage'), 10_000);

    const stopAt = Date.now();
    const stopped = server.stop();
    // New connections are refused while the requests in flight are still being answered.
    await eventually(() => refused(port), 3_000);
    const refusedAfterMs = Date.now() - stopAt;
    for (const { request } of slow) request.finish();
    expect(await Promise.all(slow.map((s) => s.request.answered))).toEqual(slow.map(() => 200));
    expect(await stopped).toBe(0);
    const stopMs = Date.now() - stopAt;
    server = undefined;
    expect(stopMs).toBeLessThan(STOP_LIMIT_MS);
    fake.setLatency(0);

    // The send in flight finished before the exit and was recorded as sent; nothing was sent twice.
    const sent = await pool.query<{ delivery_status: string }>(
      `select delivery_status from messages where ticket_id = $1 and is_agent and content = 'reply in flight'`,
      [ticketid],
    );
    expect(sent.rows.map((r) => r.delivery_status)).toEqual(['sent']);
    expect(fake.calls(bot.token, 'sendMessage').filter((c) => c.params.text === 'reply in flight')).toHaveLength(1);

    // Every update answered 2xx before the exit — the half-sent ones too — is stored, once.
    const stored = async () => {
      const rows = await pool!.query<{ content: string; copies: number }>(
        `select content, count(*)::int as copies from messages
          where company_id = $1 and not is_agent and content like 'u%' group by content`,
        [company.company.id],
      );
      return new Map(rows.rows.map((r) => [Number(r.content.slice(1)), r.copies]));
    };
    const acknowledged = [...fake.webhookDeliveries(bot.token).acknowledged, ...slow.map((s) => s.update.update_id)];
    const atExit = await stored();
    expect(acknowledged.filter((id) => numberedIds.has(id) && atExit.get(id) !== 1)).toEqual([]);
    const waitingAtExit = fake.webhookDeliveries(bot.token).waiting;

    // The browser was told to reconnect (its transport closed, not a server-side disconnect), and it does so by
    // itself once a server answers on the address again; the channel sends again what was refused meanwhile.
    expect(browser.disconnects[0]).toMatchObject({ reason: 'transport close', reconnects: true });
    const restartAt = Date.now();
    server = await spawnServer(env, { port });
    const healthyAt = Date.now();
    await browser.connected(2, 15_000);
    const reconnectMs = browser.connects[1]!.at - healthyAt;
    await eventually(() => fake!.webhookDeliveries(bot.token).waiting === 0, 20_000);
    const all = await stored();
    expect(ids.filter((id) => all.get(id) !== 1)).toEqual([]);
    expect([...all.values()].every((n) => n === 1)).toBe(true);
    browser.close();

    console.info(
      `[graceful-stop] SIGTERM with ${SLOW_REQUESTS} half-sent webhooks, a send in flight (Telegram answering in ` +
        `${SEND_LATENCY_MS} ms), the bulk of ${updates.length} updates arriving and a socket open: new connections refused after ` +
        `${refusedAfterMs} ms, exit 0 after ${stopMs} ms; ${waitingAtExit} updates not yet acknowledged at the ` +
        `exit, all stored once after the restart (healthy ${healthyAt - restartAt} ms after spawn); the socket ` +
        `reconnected ${reconnectMs} ms after the server was healthy`,
    );
  }, 90_000);

  it('a stop that cannot finish (a request never completes) is cut off at the deadline: exit 1 within 10 s', async () => {
    const stuck = await spawnServer({});
    const { port } = new URL(stuck.baseUrl);
    // A request whose body never finishes arriving: the graceful stop would wait for it for ever.
    const request = http.request(`${stuck.baseUrl}/api/auth/login`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': 1_000 },
    });
    request.on('error', () => undefined);
    request.write('{"email":');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopAt = Date.now();
    const code = await stuck.stop();
    const stopMs = Date.now() - stopAt;
    expect(await refused(Number(port))).toBe(true);
    expect(code).toBe(1);
    expect(stopMs).toBeGreaterThanOrEqual(8_000);
    expect(stopMs).toBeLessThan(STOP_LIMIT_MS);
    request.destroy();
    console.info(`[graceful-stop] a stop held up by a request that never completes: exit 1 after ${stopMs} ms`);
  }, 30_000);
});
