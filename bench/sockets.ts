/**
 * `npm run bench:sockets`: what connected agents cost on one process. BENCH_SOCKETS (10,000) sockets of
 * BENCH_AGENTS agents (as many as sockets) of one department connect to a KreeChat server on PostgreSQL
 * (TEST_DATABASE_URL or BENCH_DATABASE_URL); then BENCH_MESSAGES client messages arrive through the Telegram
 * webhook, one at a time, each fanned out as `newMessage` to every socket. Beside it, in the same run and with the
 * same load process, the floor: a bare Socket.IO server broadcasting the same number of messages of the same
 * size. Reports the time to connect every socket, the webhook-POST → newMessage delay over all sockets (p50,
 * p99), and the server's resident memory per idle socket.
 */
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshPostgres, percentile, residentBytes, startBenchServer } from './support';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? SOCKETS);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
/** How long the connected sockets sit idle before the memory is read. */
const IDLE_MS = 5_000;

const root = path.resolve(import.meta.dirname, '..');
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Run = { connectMs: number; p50: number; p99: number; bytesPerSocket: number };

/** Connects the load, measures memory, sends the messages one at a time and gathers every socket's delay. */
async function load(base: string, pid: number, tokensFile: string, trigger: (text: string) => Promise<void>) {
  await sleep(2_000);
  const before = residentBytes(pid);
  const clients = fork(path.join(root, 'bench/sockets-clients.ts'), [base, tokensFile], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const inbox: { kind: string; [k: string]: unknown }[] = [];
  clients.on('message', (message: { kind: string }) => inbox.push(message));
  const next = async (kind: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = inbox.findIndex((m) => m.kind === kind || m.kind === 'failed');
      if (index >= 0) {
        const [message] = inbox.splice(index, 1);
        if (message!.kind === 'failed') throw new Error(`the load failed: ${String(message!.error)}`);
        return message!;
      }
      if (Date.now() > deadline) throw new Error(`no ${kind} within ${timeoutMs} ms`);
      await sleep(5);
    }
  };
  const connected = await next('connected', 300_000);
  await sleep(IDLE_MS);
  const after = residentBytes(pid);

  const delays: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    await trigger(`bench ${i} ${now().toFixed(3)}`);
    delays.push(...((await next('delays', 120_000)).delays as number[]));
  }
  clients.send({ kind: 'close' });
  await new Promise((r) => clients.once('exit', r));
  delays.sort((a, b) => a - b);
  return {
    connectMs: connected.ms as number,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    bytesPerSocket: (after - before) / SOCKETS,
  };
}

async function floor(tokensFile: string): Promise<Run> {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/sockets-floor.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve) => server.stdout.once('data', (d: Buffer) => resolve(Number(d))));
  const base = `http://127.0.0.1:${port}`;
  try {
    return await load(base, server.pid!, tokensFile, async (text) => {
      // The shape and size of a KreeChat newMessage payload.
      const message = {
        messageid: '0b3e6c2e-5a57-4a53-9f61-7c1c0f7d3d11',
        ticketid: '6f1a3d9e-1e0c-4a9b-8f0e-2b7c4d5e6f70',
        content: text,
        type: 'text',
        is_agent: false,
        created_on: new Date().toISOString(),
        clientid: '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d',
        userid: null,
        seq: 1,
        delivery_status: 'received',
        failure_reason: null,
        file: null,
        reaction: null,
      };
      const reply = await fetch(`${base}/emit`, { method: 'POST', body: JSON.stringify({ message }) });
      if (!reply.ok) throw new Error(`emit answered ${reply.status}`);
    });
  } finally {
    server.kill('SIGTERM');
  }
}

async function kreechat(databaseUrl: string, tokensFile: string): Promise<Run> {
  const profile = process.env.BENCH_PROFILE ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const server = await startBenchServer({
    databaseUrl,
    nodeArgs: profile,
    seedEnv: { BENCH_AGENTS: String(AGENTS), BENCH_SOCKETS: String(SOCKETS), BENCH_SESSIONS_FILE: tokensFile },
  });
  try {
    // The client's first message opens the ticket; the measured ones then fan out as newMessage alone.
    await server.post(4242, 'warm-up');
    return await load(server.base, server.pid, tokensFile, (text) => server.post(4242, text));
  } finally {
    await server.stop();
  }
}

async function main() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) throw new Error('set TEST_DATABASE_URL or BENCH_DATABASE_URL (PostgreSQL)');
  const tokensFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kc-sockets-')), 'sessions.txt');
  const fresh = await freshPostgres(pgUrl, 'kc_sockets');
  let subject: Run;
  try {
    subject = await kreechat(fresh.url, tokensFile);
  } finally {
    await fresh.drop();
  }
  const bare = await floor(tokensFile);
  fs.rmSync(path.dirname(tokensFile), { recursive: true, force: true });

  console.log(
    `\nSockets on one process — ${SOCKETS.toLocaleString('en')} sockets of ${AGENTS.toLocaleString('en')} agents, ` +
      `${MESSAGES} messages fanned out to all (PostgreSQL; floor: bare Socket.IO, same load process)`,
  );
  console.log('| measure | bare Socket.IO (floor) | KreeChat | ratio |');
  console.log('|---|---|---|---|');
  const row = (name: string, floorValue: number, value: number, unit: string, digits = 1) =>
    console.log(
      `| ${name} | ${floorValue.toFixed(digits)} ${unit} | ${value.toFixed(digits)} ${unit} | ${(value / floorValue).toFixed(2)} |`,
    );
  row(`connect ${SOCKETS.toLocaleString('en')}`, bare.connectMs / 1000, subject.connectMs / 1000, 's', 2);
  row('fan-out p50', bare.p50, subject.p50, 'ms');
  row('fan-out p99', bare.p99, subject.p99, 'ms');
  row('memory per idle socket', bare.bytesPerSocket / 1024, subject.bytesPerSocket / 1024, 'KB');
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
