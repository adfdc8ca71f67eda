/**
 * `npm run bench:ingest`: Telegram webhook ingest. Concurrent fake clients post updates to the real webhook
 * route of a KreeChat server running as its own process (as in production); an admin's socket waits for each
 * newMessage. Reports sustained updates/s and
 * the p50/p99 time from webhook POST to the socket's newMessage at a fixed 200 updates/s, on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL), and beside them the machine's raw limit measured in the
 * same run: plain INSERTs of the same message rows, with pg (PostgreSQL) or the PGlite client (PGlite).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { io } from 'socket.io-client';
import { freshPostgres, percentile, startBenchServer } from './support';

const CHATS = Number(process.env.BENCH_CHATS ?? 200);
const THROUGHPUT_UPDATES = Number(process.env.BENCH_UPDATES ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 10);

type Result = { kind: string; throughput: number; p50: number; p99: number; sent: number; raw: number };

async function benchKind(kind: 'pglite' | 'postgres', databaseUrl?: string): Promise<Result> {
  const profile = process.env.BENCH_PROFILE ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const server = await startBenchServer({ databaseUrl, nodeArgs: profile });
  const { base, cookie, post, dataDir } = server;

  const arrivals = new Map<string, number>();
  let waiters: { text: string; resolve: () => void }[] = [];
  const socket = io(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.on('newMessage', ({ message }: { message: { content: string } }) => {
    arrivals.set(message.content, performance.now());
    waiters = waiters.filter((w) => (w.text === message.content ? (w.resolve(), false) : true));
  });
  socket.on('newTicket', ({ ticket }: { ticket: { last_message: string | null } }) => {
    if (ticket.last_message) arrivals.set(ticket.last_message, performance.now());
  });

  const until = async (texts: string[], timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (texts.some((t) => !arrivals.has(t))) {
      if (Date.now() > deadline)
        throw new Error(`${texts.filter((t) => !arrivals.has(t)).length} updates never reached the socket`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  // Warm-up: every chat's first message opens its ticket.
  const warm = Array.from({ length: CHATS }, (_, i) => `warm-${i}`);
  for (let i = 0; i < CHATS; i += CONCURRENCY)
    await Promise.all(warm.slice(i, i + CONCURRENCY).map((t, j) => post(1_000_000 + i + j, t)));
  await until(warm, 60_000);

  // Sustained throughput: CONCURRENCY posters, round-robin over the chats.
  const texts = Array.from({ length: THROUGHPUT_UPDATES }, (_, i) => `t-${i}`);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < texts.length) {
        const i = next++;
        await post(1_000_000 + (i % CHATS), texts[i]!);
      }
    }),
  );
  await until(texts, 120_000);
  const throughput = THROUGHPUT_UPDATES / ((performance.now() - started) / 1000);

  // Latency at a fixed rate: POST → newMessage on the agent's socket.
  const total = RATE * RATE_SECONDS;
  const sentAt = new Map<string, number>();
  const latencyTexts: string[] = [];
  const t0 = performance.now();
  const posts: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const text = `l-${i}`;
    latencyTexts.push(text);
    sentAt.set(text, performance.now());
    posts.push(post(1_000_000 + (i % CHATS), text));
  }
  await Promise.all(posts);
  await until(latencyTexts, 60_000);
  const latencies = latencyTexts.map((t) => arrivals.get(t)! - sentAt.get(t)!).sort((a, b) => a - b);

  socket.close();
  await server.stop();

  // The raw limit on the same machine and database engine: plain INSERTs of the same message rows.
  const raw = await rawInserts(kind, databaseUrl, dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { kind, throughput, p50: percentile(latencies, 50), p99: percentile(latencies, 99), sent: total, raw };
}

/** Rows/s of plain parameterised INSERTs into a table shaped like `messages`, with the engine's own client. */
async function rawInserts(
  kind: 'pglite' | 'postgres',
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<number> {
  const ddl = `create table raw_messages (id uuid primary key, seq bigserial, company_id uuid not null, ticket_id uuid not null,
    client_id uuid, type text not null, content text not null, is_agent boolean not null, external_id text,
    delivery_status text not null, created_at timestamptz not null default now());
    create index on raw_messages (ticket_id, seq)`;
  const insert = `insert into raw_messages (id, company_id, ticket_id, client_id, type, content, is_agent, external_id, delivery_status)
    values ($1, $2, $3, $4, 'text', $5, false, $6, 'received')`;
  const rows = THROUGHPUT_UPDATES;
  const company = randomUUID();
  const tickets = Array.from({ length: CHATS }, () => randomUUID());
  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // pool.end() resolves before its connections are closed, and the database is dropped WITH (FORCE) right
    // after: the termination notice of a connection still closing is no failure of the run.
    pool.on('error', () => undefined);
    await pool.query('drop table if exists raw_messages');
    for (const statement of ddl.split(';')) await pool.query(statement);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < rows) {
          const i = next++;
          await pool.query(insert, [randomUUID(), company, tickets[i % CHATS], company, `raw-${i}`, `${i}:${i}`]);
        }
      }),
    );
    const perSecond = rows / ((performance.now() - started) / 1000);
    await pool.end();
    return perSecond;
  }
  const db = new PGlite(path.join(dataDir, 'raw'));
  await db.exec(ddl);
  const started = performance.now();
  for (let i = 0; i < rows; i++)
    await db.query(insert, [randomUUID(), company, tickets[i % CHATS], company, `raw-${i}`, `${i}:${i}`]);
  const perSecond = rows / ((performance.now() - started) / 1000);
  await db.close();
  return perSecond;
}

async function main() {
  const results: Result[] = [];
  results.push(await benchKind('pglite'));
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const fresh = await freshPostgres(pgUrl, 'kc_bench');
    try {
      results.push(await benchKind('postgres', fresh.url));
    } finally {
      await fresh.drop();
    }
  } else {
    console.warn('!!! PostgreSQL skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL');
  }
  console.log(
    `\nTelegram webhook ingest — ${CHATS} chats, ${THROUGHPUT_UPDATES} updates at concurrency ${CONCURRENCY}; latency at ${RATE}/s for ${RATE_SECONDS} s`,
  );
  console.log(
    '| database | sustained updates/s | raw INSERT rows/s (baseline) | ratio | p50 POST→newMessage | p99 POST→newMessage |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.kind} | ${r.throughput.toFixed(0)} | ${r.raw.toFixed(0)} | ${(r.throughput / r.raw).toFixed(2)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms |`,
    );
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
