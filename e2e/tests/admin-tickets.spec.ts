import { textUpdate } from '../../server/test/fakes/telegram/updates';
import { asPerson, connectBotByApi, newOwner, registerCompanyByApi, snap } from '../support/flows';
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
  const owner = newOwner({ firstName: 'Tilda', lastName: 'Table', company: 'Ledger Help' });
  await registerCompanyByApi(request, mailbox, owner);
  await asPerson(page).logIn(owner.email, owner.password);
  await asPerson(page).expectWorkspaceOf('Tilda Table');

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
  await expect(widget('Average acceptance time').locator('dd')).toHaveText('0 min');

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
  await expect(page).toHaveURL(/\/$/);
  const chat = page.getByRole('region', { name: new RegExp(`Client${CLIENTS}`) });
  await expect(chat.getByRole('log', { name: 'Messages' })).toContainText('Hello');
});
