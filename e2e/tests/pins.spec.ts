import type { Page } from '@playwright/test';
import { textUpdate } from '../../server/test/fakes/telegram/updates';
import { expect, test } from '../support/fixtures';
import {
  connectBotByApi,
  logInByApi,
  newOwner,
  PASSWORD,
  registerAgentByApi,
  registerCompanyByApi,
  snap,
  ticketList,
  uniqueEmail,
} from '../support/flows';

const chatOf = (page: Page) => page.getByRole('region', { name: /Ana/ }).first();
const logOf = (page: Page) => chatOf(page).getByRole('log', { name: 'Messages' });
const messageRow = (page: Page, text: string) => logOf(page).locator('[data-messageid]', { hasText: text });

test('two agents: one pins and unpins through the message menu, the other sees it live; search and jump to a message', async ({
  page,
  browser,
  request,
  mailbox,
  stack,
}) => {
  const fake = stack.telegram;
  const owner = newOwner({ firstName: 'Bianca', lastName: 'Boss', company: 'Pin Parcel' });
  await registerCompanyByApi(request, mailbox, owner);
  expect((await request.post('/api/auth/login', { data: { email: owner.email, password: owner.password } })).ok()).toBe(
    true,
  );
  const agentEmail = uniqueEmail('arno');
  await registerAgentByApi(request, { email: agentEmail, firstName: 'Arno', lastName: 'Agent' });
  const bot = await connectBotByApi(request, fake, 'pin_parcel_bot');

  // Agent A in one browser, the admin (B) in another.
  const contextA = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const pageA = await contextA.newPage();
  await logInByApi(pageA, { email: agentEmail, password: PASSWORD, name: 'Arno Agent' }, { live: true });
  const pageB = page;
  await pageB.setViewportSize({ width: 1440, height: 900 });
  await logInByApi(pageB, { ...owner, name: 'Bianca Boss' }, { live: true });

  // The client writes a long conversation over Telegram.
  const chatId = 5151;
  const texts = [
    'Hello, I need help',
    'My order number is 4711',
    ...Array.from({ length: 40 }, (_, i) => `Still waiting, note ${i + 1}`),
    'Can you refund it?',
    'Thanks in advance',
  ];
  for (const text of texts) {
    await fake.pushUpdate(
      bot.token,
      textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text, firstName: 'Ana' }),
    );
  }
  const cardA = pageA.getByRole('article', { name: /Ana/ });
  await expect(cardA).toBeVisible({ timeout: 15_000 });
  await expect(cardA).toContainText('Thanks in advance', { timeout: 20_000 });

  // A accepts (which opens the chat); B, an admin, opens the same ticket from All with its pinned panel (empty so far).
  await cardA.getByRole('button', { name: 'Accept' }).click();
  await expect(logOf(pageA)).toContainText('Thanks in advance');
  await (
    await ticketList(pageB, 'all')
  )
    .getByRole('article', { name: /Ana/ })
    .getByRole('heading', { name: /Ana/ })
    .click();
  await expect(logOf(pageB)).toContainText('Thanks in advance');
  await chatOf(pageB).getByRole('button', { name: 'Pinned messages' }).click();
  const panelB = chatOf(pageB).getByRole('region', { name: 'Pinned messages' });
  await expect(panelB).toContainText('No pinned messages yet');

  // A pins through the right-click menu: the pin mark shows for A, and B's panel gets it live.
  await messageRow(pageA, 'Can you refund it?').click({ button: 'right' });
  const menuA = pageA.getByRole('menu', { name: 'Message actions' });
  await expect(menuA.getByRole('menuitem', { name: 'Pin' })).toBeFocused();
  await snap(pageA, 'pins-menu');
  await menuA.getByRole('menuitem', { name: 'Pin' }).click();
  await expect(menuA).toHaveCount(0);
  await expect(messageRow(pageA, 'Can you refund it?').getByTitle('Pinned')).toBeVisible();
  await expect(panelB.getByRole('listitem')).toHaveCount(1);
  await expect(panelB).toContainText('Can you refund it?');
  await expect(panelB).toContainText('Pinned by Arno Agent');
  await expect(chatOf(pageB).getByRole('button', { name: 'Pinned messages' })).toContainText('1');
  await snap(pageB, 'pins-panel-1440');
  await pageB.setViewportSize({ width: 800, height: 900 });
  await snap(pageB, 'pins-panel-800');
  await pageB.setViewportSize({ width: 1440, height: 900 });

  // Copy from the keyboard: focus the message, Shift+F10, Copy.
  await contextA.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The keyboard walks the messages from the list: ArrowUp reaches the latest one first.
  await logOf(pageA).focus();
  await pageA.keyboard.press('ArrowUp');
  await expect(messageRow(pageA, 'Thanks in advance')).toBeFocused();
  await pageA.keyboard.press('Shift+F10');
  await pageA.getByRole('menuitem', { name: 'Copy text' }).click();
  await expect(chatOf(pageA).getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe('Thanks in advance');

  // A unpins from the keyboard (ContextMenu key): gone from B's panel.
  await expect(messageRow(pageA, 'Thanks in advance')).toBeFocused();
  await pageA.keyboard.press('ArrowUp');
  await expect(messageRow(pageA, 'Can you refund it?')).toBeFocused();
  await snap(pageA, 'pins-keyboard-focus');
  await pageA.keyboard.press('ContextMenu');
  await pageA.getByRole('menuitem', { name: 'Unpin' }).press('Enter');
  await expect(messageRow(pageA, 'Can you refund it?').getByTitle('Pinned')).toHaveCount(0);
  await expect(panelB).toContainText('No pinned messages yet');
  await expect(messageRow(pageA, 'Can you refund it?')).toBeFocused();

  // A pins an old message; B jumps to it from the panel: it is shown and highlighted, then back to the latest.
  await messageRow(pageA, 'Thanks in advance').click({ button: 'right' });
  await pageA.getByRole('menuitem', { name: 'Pin' }).click();
  await expect(panelB).toContainText('Thanks in advance');
  await panelB.getByRole('button', { name: /Thanks in advance/ }).click();
  await expect(messageRow(pageB, 'Thanks in advance')).toHaveAttribute('data-highlighted', 'true');
  await expect(messageRow(pageB, 'Thanks in advance')).not.toHaveAttribute('data-highlighted', 'true', {
    timeout: 4_000,
  });

  // B searches a word, clicks the result: the old message is shown, highlighted; the view does not follow new
  // messages until B goes back to the latest ones.
  // Opened from the keyboard and typed into at once, the box takes every key: none reaches a shortcut (`p` is the
  // pins', `a` Accept).
  const pinsShown = await panelB.isVisible();
  await chatOf(pageB).getByRole('button', { name: 'Search in this chat' }).focus();
  await pageB.keyboard.press('Enter');
  await pageB.keyboard.type('pam');
  const box = chatOf(pageB).getByRole('searchbox', { name: 'Search messages' });
  await expect(box).toHaveValue('pam');
  await expect(box).toBeFocused();
  expect(await panelB.isVisible()).toBe(pinsShown);
  await box.fill('   ');
  await box.press('Enter');
  await expect(chatOf(pageB).getByText('Results:')).toHaveCount(0);
  await box.fill('nothing like this');
  await box.press('Enter');
  await expect(chatOf(pageB).getByText('No search results found')).toBeVisible();
  await box.fill('order NUMBER');
  await box.press('Enter');
  const results = chatOf(pageB).getByRole('region', { name: 'Search messages' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.locator('mark')).toHaveText('order number');
  await snap(pageB, 'search-results-1440');
  await results.getByRole('button', { name: /My order number is 4711/ }).click();
  const found = messageRow(pageB, 'My order number is 4711');
  await expect(found).toHaveAttribute('data-highlighted', 'true');
  await expect(found).toBeInViewport();
  await snap(pageB, 'search-jump-1440');
  await pageB.setViewportSize({ width: 800, height: 900 });
  await snap(pageB, 'search-jump-800');
  await pageB.setViewportSize({ width: 1440, height: 900 });
  await expect(messageRow(pageB, 'Thanks in advance')).toHaveCount(0);

  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text: 'One more thing', firstName: 'Ana' }),
  );
  await expect(logOf(pageA)).toContainText('One more thing', { timeout: 15_000 });
  await expect(found).toBeInViewport();
  await expect(logOf(pageB)).not.toContainText('One more thing');

  // Scrolling up in the jump reaches the start of the conversation.
  await logOf(pageB).hover();
  for (let i = 0; i < 5; i++) await pageB.mouse.wheel(0, -1500);
  await expect(logOf(pageB)).toContainText('Hello, I need help');
  await expect(logOf(pageB)).toContainText('This is the beginning of the conversation.');
  // The sticky date title shows while scrolling and hides 1.5 s after it stops (SPEC §9).
  const sticky = chatOf(pageB).locator('[data-sticky-day]');
  await pageB.mouse.wheel(0, 300);
  await expect(sticky).toHaveText('Today');
  const shown = Date.now();
  // A band across the list, opaque, that the messages scroll under: it never prints over their text.
  const band = await sticky.evaluate((el) => {
    const log = el.parentElement!.querySelector('[role="log"]')!;
    return {
      width: el.getBoundingClientRect().width,
      logWidth: log.getBoundingClientRect().width,
      background: getComputedStyle(el).backgroundColor,
    };
  });
  expect(band.width).toBeGreaterThanOrEqual(band.logWidth - 1);
  expect(band.background).toMatch(/^rgb\(/);
  await expect(sticky).toHaveCount(0, { timeout: 4_000 });
  expect(Date.now() - shown).toBeGreaterThan(1_000);

  await chatOf(pageB).getByRole('button', { name: 'Back to the latest messages' }).click();
  await expect(messageRow(pageB, 'One more thing')).toBeInViewport();
  await expect(chatOf(pageB).getByRole('button', { name: 'Back to the latest messages' })).toHaveCount(0);

  await contextA.close();
});
