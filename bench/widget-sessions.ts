/**
 * `npm run bench:widget-sessions`: 500 visitors of a WordPress site, each with a widget session and its live
 * connection open on one KreeChat server process (its own process, as in production), each sends a message; an
 * agent's (the admin's) socket waits for every newMessage. Reports the p50/p99 time from the visitor's POST to the
 * agent's socket, with the messages spread at a fixed rate (BENCH_RATE per second) and all at once, and beside it
 * the baseline measured in the same run: the same number of clients writing the same way through the Telegram
 * webhook. PGlite by default; PostgreSQL with BENCH_DATABASE_URL (or TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { WIDGET_SOCKET_PATH } from '@kreechat/contract';
import { freshPostgres, percentile, startBenchServer } from './support';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SITE = 'https://bench-site.example';
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Posts `count` messages at `rate` per second (Infinity: all at once); resolves with each one's latency. */
async function measure(
  count: number,
  rate: number,
  arrivals: Map<string, number>,
  post: (i: number, text: string) => Promise<void>,
) {
  const started = new Map<string, number>();
  const run = randomUUID().slice(0, 8);
  const posts: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    if (Number.isFinite(rate)) {
      const due = t0 + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const text = `m ${run} ${i}`;
    started.set(text, performance.now());
    posts.push(post(i, text));
  }
  await Promise.all(posts);
  const deadline = Date.now() + 30_000;
  while ([...started.keys()].some((text) => !arrivals.has(text))) {
    if (Date.now() > deadline) throw new Error('some messages never reached the agent');
    await new Promise((r) => setTimeout(r, 20));
  }
  return [...started].map(([text, at]) => arrivals.get(text)! - at).sort((a, b) => a - b);
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const db = databaseUrl ? await freshPostgres(databaseUrl, 'kc_bench_widget') : undefined;
  // Each visitor comes from an address of its own (behind one trusted proxy), as on a real site.
  const server = await startBenchServer({ databaseUrl: db?.url, env: { TRUST_PROXY: '1' } });
  const { base, cookie } = server;
  const sockets: Socket[] = [];
  try {
    const generated = await fetch(`${base}/api/generate-wp-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ tokenName: 'Bench site', siteUrl: SITE }),
    });
    if (generated.status !== 201) throw new Error(`token: ${await generated.text()}`);
    const tokenId = ((await generated.json()) as { token: string }).token.split('.')[0]!;

    const arrivals = new Map<string, number>();
    const agent = io(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie } });
    sockets.push(agent);
    agent.on('newMessage', ({ message }: { message: { content: string } }) => {
      arrivals.set(message.content, performance.now());
    });
    await new Promise<void>((resolve, reject) => {
      agent.once('connect', resolve);
      agent.once('connect_error', reject);
    });

    const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const call = (i: number, path: string, body: unknown, session?: string) =>
      fetch(`${base}/api/widget${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: SITE,
          'x-forwarded-for': addressOf(i),
          ...(session ? { authorization: `Bearer ${session}` } : {}),
        },
        body: JSON.stringify(body),
      });

    // The visitors: a session each, its live connection open, and a first message (which opens their ticket).
    const sessions: string[] = [];
    for (let i = 0; i < VISITORS; i++) {
      const created = await call(i, '/sessions', {
        tokenId,
        guest: { name: `Visitor ${i}`, email: `v${i}@example.test` },
      });
      if (created.status !== 201) throw new Error(`session ${i}: ${created.status} ${await created.text()}`);
      sessions.push(((await created.json()) as { session: string }).session);
    }
    await Promise.all(
      sessions.map(
        (session) =>
          new Promise<void>((resolve, reject) => {
            const socket = io(base, {
              path: WIDGET_SOCKET_PATH,
              transports: ['websocket'],
              auth: { session },
              extraHeaders: { origin: SITE },
              forceNew: true,
            });
            sockets.push(socket);
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          }),
      ),
    );
    const send = async (i: number, text: string) => {
      const sent = await call(i, '/messages', { text, clientMessageId: randomUUID() }, sessions[i]);
      if (sent.status !== 200) throw new Error(`send ${i}: ${sent.status} ${await sent.text()}`);
    };
    await Promise.all(sessions.map((_, i) => send(i, `hello ${i}`)));
    for (let i = 0; i < VISITORS; i++) await server.post(2_000_000 + i, `hello ${i}`);
    await new Promise((r) => setTimeout(r, 1000));

    const widgetPaced = await measure(VISITORS, RATE, arrivals, send);
    const telegramPaced = await measure(VISITORS, RATE, arrivals, (i, text) => server.post(2_000_000 + i, text));
    const widgetBurst = await measure(VISITORS, Infinity, arrivals, send);
    const telegramBurst = await measure(VISITORS, Infinity, arrivals, (i, text) => server.post(2_000_000 + i, text));

    const line = (label: string, widget: number[], telegram: number[]) =>
      `  ${label}: widget p50 ${ms(percentile(widget, 50))}, p99 ${ms(percentile(widget, 99))}` +
      `   |   Telegram webhook (baseline) p50 ${ms(percentile(telegram, 50))}, p99 ${ms(percentile(telegram, 99))}` +
      `   |   p99 ratio ${(percentile(widget, 99) / percentile(telegram, 99)).toFixed(2)}`;
    console.log(
      `\nWidget sessions (${db ? 'PostgreSQL' : 'PGlite'}): ${VISITORS} visitors with a live widget connection, ` +
        `one message each, POST → agent's socket newMessage`,
    );
    console.log(line(`${RATE} msg/s`, widgetPaced, telegramPaced));
    console.log(line('all at once', widgetBurst, telegramBurst));
  } finally {
    for (const socket of sockets) socket.close();
    await server.stop();
    await db?.drop();
  }
}

await main();
