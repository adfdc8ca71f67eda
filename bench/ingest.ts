/**
 * `npm run bench:ingest`: webhook ingest, Telegram and WhatsApp (`BENCH_CHANNEL=telegram|whatsapp|both`, default
 * both). Concurrent fake clients post to the channel's real webhook route of a KreeChat server running as its own
 * process (as in production); an admin's socket waits for each newMessage. Telegram posts one update per message;
 * WhatsApp posts Meta's signed batches of 1–10 messages (bench/ingest-whatsapp.ts), each message counted on its
 * own. Reports sustained messages/s and the p50/p99 time from webhook POST to the socket's newMessage at a fixed
 * 200 messages/s, on PGlite and on PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL), and beside them the
 * machine's raw limit measured in the same run: plain INSERTs of the same message rows, with pg (PostgreSQL) or the
 * PGlite client (PGlite).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startWhatsAppTarget } from './ingest-whatsapp';
import {
  cpuMillis,
  freshPostgres,
  percentile,
  startBenchServer,
  type IngestMessage,
  type IngestTarget,
  watchArrivals,
} from './support';

const CHATS = Number(process.env.BENCH_CHATS ?? 200);
const THROUGHPUT_UPDATES = Number(process.env.BENCH_UPDATES ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 10);
const SEED = Number(process.env.BENCH_SEED ?? 1);

type Channel = 'telegram' | 'whatsapp';
type Kind = 'pglite' | 'postgres';
type Result = {
  kind: Kind;
  throughput: number;
  /** Webhook POSTs of the sustained phase, and of the latency phase. */
  posts: number;
  ratePosts: number;
  /** CPU per message in the sustained phase, in ms: the server process's, and this load generator's. */
  serverCpu: number;
  loadCpu: number;
  p50: number;
  p99: number;
  sent: number;
  raw: number;
};

/** A bench server with a Telegram bot: one update per POST, client n being chat 1,000,000 + n. */
async function startTelegramTarget(options: { databaseUrl?: string; nodeArgs?: string[] }): Promise<IngestTarget> {
  const server = await startBenchServer(options);
  return {
    base: server.base,
    pid: server.pid,
    cookie: server.cookie,
    dataDir: server.dataDir,
    post: ([message, ...more]) => {
      if (!message || more.length) throw new Error('a Telegram update carries one message');
      return server.post(1_000_000 + message.client, message.text);
    },
    batchSize: () => 1,
    stop: () => server.stop(),
  };
}

/** The messages `first`…`first + size - 1`, named `prefix-i`, client i round-robin over the chats. */
const slice = (prefix: string, first: number, size: number): IngestMessage[] =>
  Array.from({ length: size }, (_, j) => ({ client: (first + j) % CHATS, text: `${prefix}-${first + j}` }));

async function benchKind(channel: Channel, kind: Kind, databaseUrl?: string): Promise<Result> {
  const profile = process.env.BENCH_PROFILE ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const options = { databaseUrl, nodeArgs: profile };
  const target =
    channel === 'whatsapp' ? await startWhatsAppTarget({ ...options, seed: SEED }) : await startTelegramTarget(options);
  const { base, cookie, post, dataDir } = target;

  const { arrivals, until, close: closeSocket } = await watchArrivals(base, cookie);

  // Warm-up: every client's first message (one per POST) opens its ticket.
  const warm = slice('warm', 0, CHATS);
  for (let i = 0; i < CHATS; i += CONCURRENCY) await Promise.all(warm.slice(i, i + CONCURRENCY).map((m) => post([m])));
  await until(
    warm.map((m) => m.text),
    60_000,
  );

  // Sustained throughput: CONCURRENCY posters, each POST taking the next batch of messages, round-robin over the
  // clients.
  let next = 0;
  let posts = 0;
  const serverCpuBefore = cpuMillis(target.pid);
  const loadCpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < THROUGHPUT_UPDATES) {
        const first = next;
        const size = Math.min(target.batchSize(), THROUGHPUT_UPDATES - first);
        next += size;
        posts++;
        await post(slice('t', first, size));
      }
    }),
  );
  await until(
    slice('t', 0, THROUGHPUT_UPDATES).map((m) => m.text),
    120_000,
  );
  const throughput = THROUGHPUT_UPDATES / ((performance.now() - started) / 1000);
  const serverCpu = (cpuMillis(target.pid) - serverCpuBefore) / THROUGHPUT_UPDATES;
  const loadCpuUsed = process.cpuUsage(loadCpuBefore);
  const loadCpu = (loadCpuUsed.user + loadCpuUsed.system) / 1000 / THROUGHPUT_UPDATES;

  // Latency at a fixed rate of messages: a POST goes when its first message is due; each of its messages is timed
  // from the POST to its newMessage on the agent's socket.
  const total = RATE * RATE_SECONDS;
  const sentAt = new Map<string, number>();
  const t0 = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total;) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const batch = slice('l', i, Math.min(target.batchSize(), total - i));
    const at = performance.now();
    for (const m of batch) sentAt.set(m.text, at);
    pending.push(post(batch));
    i += batch.length;
  }
  await Promise.all(pending);
  const latencyTexts = [...sentAt.keys()];
  await until(latencyTexts, 60_000);
  const latencies = latencyTexts.map((t) => arrivals.get(t)! - sentAt.get(t)!).sort((a, b) => a - b);

  closeSocket();
  await target.stop();

  // The raw limit on the same machine and database engine: plain INSERTs of the same message rows.
  const raw = await rawInserts(kind, databaseUrl, dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    kind,
    throughput,
    posts,
    ratePosts: pending.length,
    serverCpu,
    loadCpu,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    sent: total,
    raw,
  };
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

/** One run on a fresh database of its own: PGlite in the server's data directory, or a new PostgreSQL database. */
async function benchOn(channel: Channel, kind: Kind, pgUrl: string | undefined): Promise<Result> {
  if (kind === 'pglite') return benchKind(channel, 'pglite');
  const fresh = await freshPostgres(pgUrl!, 'kc_bench');
  try {
    return await benchKind(channel, 'postgres', fresh.url);
  } finally {
    await fresh.drop();
  }
}

function report(channel: Channel, results: Result[]) {
  console.log(
    channel === 'telegram'
      ? `\nTelegram webhook ingest — ${CHATS} chats, ${THROUGHPUT_UPDATES} updates (one message each) at concurrency ${CONCURRENCY}; latency at ${RATE}/s for ${RATE_SECONDS} s`
      : `\nWhatsApp webhook ingest — ${CHATS} clients, ${THROUGHPUT_UPDATES} messages in signed batches of 1–10 (seed ${SEED}) at concurrency ${CONCURRENCY}; latency at ${RATE} messages/s for ${RATE_SECONDS} s`,
  );
  console.log(
    '| database | sustained messages/s | raw INSERT rows/s (baseline) | ratio | p50 POST→newMessage | p99 POST→newMessage | POSTs (sustained / latency) | CPU per message, sustained: server / load generator |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.kind} | ${r.throughput.toFixed(0)} | ${r.raw.toFixed(0)} | ${(r.throughput / r.raw).toFixed(2)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.posts} / ${r.ratePosts} | ${r.serverCpu.toFixed(2)} / ${r.loadCpu.toFixed(2)} ms |`,
    );
  }
}

async function main() {
  const choice = process.env.BENCH_CHANNEL ?? 'both';
  if (!['telegram', 'whatsapp', 'both'].includes(choice))
    throw new Error(`BENCH_CHANNEL must be telegram, whatsapp or both, not ${choice}`);
  const channels: Channel[] = choice === 'both' ? ['telegram', 'whatsapp'] : [choice as Channel];
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) console.warn('!!! PostgreSQL skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL');
  const kinds: Kind[] = pgUrl ? ['pglite', 'postgres'] : ['pglite'];
  // The channels take turns on each database, so the two figures compared were measured minutes apart at most.
  const results = new Map<Channel, Result[]>(channels.map((channel) => [channel, []]));
  for (const kind of kinds)
    for (const channel of channels) results.get(channel)!.push(await benchOn(channel, kind, pgUrl));
  for (const [channel, rows] of results) report(channel, rows);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
