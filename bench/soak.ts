/**
 * `npm run bench:soak` (not in CI): one KreeChat process (server/src/main.ts, as in production, on PostgreSQL from
 * TEST_DATABASE_URL or BENCH_DATABASE_URL, else PGlite) takes SOAK_MESSAGES (100,000) client messages through the
 * real Telegram webhook at an even rate over SOAK_MINUTES (20), from SOAK_CHATS (1,000) chats, while SOAK_SOCKETS
 * (2,000) agent sockets connect and disconnect over the same time (each stays 5–15 % of the run; their load runs in
 * a child process). An admin's socket times every message from webhook POST to its newMessage.
 * Read from the server's own /metrics (behind METRICS_TOKEN) at the start (after the warm-up, before the load),
 * the middle and the end (after the load, every socket gone): heap used, RSS, active handles, outbox backlog, and
 * event-loop lag; the p99 POST → socket over the first, middle and last tenth of the messages. The baseline is
 * the same run's start: each row's end/start ratio is the growth (flat is 1.00).
 * A short run: SOAK_MINUTES=3 SOAK_MESSAGES=15000 SOAK_SOCKETS=500 npm run bench:soak
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { freshPostgres, percentile, startBenchServer, watchArrivals } from './support';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 20);
const MESSAGES = Number(process.env.SOAK_MESSAGES ?? 100_000);
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 2_000);
const CHATS = Number(process.env.SOAK_CHATS ?? 1_000);
/** Agents the sockets belong to (their sessions are shared out among them). */
const AGENTS = Number(process.env.SOAK_AGENTS ?? 50);
/** Webhook POSTs in flight at most: a server that falls behind is seen as growing latency, not unbounded load. */
const MAX_IN_FLIGHT = 256;
const METRICS_TOKEN = 'soak-metrics-token-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------------
// The sockets' side, in a child process: connects each session at its planned time, keeps it for its lifetime.
if (process.argv[2] === 'sockets') {
  const [, , , base, tokensFile, durationMs] = process.argv;
  const tokens = fs.readFileSync(tokensFile!, 'utf8').split('\n').filter(Boolean);
  const duration = Number(durationMs);
  const open = new Set<Socket>();
  let connected = 0;
  let failed = 0;
  let received = 0;
  const started = Date.now();
  await Promise.all(
    tokens.map(async (token, i) => {
      await sleep((i * duration) / tokens.length - (Date.now() - started));
      const socket = io(base!, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie: `kc_session=${token}` },
        reconnection: false,
        forceNew: true,
      });
      socket.on('newMessage', () => void received++);
      const ok = await new Promise<boolean>((resolve) => {
        socket.once('connect', () => resolve(true));
        socket.once('connect_error', () => resolve(false));
      });
      if (!ok) {
        failed++;
        socket.close();
        return;
      }
      connected++;
      open.add(socket);
      await sleep(duration * (0.05 + Math.random() * 0.1));
      socket.close();
      open.delete(socket);
    }),
  );
  process.send!({ kind: 'done', connected, failed, received, open: open.size }, () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------------------------
type Snapshot = { heap: number; rss: number; handles: number; pending: number; lagP99: number; sockets: number };

async function snapshot(base: string): Promise<Snapshot> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  const sum = (name: string, labels = '') =>
    text
      .split('\n')
      .filter((l) =>
        labels ? l.startsWith(`${name}{${labels}`) : l.startsWith(`${name} `) || l.startsWith(`${name}{`),
      )
      .reduce((total, l) => total + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  return {
    heap: sum('nodejs_heap_size_used_bytes'),
    rss: sum('process_resident_memory_bytes'),
    handles: sum('nodejs_active_handles_total'),
    pending: sum('kreechat_outbox_pending'),
    lagP99: sum('nodejs_eventloop_lag_p99_seconds'),
    sockets: sum('kreechat_connected_sockets', 'kind="workspace"'),
  };
}

async function soak(databaseUrl: string | undefined) {
  const durationMs = MINUTES * 60_000;
  const tokensFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kc-soak-')), 'sessions.txt');
  const server = await startBenchServer({
    databaseUrl,
    env: { METRICS_TOKEN },
    seedEnv: { BENCH_AGENTS: String(AGENTS), BENCH_SOCKETS: String(SOCKETS), BENCH_SESSIONS_FILE: tokensFile },
  });
  const { base, cookie } = server;
  try {
    const { arrivals, until, close: closeProbe } = await watchArrivals(base, cookie);

    // Warm-up: every chat's first message opens its ticket; then the process settles.
    const warm = Array.from({ length: CHATS }, (_, c) => `warm-${c}`);
    for (let c = 0; c < CHATS; c += 64)
      await Promise.all(warm.slice(c, c + 64).map((text, j) => server.post(2_000_000 + c + j, text)));
    await until(warm, 120_000);
    arrivals.clear();
    await sleep(5_000);
    const start = await snapshot(base);
    const marks: { at: string; snap: Snapshot }[] = [{ at: 'start', snap: start }];

    const sockets = fork(import.meta.filename, ['sockets', base, tokensFile, String(durationMs)], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    const socketsDone = new Promise<{ connected: number; failed: number; received: number; open: number }>(
      (resolve, reject) => {
        sockets.once('message', (m: { connected: number; failed: number; received: number; open: number }) =>
          resolve(m),
        );
        sockets.once('exit', (code) => code !== 0 && reject(new Error(`the sockets' process exited with ${code}`)));
      },
    );

    // The messages, evenly spaced; the middle snapshot is taken when half have been sent.
    const sentAt = new Map<number, number>();
    const latency = new Map<number, number>();
    let inFlight = 0;
    let failures = 0;
    let maxSocketsSeen = 0;
    const t0 = performance.now();
    let middle: Promise<void> | undefined;
    // Every 10 s: the heap as sampled (a GC may or may not just have run; the lowest samples of a stretch are its
    // live set), printed every 30 s.
    const samples: { at: number; heap: number; rss: number }[] = [];
    const sampler = setInterval(() => {
      void snapshot(base).then((snap) => {
        const at = performance.now() - t0;
        samples.push({ at, heap: snap.heap, rss: snap.rss });
        maxSocketsSeen = Math.max(maxSocketsSeen, snap.sockets);
        if (samples.length % 3 === 0)
          console.log(
            `  ${(at / 60_000).toFixed(1)} min: heap ${(snap.heap / 2 ** 20).toFixed(0)} MB, ` +
              `RSS ${(snap.rss / 2 ** 20).toFixed(0)} MB, ${snap.sockets} sockets, outbox ${snap.pending}`,
          );
      });
    }, 10_000);
    for (let i = 0; i < MESSAGES; i++) {
      const due = t0 + (i * durationMs) / MESSAGES;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      while (inFlight >= MAX_IN_FLIGHT) await sleep(1);
      const text = `soak-${i}`;
      sentAt.set(i, performance.now());
      inFlight++;
      void server
        .post(2_000_000 + (i % CHATS), text)
        .catch(() => void failures++)
        .finally(() => void inFlight--);
      if (i === Math.floor(MESSAGES / 2)) {
        middle = snapshot(base).then((snap) => {
          marks.push({ at: 'middle', snap });
          maxSocketsSeen = Math.max(maxSocketsSeen, snap.sockets);
        });
      }
      // Arrivals are turned into latencies as they come, so the maps stay small over 100,000 messages.
      if (i % 1000 === 999) collect(sentAt, arrivals, latency);
    }
    await middle;
    clearInterval(sampler);
    while (inFlight > 0) await sleep(10);
    const texts = [...sentAt.keys()].map((i) => `soak-${i}`);
    await until(texts, 180_000).catch((error: unknown) => {
      throw new Error(`${String(error)} (${failures} webhook POSTs failed)`);
    });
    collect(sentAt, arrivals, latency);
    const load = await socketsDone;
    closeProbe();
    // Let the server notice every closed socket and settle before the last reading.
    await sleep(5_000);
    const end = await snapshot(base);
    marks.push({ at: 'end', snap: end });

    const window = (from: number, to: number) =>
      [...latency.entries()]
        .filter(([i]) => i >= from * MESSAGES && i < to * MESSAGES)
        .map(([, ms]) => ms)
        .sort((a, b) => a - b);
    const p99 = { start: window(0, 0.1), middle: window(0.45, 0.55), end: window(0.9, 1) };
    // The lowest heap sample of each third of the sending.
    const floor = (third: number) =>
      Math.min(
        ...samples
          .filter((x) => x.at >= (third * durationMs) / 3 && x.at < ((third + 1) * durationMs) / 3)
          .map((x) => x.heap),
      );
    const heapFloor = [floor(0), floor(1), floor(2)] as const;
    return { marks, p99, load, failures, maxSocketsSeen, heapFloor, elapsed: (performance.now() - t0) / 60_000 };
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(tokensFile), { recursive: true, force: true });
  }
}

/** Moves every message whose arrival was seen from `sentAt` to `latency` (ms). */
function collect(sentAt: Map<number, number>, arrivals: Map<string, number>, latency: Map<number, number>) {
  for (const [i, at] of sentAt) {
    const arrived = arrivals.get(`soak-${i}`);
    if (arrived === undefined) continue;
    latency.set(i, arrived - at);
    sentAt.delete(i);
    arrivals.delete(`soak-${i}`);
  }
}

async function main() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) console.warn('!!! no TEST_DATABASE_URL / BENCH_DATABASE_URL: the soak runs on PGlite');
  const fresh = pgUrl ? await freshPostgres(pgUrl, 'kc_soak') : undefined;
  let result;
  try {
    result = await soak(fresh?.url);
  } finally {
    await fresh?.drop();
  }
  const { marks, p99, load, failures, maxSocketsSeen, heapFloor, elapsed } = result;
  const at = (name: string) => marks.find((m) => m.at === name)!.snap;
  const [start, middle, end] = [at('start'), at('middle'), at('end')];
  console.log(
    `\nSoak — ${MESSAGES.toLocaleString('en')} Telegram webhook messages from ${CHATS.toLocaleString('en')} chats over ` +
      `${elapsed.toFixed(1)} min (${fresh ? 'PostgreSQL' : 'PGlite'}), ${SOCKETS.toLocaleString('en')} agent sockets ` +
      `connecting and disconnecting (${load.connected} connected, ${load.failed} refused, at most ${maxSocketsSeen} ` +
      `seen at once); webhook POSTs failed: ${failures}. Baseline: the same run's start`,
  );
  console.log('| measure | start | middle | end | end / start |');
  console.log('|---|---|---|---|---|');
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  const row = (name: string, a: number, b: number, c: number, show: (v: number) => string) =>
    console.log(`| ${name} | ${show(a)} | ${show(b)} | ${show(c)} | ${(c / a).toFixed(2)} |`);
  row('heap used', start.heap, middle.heap, end.heap, mb);
  row('RSS', start.rss, middle.rss, end.rss, mb);
  row('heap floor (lowest 10 s sample of the first / middle / last third)', ...heapFloor, mb);
  row(
    'p99 webhook POST → socket (first, middle, last tenth)',
    percentile(p99.start, 99),
    percentile(p99.middle, 99),
    percentile(p99.end, 99),
    (v) => `${v.toFixed(1)} ms`,
  );
  row(
    'p50 webhook POST → socket',
    percentile(p99.start, 50),
    percentile(p99.middle, 50),
    percentile(p99.end, 50),
    (v) => `${v.toFixed(1)} ms`,
  );
  row('event-loop lag p99', start.lagP99, middle.lagP99, end.lagP99, (v) => `${(v * 1000).toFixed(1)} ms`);
  row('active handles', start.handles, middle.handles, end.handles, String);
  console.log(`| outbox pending | ${start.pending} | ${middle.pending} | ${end.pending} | |`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
