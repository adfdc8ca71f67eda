import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3999';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const pages = process.argv.slice(2);
for (const width of [1440, 800]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill('admin@demo.kreechat.test');
  await page.getByLabel('Password', { exact: true }).fill('Demo-Pass1!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(base + '/');
  for (const p of pages) {
    await page.goto(base + p);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${p.replace(/\W+/g, '_')}-${width}.png` });
  }
  await ctx.close();
}
await browser.close();
