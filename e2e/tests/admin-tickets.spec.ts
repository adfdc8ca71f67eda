import { textUpdate } from '../../server/test/fakes/telegram/updates';
import type { Page } from '@playwright/test';
import { connectBotByApi, ownerInWorkspace, pageFitsWidth, snap } from '../support/flows';
import { expect, test } from '../support/fixtures';

const CLIENTS = 12;

test('the tickets table counts Telegram tickets in its widgets, scrolls in 10 more, and opens a ticket in the workspace', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  test.setTimeout(120_000);
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Tilda', lastName: 'Table', company: 'Ledger Help' });

  // The bot is connected by API (its screen is tested in telegram.spec); clients write through the fake Bot API.
  const bot = await connectBotByApi(page.request, fake, 'ledger_help_bot');
  for (let i = 1; i <= CLIENTS; i++) {
    await fake.pushUpdate(
      bot.token,
      textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 7000 + i, text: 'Hello', firstName: `Client${i}` }),
    );
  }
  await expect
    .poll(async () => (await (await page.request.get('/api/get-tickets')).json()).widgetData.totalTicketsCount, {
      timeout: 30_000,
    })
    .toBe(CLIENTS);

  // A short window, so the end of the first 10 rows is below the fold until the table is scrolled.
  await page.setViewportSize({ width: 1440, height: 600 });
  await page.getByRole('link', { name: 'Admin panel' }).click();
  const firstPage = page.waitForResponse((r) => r.url().endsWith('/api/get-tickets'));
  const secondPage = page.waitForResponse((r) => r.url().endsWith('/api/10/get-tickets'));
  const endPage = page.waitForResponse((r) => r.url().endsWith('/api/20/get-tickets'));
  await page.getByRole('link', { name: 'Tickets' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/tickets$/);
  await firstPage;

  const widget = (name: string) => page.locator('dl > div', { has: page.getByText(name, { exact: true }) });
  await expect(widget('All tickets').locator('dd')).toHaveText(String(CLIENTS));
  await expect(widget('Telegram tickets').locator('dd')).toHaveText(String(CLIENTS));
  await expect(widget('Pending').locator('dd')).toHaveText(String(CLIENTS));
  await expect(widget('WhatsApp tickets').locator('dd')).toHaveText('0');
  await expect(widget('Average acceptance time').locator('dd')).toHaveText('0 sec');

  // The newest ticket is first; the rest arrive when the end of the table scrolls into view (offset 10, then 20).
  const table = page.getByRole('table', { name: 'Tickets of the company' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await table.hover();
  await page.mouse.wheel(0, 3000);
  expect((await (await secondPage).json()).tickets).toHaveLength(CLIENTS - 10);
  await expect(rows).toHaveCount(CLIENTS);
  await table.hover();
  await page.mouse.wheel(0, 3000);
  expect((await (await endPage).json()).tickets).toHaveLength(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  const newest = rows.first();
  await expect(newest).toContainText(`Client${CLIENTS}`);
  await expect(newest).toContainText('Pending');
  await expect(newest).toContainText('General');
  await expect(newest.getByText('not accepted yet').first()).toBeVisible();
  await expect(newest.getByRole('img', { name: 'Telegram' }).or(newest.getByText('Telegram'))).toHaveCount(1);

  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'admin-tickets');
  await page.setViewportSize({ width: 800, height: 900 });
  await snap(page, 'admin-tickets-800');
  await page.setViewportSize({ width: 1440, height: 900 });

  // While the table is open, a new client writes in: the widgets and the first row follow live.
  const ticketid = (await newest.getAttribute('data-ticketid'))!;
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 7999, text: 'Hi!', firstName: 'Latecomer' }),
  );
  await expect(widget('All tickets').locator('dd')).toHaveText(String(CLIENTS + 1));
  await expect(widget('Pending').locator('dd')).toHaveText(String(CLIENTS + 1));
  await expect(rows.first()).toContainText('Latecomer');
  await expect(rows).toHaveCount(CLIENTS + 1);

  // The short id opens that ticket's chat in the workspace.
  const opened = table.locator(`tr[data-ticketid="${ticketid}"]`);
  await opened.getByRole('link', { name: `Open ticket ${ticketid.slice(0, 8)} in the workspace` }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticketid}$`));
  const chat = page.getByRole('region', { name: new RegExp(`Client${CLIENTS}`) });
  await expect(chat.getByRole('log', { name: 'Messages' })).toContainText('Hello');
});

/**
 * Every element's right edge, except what sits inside the tickets table's own scroll box (columns scrolled out of view are
 * meant to be there): none may pass the viewport's right edge.
 */
const boxesPastRightEdge = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The tickets table is the page's last: Response times puts its own table above it.
    const scroller = [...document.querySelectorAll('table')].at(-1)!.parentElement!;
    return [...document.querySelectorAll('body *')]
      .filter((el) => !scroller.contains(el) || el === scroller)
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} right=${Math.round(el.getBoundingClientRect().right)}`);
  });

test('the tickets table filters and sorts on the server, keeps both in the URL, and fits 1440, 800 and 390 px', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  test.setTimeout(180_000);
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Fiona', lastName: 'Filter', company: 'Sorted Help' });
  const bot = await connectBotByApi(page.request, fake, 'sorted_help_bot');
  // Names that sort differently from the order they arrive in, one long enough to be cut with an ellipsis.
  const names = ['Mila', 'Arno', 'Zoe', 'Bea', 'Kai', 'Oskar Bartholomew Vandenberghe-Castellanos', 'Ines', 'Hugo'];
  for (const [i, firstName] of names.entries()) {
    await fake.pushUpdate(
      bot.token,
      textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 8100 + i, text: 'Hello', firstName }),
    );
  }
  const api = page.request;
  await expect
    .poll(async () => (await (await api.get('/api/get-tickets')).json()).widgetData.totalTicketsCount, {
      timeout: 30_000,
    })
    .toBe(names.length);
  const ids = new Map<string, string>(
    (await (await api.get('/api/get-tickets')).json()).tickets.map((r: { client_name: string; ticketid: string }) => [
      r.client_name,
      r.ticketid,
    ]),
  );
  const id = (name: string) => ids.get(name)!;
  // Fiona accepts three and closes two of them; two pending ones move to a Billing department.
  for (const name of ['Mila', 'Arno', 'Zoe']) {
    expect((await api.post('/api/acceptTicket', { data: { ticketid: id(name) } })).status()).toBe(200);
  }
  for (const name of ['Arno', 'Zoe']) {
    expect((await api.post('/api/close-ticket', { data: { ticketid: id(name) } })).status()).toBe(200);
  }
  const billing = (
    await (await api.post('/api/admin/create-department', { data: { department_name: 'Billing' } })).json()
  ).departmentid as string;
  for (const name of ['Bea', 'Kai']) {
    const moved = await api.post('/api/ticket/change-department', {
      data: { ticketid: id(name), newDepartment: billing },
    });
    expect(moved.status()).toBe(200);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin-panel/tickets');
  const table = page.getByRole('table', { name: 'Tickets of the company' });
  const rows = table.locator('tbody tr');
  const clientsShown = () => rows.evaluateAll((trs) => trs.map((tr) => tr.children[4]!.textContent));
  await expect(rows).toHaveCount(names.length);

  // 1440 px: the whole table fits — no element past the right edge, and nothing to scroll sideways in the table.
  expect(await boxesPastRightEdge(page)).toEqual([]);
  expect(await pageFitsWidth(page)).toBe(true);
  const scroller = table.locator('xpath=..');
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // The long name is cut, and its whole text is on hover and in the cell for screen readers.
  const longName = names[5]!;
  const clipped = table.getByTitle(longName);
  await expect(clipped).toHaveText(longName);
  expect(await clipped.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

  // Stage: Closed, by keyboard. The URL keeps it; the widgets count the two closed tickets.
  const filters = page.getByRole('group', { name: 'Filter tickets' });
  await filters.getByLabel('Stage').focus();
  await filters.getByLabel('Stage').selectOption('closed');
  await expect(page).toHaveURL(/\?stage=closed$/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'Matching tickets: 2.' })).toBeVisible();
  const widget = (name: string) => page.locator('dl > div', { has: page.getByText(name, { exact: true }) });
  await expect(widget('All tickets').locator('dd')).toHaveText('2');
  await expect(widget('Pending').locator('dd')).toHaveText('0');

  // Sort by client with the keyboard: Tab to the header button, Enter sorts A → Z, Enter again Z → A.
  const clientHeader = table.getByRole('columnheader', { name: 'Client' });
  await clientHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(clientHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/\?stage=closed&sort=client&dir=asc$/);
  await expect.poll(clientsShown).toEqual(['Arno', 'Zoe']);
  await page.keyboard.press('Enter');
  await expect(clientHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(clientsShown).toEqual(['Zoe', 'Arno']);
  await expect(table.getByRole('columnheader', { name: 'Reopened / updated on' })).not.toHaveAttribute('aria-sort');

  // A reload (or a shared link) shows the same table.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Filter tickets' }).getByLabel('Stage')).toHaveValue('closed');
  await expect(clientHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(clientsShown).toEqual(['Zoe', 'Arno']);

  // Billing + not accepted: the two moved tickets, page back at offset 0 (a new first request with the filters).
  await filters.getByLabel('Stage').selectOption('');
  const firstPage = page.waitForResponse((r) => /\/api\/get-tickets\?department=.*agent=none/.test(r.url()));
  await filters.getByLabel('Department').selectOption({ label: 'Billing' });
  await filters.getByLabel('Handled by').selectOption({ label: 'Not accepted yet' });
  await firstPage;
  await expect.poll(clientsShown).toEqual(['Kai', 'Bea']);
  await expect(page).toHaveURL(new RegExp(`\\?department=${billing}&agent=none&sort=client$`));
  await expect(filters.getByLabel('Handled by')).toHaveValue('none');

  // Only Fiona's tickets, still Z → A by client.
  await filters.getByLabel('Department').selectOption('');
  await filters.getByLabel('Handled by').selectOption({ label: 'Fiona Filter (me)' });
  await expect.poll(clientsShown).toEqual(['Zoe', 'Mila', 'Arno']);

  // Created today: all of Fiona's; created from tomorrow on: none, with the empty state and its Clear button.
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await filters.getByLabel('From').fill(today);
  await filters.getByLabel('To').fill(today);
  await expect(rows).toHaveCount(3);
  await filters.getByLabel('From').fill(tomorrow);
  await expect(scroller.getByText('No tickets match these filters')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await snap(page, 'admin-tickets-filtered-empty');

  await scroller.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(names.length);
  await expect(page).toHaveURL(/\/admin-panel\/tickets\?sort=client$/);
  await expect(filters.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  await expect(filters.getByLabel('Handled by')).toHaveValue('');
  await expect(widget('All tickets').locator('dd')).toHaveText(String(names.length));

  // Back to the default order, then the three widths, each with a screenshot and axe.
  await page.goto('/admin-panel/tickets?stage=pending,accepted');
  await expect(rows).toHaveCount(names.length - 2);
  await snap(page, 'admin-tickets-1440');
  expect(await boxesPastRightEdge(page)).toEqual([]);
  for (const [width, height] of [
    [800, 1000],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(rows).toHaveCount(names.length - 2);
    // Response times turns into cards on a phone (≤ 640 px) once its media query has answered: the layout to check.
    if (width <= 640) await expect(page.locator('[data-response-times] table')).toHaveCount(0);
    expect(await pageFitsWidth(page), `page at ${width}`).toBe(true);
    expect(await boxesPastRightEdge(page), `boxes at ${width}`).toEqual([]);
    // Narrower than the table: it scrolls in its own box, with the shadow on the side where columns wait.
    const frame = scroller.locator('xpath=..');
    await expect(frame).toHaveAttribute('data-more-end', 'true');
    await expect(frame).toHaveAttribute('data-more-start', 'false');
    await snap(page, `admin-tickets-${width}`);
    await scroller.evaluate((el) => el.scrollBy({ left: 300 }));
    await expect(frame).toHaveAttribute('data-more-start', 'true');
    // The ticket id column stays in view while the rest scroll under it.
    const first = rows.first().locator('td').first();
    const [cell, box] = [await first.boundingBox(), await scroller.boundingBox()];
    expect(Math.abs(cell!.x - box!.x)).toBeLessThan(2);
    await expect(first.getByRole('link')).toBeVisible();
    await snap(page, `admin-tickets-${width}-scrolled`);
    await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
  }
});
