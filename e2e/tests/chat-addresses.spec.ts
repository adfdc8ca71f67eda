import type { Page } from '@playwright/test';
import { textUpdate } from '../../server/test/fakes/telegram/updates';
import { expect, test } from '../support/fixtures';
import {
  agentBrowser,
  connectBotByApi,
  expectAccessible,
  ownerInWorkspace,
  registerAgentByApi,
  uniqueEmail,
} from '../support/flows';

const SHOTS = '/tmp/shots-chaturls';

const chatOf = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(name) }).first();
const logOf = (page: Page, name: string) => chatOf(page, name).getByRole('log', { name: 'Messages' });
const cardOf = (page: Page, name: string) => page.getByRole('article', { name: new RegExp(name) });
const openCard = (page: Page, name: string) =>
  cardOf(page, name)
    .getByRole('heading', { name: new RegExp(name) })
    .click();

test('each chat has its address: Back and Forward move between chats, a reload keeps the chat and the message jumped to, another department sees "You cannot see this ticket"', async ({
  page,
  browser,
  request,
  mailbox,
  stack,
}) => {
  test.setTimeout(90_000);
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Lena', lastName: 'Link', company: 'Link Lane' });
  const bot = await connectBotByApi(page.request, fake, 'link_lane_bot');

  // Two clients write while the company has one department: Ana a few words, Ben a long conversation.
  const write = (chatId: number, firstName: string, text: string) =>
    fake.pushUpdate(bot.token, textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text, firstName }));
  await write(8101, 'Ana', 'Hello from Ana');
  const benTexts = ['My parcel 5150 is late', ...Array.from({ length: 30 }, (_, i) => `Ben again, line ${i + 1}`)];
  for (const text of benTexts) await write(8102, 'Ben', text);
  await expect(cardOf(page, 'Ben')).toContainText('line 30', { timeout: 20_000 });
  await expect(cardOf(page, 'Ana')).toBeVisible();

  // Opening chats moves the address; Back and Forward move between them; a reload keeps the chat.
  await openCard(page, 'Ana');
  await expect(logOf(page, 'Ana')).toContainText('Hello from Ana');
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const anaUrl = page.url();
  const anaId = anaUrl.split('/tickets/')[1]!;
  await openCard(page, 'Ben');
  await expect(logOf(page, 'Ben')).toContainText('line 30');
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const benUrl = page.url();
  expect(benUrl).not.toBe(anaUrl);
  await page.goBack();
  await expect(page).toHaveURL(anaUrl);
  await expect(logOf(page, 'Ana')).toContainText('Hello from Ana');
  await page.goForward();
  await expect(page).toHaveURL(benUrl);
  await expect(logOf(page, 'Ben')).toContainText('line 30');
  await page.reload();
  await expect(logOf(page, 'Ben')).toContainText('line 30');

  // A message found by search is named in the address; a reload opens the chat there, the message highlighted.
  await chatOf(page, 'Ben').getByRole('button', { name: 'Search in this chat' }).click();
  const box = chatOf(page, 'Ben').getByRole('searchbox', { name: 'Search messages' });
  await box.fill('parcel 5150');
  await box.press('Enter');
  await chatOf(page, 'Ben')
    .getByRole('region', { name: 'Search messages' })
    .getByRole('button', { name: /My parcel 5150 is late/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${benUrl}#m-[0-9a-f-]{36}$`));
  const jumpedUrl = page.url();
  await page.reload();
  const found = logOf(page, 'Ben').locator('[data-messageid]', { hasText: 'My parcel 5150 is late' });
  await expect(found).toHaveAttribute('data-highlighted', 'true');
  await expect(found).toBeInViewport();
  await expect(page).toHaveURL(jumpedUrl);
  // Back to the latest messages leaves the message's address.
  await chatOf(page, 'Ben').getByRole('button', { name: 'Back to the latest messages' }).click();
  await expect(page).toHaveURL(benUrl);

  // An old link from before chats had addresses still opens the chat.
  await page.goto(`/?ticket=${anaId}`);
  await expect(page).toHaveURL(anaUrl);
  await expect(logOf(page, 'Ana')).toContainText('Hello from Ana');

  // On a phone the chat replaces the list, and Back from the chat shows the list again.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await openCard(page, 'Ben');
  await expect(logOf(page, 'Ben')).toContainText('line 30');
  await expect(cardOf(page, 'Ana')).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(cardOf(page, 'Ana')).toBeVisible();
  await expect(logOf(page, 'Ben')).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });

  // A colleague of another department opens the shared link: no data, a clear state instead.
  const billing = await (
    await page.request.post('/api/admin/create-department', { data: { department_name: 'Billing' } })
  ).json();
  const email = uniqueEmail('bruno');
  await registerAgentByApi(page.request, {
    email,
    firstName: 'Bruno',
    lastName: 'Billing',
    department: billing.departmentid,
  });
  const bruno = await agentBrowser(browser, email, 'Bruno Billing');
  await bruno.goto(anaUrl);
  const hidden = bruno.getByRole('heading', { name: 'You cannot see this ticket' });
  await expect(hidden).toBeVisible();
  await expect(bruno.getByText('Hello from Ana')).toHaveCount(0);
  await expect(cardOf(bruno, 'Ana')).toHaveCount(0);
  for (const width of [1440, 390]) {
    await bruno.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(hidden).toBeVisible();
    await bruno.screenshot({ path: `${SHOTS}/no-access-${width}.png`, fullPage: true });
    await expectAccessible(bruno, `chat-no-access-${width}`);
  }
  // The way out is the workspace itself.
  await bruno.getByRole('link', { name: 'Back to your tickets' }).click();
  await expect(bruno).toHaveURL(/\/$/);
  await bruno.context().close();
});
