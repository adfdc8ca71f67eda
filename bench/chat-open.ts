/**
 * `npm run bench:chat`: opening and scrolling a 10,000-message chat in the real web app. One company with two
 * pending tickets — 10,000 messages and 20 messages (the baseline, measured in the same run) — is seeded into
 * PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL, a fresh database) or else PGlite; the real server runs as
 * its own process serving the built web app (run `npm run build` first); Debian's Chromium logs in and:
 *
 * - opens each ticket from its card, several times (a reload between, so nothing is cached), timing from the
 *   click to the first paint of its messages (a MutationObserver sees the first message row, then the frame that
 *   shows it is awaited);
 * - scrolls the big chat from the latest message to its first one (a fixed step per frame, like a fast flick),
 *   recording every frame's duration; the baseline scrolls the small chat up and down for as many frames.
 */
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildServices } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { messages } from '../server/src/db/schema';
import { createMailer } from '../server/src/mail/mailer';
import { createLogger } from '../server/src/platform/logger';
import { hashPassword } from '../server/src/platform/passwords';
import { freshPostgres, launchBenchChromium, percentile } from './support';

const BIG = Number(process.env.BENCH_MESSAGES ?? 10_000);
const SMALL = 20;
const OPEN_RUNS = Number(process.env.BENCH_OPEN_RUNS ?? 7);
/** Pixels scrolled up per frame: about six messages, a fast flick held down. */
const SCROLL_STEP = Number(process.env.BENCH_SCROLL_STEP ?? 400);
const SCROLL_LIMIT_MS = 180_000;
const ADMIN = { email: 'bench-chat@example.test', password: 'Bench-Pass1!' };

const root = path.resolve(import.meta.dirname, '..');
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(1)} ms`;

const LINES = [
  'Hello, my parcel has not arrived yet.',
  'Could you check the tracking number for me, please? It says it left the depot three days ago.',
  'Thanks!',
  'I am sorry for the delay. Let me look into it right away.',
  'The courier tried to deliver it yesterday, but nobody was at home. They will try again tomorrow between 9 and 12.',
  'Can I pick it up at the post office instead?\nI work during the day and will not be at home.',
  'Of course. It will be at the branch on Main Street from 14:00.',
  'Great, thank you for your help 🙏',
];

/** A company, its admin, and two tickets of a Telegram client: BIG and SMALL messages, a day per 100 messages. */
async function seed(env: Record<string, string>) {
  const config = loadConfig(env);
  const logger = createLogger('silent');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const services = buildServices({
    config,
    database,
    logger,
    mailer: createMailer({ from: config.mailFrom, dataDir: config.dataDir, logger }),
  });
  const now = Date.now();
  const company = await services.companies.create({
    name: 'Bench chat',
    phone: '-',
    email: ADMIN.email,
    country: 'GB',
    createdAt: new Date(now),
  });
  const department = await services.departments.create(company.id, 'General');
  const admin = await services.agents.create({
    companyId: company.id,
    email: ADMIN.email,
    passwordHash: await hashPassword(ADMIN.password),
    firstName: 'Bench',
    lastName: 'Admin',
    role: 'admin',
    departmentId: department.id,
    createdAt: new Date(now),
  });
  for (const [name, count] of [
    ['Big Chat', BIG],
    ['Small Chat', SMALL],
  ] as const) {
    const start = now - count * 864_000; // 100 messages a day, ending now
    const outcome = await services.intake.receive(
      {
        companyId: company.id,
        platform: 'telegram',
        channelRef: 'bench',
        client: { externalId: randomUUID(), name, language: 'en' },
      },
      { externalId: randomUUID(), sentAt: new Date(start), content: { type: 'text', text: LINES[0]! } },
    );
    if (outcome.outcome !== 'appended') throw new Error(`intake answered ${outcome.outcome}`);
    for (let from = 1; from < count; from += 1000) {
      await database.db.insert(messages).values(
        Array.from({ length: Math.min(1000, count - from) }, (_, k) => {
          const i = from + k;
          const agent = i % 3 === 1;
          return {
            companyId: company.id,
            ticketId: outcome.ticketId,
            type: 'text' as const,
            content: `${LINES[i % LINES.length]!} (#${i + 1})`,
            isAgent: agent,
            createdById: agent ? admin.id : null,
            deliveryStatus: agent ? ('sent' as const) : ('received' as const),
            createdAt: new Date(start + i * 864_000),
          };
        }),
      );
    }
  }
  await services.realtime.close();
  await database.close();
}

/** Clicks the ticket's card and resolves with the time from the click to the frame showing its first messages. */
async function timeOpen(page: Page, clientName: string): Promise<number> {
  await page.goto('/');
  const heading = page
    .getByRole('article', { name: new RegExp(clientName) })
    .getByRole('heading', { name: clientName });
  await heading.waitFor();
  const painted = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let start = 0;
        // The click's own event marks the start, so the time Playwright takes to deliver it is not counted.
        document.addEventListener('click', () => (start = performance.now()), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (!start || !document.querySelector('[role="log"] [data-messageid]')) return;
          observer.disconnect();
          // rAF runs before the frame is painted; a task queued from it runs after that paint.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
  await heading.click();
  return painted;
}

type ScrollRun = { frames: number[]; reachedStart: boolean; rowsSeen: number; durationMs: number };

/** Scrolls the open chat up by SCROLL_STEP every frame until its first message shows, recording frame times. */
function scrollToTop(page: Page, limitMs: number, bounceFrames = 0): Promise<ScrollRun> {
  return page.evaluate(
    ({ step, limit, bounce }) =>
      new Promise<ScrollRun>((resolve) => {
        const scroller = document.querySelector<HTMLElement>('[role="log"]');
        if (!scroller) throw new Error('no open chat');
        const frames: number[] = [];
        const seen = new Set<string>();
        const began = performance.now();
        let last = began;
        let direction = -1;
        const tick = (now: number) => {
          frames.push(now - last);
          last = now;
          for (const row of scroller.querySelectorAll<HTMLElement>('[data-messageid]'))
            seen.add(row.dataset.messageid!);
          const atStart = Boolean(scroller.querySelector('[data-kind="start"]')) && scroller.scrollTop <= 0;
          const done = bounce > 0 ? frames.length >= bounce : atStart;
          if (done || now - began > limit) {
            resolve({ frames: frames.slice(1), reachedStart: atStart, rowsSeen: seen.size, durationMs: now - began });
            return;
          }
          if (bounce > 0) {
            // The baseline chat fits in a few screens: go up and down between its ends.
            if (scroller.scrollTop <= 0) direction = 1;
            else if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) direction = -1;
          }
          scroller.scrollTop += direction * step;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(tick);
        });
      }),
    { step: SCROLL_STEP, limit: limitMs, bounce: bounceFrames },
  );
}

function frameStats(run: ScrollRun) {
  const s = sorted(run.frames);
  return {
    frames: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    max: s[s.length - 1] ?? NaN,
    over50: s.filter((f) => f > 50).length,
  };
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const kind = adminUrl ? 'PostgreSQL' : 'PGlite';
  const indexHtml = path.join(root, 'web/dist/index.html');
  if (!fs.existsSync(indexHtml)) throw new Error('web/dist is missing: run `npm run build` first');
  const postgres = adminUrl ? await freshPostgres(adminUrl, 'kc_bench_chat') : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-bench-chat-'));
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    WEB_DIST: path.join(root, 'web/dist'),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: '',
  };
  const seeding = performance.now();
  await seed(env);
  console.log(
    `seeded ${BIG} + ${SMALL} messages into ${kind} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchBenchChromium();
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 240) throw new Error('the server did not become healthy');
      await new Promise((r) => setTimeout(r, 250));
    }
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
    // tsx keeps function names with a `__name` helper that the page does not have.
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/login', { data: ADMIN });
    if (!login.ok()) throw new Error(`login failed: ${login.status()}`);

    // The server's part of an open: the newest page of each chat, straight from the API.
    const tickets = (await (await page.request.get('/api/tickets')).json()) as {
      ticketid: string;
      client_name: string;
    }[];
    const apiTimes: Record<'big' | 'small', number[]> = { big: [], small: [] };
    for (let run = 0; run <= OPEN_RUNS; run++) {
      for (const [which, name] of [
        ['small', 'Small Chat'],
        ['big', 'Big Chat'],
      ] as const) {
        const id = tickets.find((t) => t.client_name === name)!.ticketid;
        const began = performance.now();
        const reply = await page.request.get(`/api/${id}/0/chat?tz=UTC`);
        if (!reply.ok()) throw new Error(`chat answered ${reply.status()}`);
        await reply.body();
        if (run > 0) apiTimes[which].push(performance.now() - began);
      }
    }

    // Alternate the two chats so both see the same machine state; the first open of each warms the server.
    const opens: Record<'big' | 'small', number[]> = { big: [], small: [] };
    for (let run = 0; run <= OPEN_RUNS; run++) {
      const small = await timeOpen(page, 'Small Chat');
      const big = await timeOpen(page, 'Big Chat');
      if (run === 0) continue;
      opens.small.push(small);
      opens.big.push(big);
    }

    await timeOpen(page, 'Big Chat');
    const bigScroll = await scrollToTop(page, SCROLL_LIMIT_MS);
    await timeOpen(page, 'Small Chat');
    const smallScroll = await scrollToTop(
      page,
      SCROLL_LIMIT_MS,
      Math.max(300, Math.min(bigScroll.frames.length, 3000)),
    );

    const openBig = sorted(opens.big);
    const openSmall = sorted(opens.small);
    const big = frameStats(bigScroll);
    const small = frameStats(smallScroll);
    console.log(`\nchat open, click → first paint of the messages (${OPEN_RUNS} runs each, ${kind}):`);
    console.log(
      `  ${BIG} messages: median ${ms(percentile(openBig, 50))}, max ${ms(openBig[openBig.length - 1]!)}` +
        `   |   ${SMALL} messages (baseline): median ${ms(percentile(openSmall, 50))}, max ${ms(openSmall[openSmall.length - 1]!)}` +
        `   |   ratio ${(percentile(openBig, 50) / percentile(openSmall, 50)).toFixed(2)}`,
    );
    const apiBig = sorted(apiTimes.big);
    const apiSmall = sorted(apiTimes.small);
    console.log(
      `  of which the server (GET the newest page): ${BIG} messages median ${ms(percentile(apiBig, 50))},` +
        ` ${SMALL} messages median ${ms(percentile(apiSmall, 50))}`,
    );
    console.log(`\nscrolling to the top (${SCROLL_STEP} px per frame):`);
    console.log(
      `  ${BIG} messages: ${big.frames} frames in ${(bigScroll.durationMs / 1000).toFixed(1)} s, reached the first` +
        ` message: ${bigScroll.reachedStart ? 'yes' : 'no'}, ${bigScroll.rowsSeen} messages rendered on the way;` +
        ` frame p50 ${ms(big.p50)}, p95 ${ms(big.p95)}, max ${ms(big.max)}, frames > 50 ms: ${big.over50}`,
    );
    console.log(
      `  ${SMALL} messages (baseline, up and down): ${small.frames} frames; frame p50 ${ms(small.p50)},` +
        ` p95 ${ms(small.p95)}, max ${ms(small.max)}, frames > 50 ms: ${small.over50}`,
    );
    console.log(`  ratio p95 ${(big.p95 / small.p95).toFixed(2)}, p50 ${(big.p50 / small.p50).toFixed(2)}`);
    await context.close();
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
