/**
 * `npm run bench:widget-page`: what the KreeChat widget costs a WordPress page. A real WordPress (Debian's 6.1, the
 * Twenty Twenty-Three theme, PHP's built-in server, MariaDB — e2e/support/wordpress.ts) with the plugin connected
 * to a KreeChat server process; Chromium loads the front page BENCH_LOADS times with the widget and as many times
 * without it (the `kreechat_show_widget` filter off), each load in a fresh context (nothing cached: a first visit).
 * Reports medians of: DOMContentLoaded, load, time to interactive (the end of the last long task, or
 * DOMContentLoaded when there is none), total blocking time (the part of each long task beyond 50 ms), and with
 * the widget the time its launcher is on the page. Needs `npm run build` (the widget is served from web/dist).
 */
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { startWordPress } from '../e2e/support/wordpress';
import { launchBenchChromium, percentile, startBenchServer } from './support';

const LOADS = Number(process.env.BENCH_LOADS ?? 15);
const root = path.resolve(import.meta.dirname, '..');

type Load = { dcl: number; load: number; tti: number; tbt: number; launcher: number | null };

async function loadOnce(browser: Browser, url: string, withWidget: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // Long tasks from the very start of the document, kept where the measurement can read them.
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  let launcher: number | null = null;
  if (withWidget) {
    await page.waitForFunction(
      () => document.querySelector('kreechat-widget')?.shadowRoot?.querySelector('button') !== null,
      undefined,
      { timeout: 15_000 },
    );
    launcher = await page.evaluate(() => performance.now());
  }
  // Quiet for a while, so a late task (the widget loads on idle) is counted.
  await page.waitForTimeout(1500);
  const measured = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
    const lastEnd = tasks.reduce((end, t) => Math.max(end, t.start + t.duration), 0);
    return {
      dcl: nav!.domContentLoadedEventEnd,
      load: nav!.loadEventEnd,
      tti: Math.max(nav!.domContentLoadedEventEnd, lastEnd),
      tbt: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    };
  });
  await context.close();
  return { ...measured, launcher };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main() {
  const wp = await startWordPress({ permalinks: 'pretty' });
  const server = await startBenchServer({ env: { WEB_DIST: path.join(root, 'web/dist') } });
  const browser = await launchBenchChromium();
  try {
    const generated = await fetch(`${server.base}/api/generate-wp-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.cookie },
      body: JSON.stringify({ tokenName: 'Bench site', siteUrl: wp.url }),
    });
    if (generated.status !== 201) throw new Error(`token: ${await generated.text()}`);
    wp.setKreeChat(server.base, ((await generated.json()) as { token: string }).token);

    const runs = { widget: [] as Load[], without: [] as Load[] };
    // Interleaved, so a slow moment of the machine costs both sides alike.
    for (let i = 0; i < LOADS; i++) {
      wp.removeMuPlugin('bench-no-widget');
      runs.widget.push(await loadOnce(browser, `${wp.url}/`, true));
      wp.addMuPlugin('bench-no-widget', "add_filter('kreechat_show_widget', '__return_false');");
      runs.without.push(await loadOnce(browser, `${wp.url}/`, false));
    }
    const row = (label: string, pick: (l: Load) => number) => {
      const a = median(runs.widget.map(pick));
      const b = median(runs.without.map(pick));
      return `  ${label.padEnd(22)} with the widget ${ms(a).padStart(7)}   |   without (baseline) ${ms(b).padStart(7)}   |   ratio ${(a / Math.max(b, 1)).toFixed(2)}`;
    };
    console.log(`\nWidget on a WordPress page (Twenty Twenty-Three front page, ${LOADS} cold loads each, medians):`);
    console.log(row('DOMContentLoaded', (l) => l.dcl));
    console.log(row('load', (l) => l.load));
    console.log(row('time to interactive', (l) => l.tti));
    console.log(row('total blocking time', (l) => l.tbt));
    console.log(
      `  launcher on the page    ${ms(median(runs.widget.map((l) => l.launcher ?? NaN)))} after navigation start`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await wp.close();
  }
}

await main();
