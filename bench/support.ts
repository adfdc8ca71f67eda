import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { io } from 'socket.io-client';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { startFakeBotApi } from '../server/test/fakes/telegram/fake-bot-api';
import { freePort } from '../server/test/net';
import { spawnServer } from '../server/test/server-process';

/** The value at percentile `p` (0–100) of an ascending list. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export { freshPostgres } from '../server/test/test-db';

/** The benchmark company's admin, seeded by bench/seed.ts. */
export const BENCH_ADMIN = { email: 'bench-admin@example.test', password: 'Bench-Pass1!' };

const root = path.resolve(import.meta.dirname, '..');

/**
 * A KreeChat server as its own process (as in production), on a fresh data directory and the given database,
 * seeded by bench/seed.ts first (`seedEnv` tells it what more to seed), with a Telegram bot connected to a fake
 * Bot API through the admin's session. `post(chatId, text)` delivers a client's message through the real webhook.
 * `env` adds to the server's environment (another channel's settings); `PUBLIC_URL` is the server's own base.
 */
export async function startBenchServer(options: {
  databaseUrl?: string;
  seedEnv?: Record<string, string>;
  nodeArgs?: string[];
  env?: Record<string, string>;
}) {
  const fake = await startFakeBotApi();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    TELEGRAM_API_ROOT: fake.apiRoot,
    PUBLIC_URL: base,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...options.env,
  };
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/seed.ts')], {
    env: { ...env, ...options.seedEnv },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seeding failed');
  const server = await spawnServer(env, { port, nodeArgs: options.nodeArgs });

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const bot = fake.addBot();
  const setup = await fetch(`${base}/api/setup-telegram`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ bot_id: bot.token }),
  });
  if (!setup.ok) throw new Error(`setup-telegram: ${await setup.text()}`);
  const hook = fake.webhook(bot.token)!;
  const hookPath = new URL(hook.url).pathname;

  let updateId = 1;
  return {
    base,
    dataDir,
    /** The admin's session cookie. */
    cookie,
    pid: server.pid,
    post: (chatId: number, text: string) =>
      fetch(`${base}${hookPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook.secret_token! },
        body: JSON.stringify({
          update_id: updateId++,
          message: {
            message_id: updateId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: chatId, type: 'private', first_name: `C${chatId}` },
            from: { id: chatId, is_bot: false, first_name: `C${chatId}` },
            text,
          },
        }),
      }).then((r) => {
        if (r.status !== 200) throw new Error(`webhook answered ${r.status}`);
      }),
    async stop() {
      await server.stop();
      await fake.close();
    },
  };
}

/** A process's resident memory now, in bytes (Linux). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

/** CPU time a process has used so far (user + system, all its threads), in milliseconds (Linux). */
export function cpuMillis(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
/** USER_HZ, 100 on every Linux this runs on (`getconf CLK_TCK`). */
const CLOCK_TICKS = 100;

/** A client's message as the ingest benchmark sends it: clients are numbered 0…n-1, each channel maps them to its ids. */
export type IngestMessage = { client: number; text: string };

/** What `npm run bench:ingest` drives: a bench server taking clients' messages through one channel's webhook. */
export type IngestTarget = {
  base: string;
  /** The server's process id. */
  pid: number;
  /** The admin's session cookie (the socket that waits for each message). */
  cookie: string;
  dataDir: string;
  /** One webhook POST carrying these messages; resolves once the server answered it 200. */
  post(messages: IngestMessage[]): Promise<void>;
  /** How many messages the next POST carries (Telegram: always 1). */
  batchSize(): number;
  stop(): Promise<void>;
};

/** Debian's Chromium as every browser benchmark launches it (the flags this machine needs). */
export function launchBenchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * An agent's live socket that notes when each message text arrives (as a new message, or as a new ticket's last
 * message): the benches' webhook → socket latency. `until` waits for texts to arrive, or throws after `timeoutMs`.
 */
export async function watchArrivals(base: string, cookie: string) {
  const arrivals = new Map<string, number>();
  const socket = io(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.on('newMessage', ({ message }: { message: { content: string } }) => {
    arrivals.set(message.content, performance.now());
  });
  socket.on('newTicket', ({ ticket }: { ticket: { last_message: string | null } }) => {
    if (ticket.last_message) arrivals.set(ticket.last_message, performance.now());
  });
  const until = async (texts: string[], timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (texts.some((t) => !arrivals.has(t))) {
      if (Date.now() > deadline)
        throw new Error(`${texts.filter((t) => !arrivals.has(t)).length} messages never reached the socket`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  return { arrivals, until, close: () => void socket.close() };
}
