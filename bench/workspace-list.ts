/**
 * `npm run bench:workspace`: the ticket list under load in the real web app (run `npm run build` first). A server
 * process (PGlite, or PostgreSQL with BENCH_DATABASE_URL / TEST_DATABASE_URL) gets BENCH_TICKETS (1,000) open
 * tickets through its real Telegram webhook; Debian's Chromium opens the workspace as the admin, and:
 *
 * - live messages: clients write into random open tickets at BENCH_RATE (100) messages a minute for
 *   BENCH_EVENTS (30) messages — each one re-sorts the list (its ticket moves to the top) and bumps a badge. The
 *   renderer's main thread is traced (Chromium's devtools.timeline tasks); its busy time over that window, minus
 *   the busy time of an equally long quiet window measured in the same run (the baseline), divided by the events,
 *   is the cost of one event. Target < 4 ms.
 * - BENCH_SAME=1 sends every message to the same ticket (no re-sort: the fixed cost of a message), BENCH_MUTE=1
 *   takes the chime's audio out, BENCH_PROFILE=1 prints where the time goes (trace events, JS functions).
 * - scrolling: the pending list is flung from its top to its end at BENCH_SCROLL_STEP px a frame, every frame
 *   timed; the baseline is the same number of frames with nothing scrolling. Target: 60 fps (p95 ≤ 16.7 ms + a
 *   frame's jitter).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { freshPostgres, launchBenchChromium, percentile, startBenchServer } from './support';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 30);
const RATE_PER_MINUTE = Number(process.env.BENCH_RATE ?? 100);
const SCROLL_STEP = Number(process.env.BENCH_SCROLL_STEP ?? 120);
const root = path.resolve(import.meta.dirname, '..');
const ms = (value: number) => `${value.toFixed(2)} ms`;
const sleep = (millis: number) => new Promise<void>((resolve) => setTimeout(resolve, millis));

type TraceEvent = {
  name: string;
  ph: string;
  tid: number;
  pid: number;
  dur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number } };
};

/** The renderer main thread's busy time (its top-level tasks) in a trace, and its longest task, in ms. */
function mainThreadBusy(trace: Buffer): { busy: number; longest: number } {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let busy = 0;
  let longest = 0;
  if (process.env.BENCH_PROFILE) {
    const byName = new Map<string, number>();
    for (const e of events) {
      if (e.ph !== 'X' || !mains.has(`${e.pid}:${e.tid}`) || e.name === 'ThreadControllerImpl::RunTask') continue;
      byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const calls = new Map<string, number>();
    for (const e of events) {
      if (e.name !== 'FunctionCall' || e.ph !== 'X' || !mains.has(`${e.pid}:${e.tid}`)) continue;
      const d = e.args?.data;
      const key = `${d?.functionName || '(anonymous)'} ${(d?.url ?? '').split('/').pop()}:${d?.lineNumber}:${d?.columnNumber}`;
      calls.set(key, (calls.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    for (const [key, time] of [...calls].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`  call ${time.toFixed(1)} ms  ${key}`);
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`  trace: ${top.map(([name, time]) => `${name} ${time.toFixed(1)}`).join(', ')}`);
  }
  for (const e of events) {
    if (e.name !== 'ThreadControllerImpl::RunTask' || e.ph !== 'X' || !mains.has(`${e.pid}:${e.tid}`)) continue;
    const duration = (e.dur ?? 0) / 1000;
    busy += duration;
    longest = Math.max(longest, duration);
  }
  return { busy, longest };
}

async function traced(browser: Browser, page: Page, during: () => Promise<void>) {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
  await during();
  return mainThreadBusy(await browser.stopTracing());
}

/** Frame durations while `step` px are scrolled per frame until the list's end (or, for the baseline, `frames`). */
function scrollFrames(page: Page, step: number, frames?: number): Promise<{ frames: number[]; reachedEnd: boolean }> {
  return page.evaluate(
    ({ step, limit }) =>
      new Promise<{ frames: number[]; reachedEnd: boolean }>((resolve) => {
        const scroller = document.querySelector<HTMLElement>('[data-ticket-scroll]');
        if (!scroller) throw new Error('no ticket list');
        scroller.scrollTop = 0;
        const out: number[] = [];
        let last = 0;
        const tick = (now: number) => {
          if (last) out.push(now - last);
          last = now;
          const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
          if ((limit === null && atEnd) || (limit !== null && out.length >= limit) || out.length > 5000) {
            resolve({ frames: out, reachedEnd: atEnd });
            return;
          }
          scroller.scrollTop += step;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { step: frames === undefined ? step : 0, limit: frames ?? null },
  );
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const kind = adminUrl ? 'PostgreSQL' : 'PGlite';
  const postgres = adminUrl ? await freshPostgres(adminUrl, 'kc_bench_list') : undefined;
  // A copy of the build: a `npm run build` elsewhere while this runs would empty web/dist under the server.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-bench-web-'));
  fs.cpSync(path.join(root, 'web/dist'), webDist, { recursive: true });
  const server = await startBenchServer({ databaseUrl: postgres?.url, env: { WEB_DIST: webDist } });
  const browser = await launchBenchChromium();
  try {
    const seeding = performance.now();
    for (let from = 1; from <= TICKETS; from += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, TICKETS - from + 1) }, (_, k) =>
          server.post(from + k, `Hello, this is client ${from + k}. My order has not arrived.`),
        ),
      );
    }
    console.log(
      `${TICKETS} open tickets through the webhook (${kind}) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1440, height: 900 } });
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    if (process.env.BENCH_MUTE) await context.addInitScript({ content: 'delete window.AudioContext;' });
    const [name, value] = server.cookie.split(';')[0]!.split('=');
    await context.addCookies([{ name: name!, value: value!, url: server.base }]);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto('/');
    await page
      .locator(`li[aria-setsize="${TICKETS}"]`)
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        await page.screenshot({ path: '/tmp/kc/bench-list.png' });
        const open = (await (await page.request.get('/api/tickets')).json()) as unknown[];
        throw new Error(`the list did not show ${TICKETS} tickets (${page.url()}, API: ${open.length})`, {
          cause: error,
        });
      });
    // An agent has clicked by now: the first click unlocks the page's sound (an AudioContext, built once).
    await page.mouse.click(700, 450);
    await sleep(2000);

    const interval = 60_000 / RATE_PER_MINUTE;
    const windowMs = EVENTS * interval;
    const quiet = await traced(browser, page, () => sleep(windowMs));
    let delivered = 0;
    // BENCH_PROFILE=1: where the live window's main-thread time goes, by function (CDP's sampling profiler).
    const cdp = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const messages = () =>
      traced(browser, page, async () => {
        for (let i = 0; i < EVENTS; i += 1) {
          const chatId = process.env.BENCH_SAME ? 1 : 1 + Math.floor(Math.random() * TICKETS);
          await server.post(chatId, `Any news? (${i + 1})`);
          delivered += 1;
          await sleep(interval);
        }
      });
    // The same messages while the list shows none of these tickets (Mine is empty): what a message costs besides the
    // list (the socket, the caches, the chime). The difference is the list's own work: re-sorting and badges.
    await page.locator('#ticket-filter-tab-mine').click();
    const elsewhere = await messages();
    await page.locator('#ticket-filter-tab-pending').click();
    await page.locator(`li[aria-setsize="${TICKETS}"]`).first().waitFor();
    await sleep(1000);
    delivered = 0;
    const live = await messages();
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const self = new Map<string, number>();
      const deltas = profile.timeDeltas ?? [];
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      (profile.samples ?? []).forEach((id, i) => {
        const frame = byId.get(id)!.callFrame;
        const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}:${frame.columnNumber}`;
        self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
      });
      for (const [key, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
        console.log(`  ${ms(time)}  ${key}`);
    }
    const perEvent = (live.busy - quiet.busy) / delivered;
    const listPerEvent = (live.busy - elsewhere.busy) / delivered;
    console.log(
      `\nlive messages: ${delivered} at ${RATE_PER_MINUTE}/min into ${TICKETS} open tickets (the list re-sorts, a badge counts)`,
    );
    console.log(
      `  main thread busy: ${ms(live.busy)} with messages, ${ms(quiet.busy)} quiet (baseline, same ${(windowMs / 1000).toFixed(0)} s)` +
        `  →  ${ms(perEvent)} per message in all; longest task ${ms(live.longest)} (quiet ${ms(quiet.longest)})`,
    );
    console.log(
      `  the same messages with the list showing none of them: ${ms(elsewhere.busy)}` +
        `  →  re-sorting and badges: ${ms(listPerEvent)} per message (target < 4 ms)`,
    );

    const scroll = await scrollFrames(page, SCROLL_STEP);
    const idle = await scrollFrames(page, 0, scroll.frames.length);
    const s = [...scroll.frames].sort((a, b) => a - b);
    const b = [...idle.frames].sort((a, b) => a - b);
    const fps = (frames: number[]) => 1000 / (frames.reduce((sum, f) => sum + f, 0) / frames.length);
    console.log(
      `\nscrolling the pending list top to end (${SCROLL_STEP} px a frame, reached the end: ${scroll.reachedEnd ? 'yes' : 'no'}):`,
    );
    console.log(
      `  ${s.length} frames: ${fps(scroll.frames).toFixed(1)} fps, p50 ${ms(percentile(s, 50))}, p95 ${ms(percentile(s, 95))}, max ${ms(s[s.length - 1]!)}` +
        `   |   baseline (same frames, not scrolling): ${fps(idle.frames).toFixed(1)} fps, p95 ${ms(percentile(b, 95))}` +
        `   |   ratio p95 ${(percentile(s, 95) / percentile(b, 95)).toFixed(2)}`,
    );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    await postgres?.drop();
    fs.rmSync(webDist, { recursive: true, force: true });
  }
}

await main();
