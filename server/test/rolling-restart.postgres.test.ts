/**
 * A rolling restart: two real server processes behind one address (a TCP proxy that sends each new
 * connection to whichever of them takes it, as a load balancer does), one PostgreSQL database and a throwaway
 * Redis for the Socket.IO adapter. A Telegram bot's updates arrive continuously through that address — the fake
 * Bot API resends whatever was not answered 2xx — while an agent's browser is connected. Process A is stopped
 * (SIGTERM) and started again, then process B. Nothing is lost or doubled: every update is stored exactly once.
 * The browser reconnects by itself and, as the web does on every connection (onEveryConnect), reads the tickets and
 * their chats again: every message stored ends up known to it, live or through that refetch, with no read at the
 * end. Stop times under load and the socket's reconnection times are logged for BENCHMARKS.md.
 *
 * PostgreSQL project only.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi } from './fakes/telegram/fake-bot-api';
import { textUpdate } from './fakes/telegram/updates';
import { startFailoverProxy, type FailoverProxy } from './failover-proxy';
import { eventually, freePort, type TestApp } from './harness';
import { connectAsBrowser } from './live';
import { startRedis, type RedisProcess } from './redis-process';
import { spawnServer, type ServerProcess } from './server-process';
import { loginOver, seedWebhookDeployment } from './webhook-deployment';

const CHATS = 5;
/** Updates queued per tick, and the tick (ms): ~20 updates a second for the whole run. */
const PER_TICK = 2;
const TICK_MS = 100;
const STOP_LIMIT_MS = 10_000;

type Message = { messageid: string; content: string; isagent: boolean };

let fake: FakeBotApi | undefined;
let redis: RedisProcess | undefined;
let proxy: FailoverProxy | undefined;
let seeder: TestApp | undefined;
let pool: pg.Pool | undefined;
const servers: (ServerProcess | undefined)[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s?.kill()));
  await proxy?.close();
  await pool?.end();
  await seeder?.close();
  await redis?.close();
  await fake?.close();
});

describe('rolling restart', () => {
  it('two processes behind one address, restarted one after the other under load: no update lost or doubled, the browser refetches', async () => {
    fake = await startFakeBotApi();
    redis = await startRedis();
    const ports = [await freePort(), await freePort()];
    proxy = await startFailoverProxy(ports);
    const address = proxy.url;
    const deployment = await seedWebhookDeployment(address, fake);
    seeder = deployment.seeder;
    const { company, bot, databaseUrl } = deployment;
    const agent = await company.addAgent();
    const watcher = await company.addAgent({ firstName: 'Wendy' });
    const leaver = await company.addAgent({ firstName: 'Leo' });
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const env = { ...deployment.env, REDIS_URL: redis.url };
    const start = (i: number) => spawnServer(env, { port: ports[i]! });
    // The browser connects while only process A is up, so each restart moves it: A's to B, B's back to A.
    servers[0] = await start(0);

    const login = (email: string) => loginOver(address, email);
    const cookie = await login(agent.email);
    const get = async (path: string) => {
      const reply = await fetch(`${address}/api${path}`, { headers: { cookie: `kc_session=${cookie}` } });
      if (reply.status !== 200) throw new Error(`${path}: ${reply.status}`);
      return reply.json() as Promise<any>;
    };

    // What the browser knows: the client messages it heard live (a new ticket's first message comes as the ticket,
    // whose chat the browser reads when it shows it), and those it read at each (re)connection — the open tickets
    // and, per ticket, the newest page of its chat and older pages until one it already knew.
    const known = new Set<string>();
    const learn = (message: Message) => {
      if (!message.isagent && message.content.startsWith('u')) known.add(message.messageid);
    };
    const readChat = async (ticketid: string) => {
      let index = 0;
      for (;;) {
        const page: { sections: { messages: Message[] }[]; nextCursor: number | null } = await get(
          `/${ticketid}/${index}/chat?tz=UTC`,
        );
        const messages = page.sections.flatMap((s) => s.messages);
        const sawKnown = messages.some((m) => known.has(m.messageid));
        messages.forEach(learn);
        if (sawKnown || page.nextCursor === null) return;
        index = page.nextCursor;
      }
    };
    let refetches = 0;
    const refetch = async () => {
      const tickets: { ticketid: string }[] = await get('/tickets');
      for (const { ticketid } of tickets) await readChat(ticketid);
      refetches++;
    };
    /** The browser's reads, one after another; one that fails (its process is stopping) is tried again. */
    let reading = Promise.resolve();
    const read = (work: () => Promise<void>) => {
      reading = reading.then(() => eventually(() => work().then(() => true), 15_000).then(() => undefined));
    };
    const browser = connectAsBrowser(address, cookie, () => read(refetch));
    browser.socket.on('newMessage', (payload: { message: Message }) => learn(payload.message));
    browser.socket.on('newTicket', (payload: { ticket: { ticketid: string } }) =>
      read(() => readChat(payload.ticket.ticketid)),
    );
    await browser.connected(1);
    // A colleague watches presence; another closes their browser while their process stops, and never comes back.
    const watching = connectAsBrowser(address, await login(watcher.email));
    const leaving = connectAsBrowser(address, await login(leaver.email));
    await watching.connected(1);
    await leaving.connected(1);
    leaving.socket.on('disconnect', () => leaving.close());
    servers[1] = await start(1);

    // The channel sends continuously: PER_TICK updates every TICK_MS, the chats taking turns.
    const ids: number[] = [];
    let tick = 0;
    const sender = setInterval(() => {
      const batch = Array.from({ length: PER_TICK }, () => {
        const updateId = fake!.nextUpdateId(bot.token);
        ids.push(updateId);
        return textUpdate({ updateId, chatId: 7_400_000 + (tick++ % CHATS), text: `u${updateId}` });
      });
      fake!.queueWebhookUpdates(bot.token, batch, { retryMs: 100 });
    }, TICK_MS);

    const stops: { ms: number; code: number | string }[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const i of [0, 1]) {
        const stopAt = Date.now();
        const code = await servers[i]!.stop();
        stops.push({ ms: Date.now() - stopAt, code });
        servers[i] = undefined;
        servers[i] = await start(i);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    } finally {
      clearInterval(sender);
    }

    // Both processes stopped cleanly, within the limit.
    expect(stops.map((s) => s.code)).toEqual([0, 0]);
    expect(stops.every((s) => s.ms < STOP_LIMIT_MS)).toBe(true);

    // Everything the channel sent was acknowledged in the end, and stored exactly once.
    await eventually(() => fake!.webhookDeliveries(bot.token).waiting === 0, 30_000);
    const rows = await pool.query<{ id: string; content: string }>(
      `select id, content from messages where company_id = $1 and not is_agent and content like 'u%'`,
      [company.company.id],
    );
    const copies = new Map<number, number>();
    for (const row of rows.rows)
      copies.set(Number(row.content.slice(1)), (copies.get(Number(row.content.slice(1))) ?? 0) + 1);
    expect(ids.filter((id) => copies.get(id) !== 1)).toEqual([]);
    expect(copies.size).toBe(ids.length);

    // The browser reconnected by itself each time its process stopped, and knows every message without a read
    // at the end: heard live, or read at a reconnection.
    expect(browser.disconnects).toHaveLength(2);
    expect(browser.disconnects.every((d) => d.reason === 'transport close' && d.reconnects)).toBe(true);
    await browser.connected(3, 15_000);
    await eventually(async () => (await reading, rows.rows.every((r) => known.has(r.id))), 5_000).catch(() => false);
    expect(rows.rows.filter((r) => !known.has(r.id)).map((r) => r.content)).toEqual([]);

    // Presence through the restarts: the agent whose browser came back never flipped offline for the colleague;
    // the one who left is announced offline once the stopped process's share lapses (the grace, then a reap).
    const leftAt = leaving.disconnects[0]!.at;
    await eventually(() => watching.presence(leaver.user.id).at(-1) === 'offline', 20_000);
    const offlineMs = Date.now() - leftAt;
    expect(watching.presence(agent.user.id)).not.toContain('offline');
    watching.close();

    const reconnects = browser.disconnects.map((d, i) => browser.connects[i + 1]!.at - d.at);
    const recovered = browser.connects.slice(1).filter((c) => c.recovered).length;
    const attempts = fake.webhookDeliveries(bot.token).attempts;
    const moves = browser.disconnects.length;
    browser.close();
    console.info(
      `[rolling-restart] ${ids.length} updates over the run (${(1_000 / TICK_MS) * PER_TICK}/s), ` +
        `${attempts.length - ids.length} resent, all stored once; stop under load A ${stops[0]!.ms} ms, ` +
        `B ${stops[1]!.ms} ms (exit 0); the browser's socket moved ${moves} times, ` +
        `reconnected in ${reconnects.join(', ')} ms (${recovered} recovered by the adapter), ${refetches} refetches; ` +
        `no presence flip for it; a colleague who left during the stop announced offline after ${offlineMs} ms`,
    );
  }, 120_000);
});
