import type { Locator, Page } from '@playwright/test';
import { callbackUpdate, textUpdate } from '../../server/test/fakes/telegram/updates';
import { expect, test } from '../support/fixtures';
import {
  connectBotByApi,
  expectAccessible,
  openWorkspaceLive,
  ownerInWorkspace,
  pageFitsWidth,
  snap,
} from '../support/flows';

/** Long enough that, in Russian, text buttons beside it used to cut it to "Ana…". */
const CLIENT = 'Anastasia Konstantinovna Rimskaya';
const EDGE = 0.5;

/** Once its entrance animation (the sheet's slide, the pinned panel's late fade) has finished. */
const settled = (popover: Locator) =>
  popover.evaluate((el) =>
    // Its own entrance only: what it holds may spin for good (a loading picker).
    Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined))).then(() => true),
  );

async function boxOf(page: Page, popover: Locator) {
  await expect(popover).toBeVisible();
  await settled(popover);
  const box = (await popover.boundingBox())!;
  const viewport = page.viewportSize()!;
  return { ...box, right: box.x + box.width, bottom: box.y + box.height, viewport };
}

async function expectInsideViewport(page: Page, popover: Locator) {
  const box = await boxOf(page, popover);
  expect(box.x).toBeGreaterThanOrEqual(-EDGE);
  expect(box.y).toBeGreaterThanOrEqual(-EDGE);
  expect(box.right).toBeLessThanOrEqual(box.viewport.width + EDGE);
  expect(box.bottom).toBeLessThanOrEqual(box.viewport.height + EDGE);
}

/** A phone's popover: the whole width, on the bottom edge, at most 70 % of the height, and nothing scrolls sideways. */
async function expectBottomSheet(page: Page, popover: Locator) {
  const box = await boxOf(page, popover);
  expect(box.x).toBeCloseTo(0, 0);
  expect(box.width).toBeCloseTo(box.viewport.width, 0);
  expect(box.bottom).toBeCloseTo(box.viewport.height, 0);
  expect(box.y).toBeGreaterThanOrEqual(box.viewport.height * 0.3 - 1);
  expect(await pageFitsWidth(page)).toBe(true);
}

/** The client's name in the chat header is shown whole: nothing of it is cut off by an ellipsis. */
async function expectWholeName(chat: Locator) {
  // The header's is the first (the client panel beside the messages is titled with the name too).
  const name = chat.getByRole('heading', { name: CLIENT, level: 2 }).first();
  await expect(name).toBeVisible();
  const fits = await name.evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits).toBe(true);
}

async function setLanguage(page: Page, lang: 'en' | 'ru') {
  expect((await page.request.post('/api/auth/change-lang', { data: { lang } })).ok()).toBe(true);
  await page.evaluate((value) => window.localStorage.setItem('kreechat.lang', value), lang);
  await openWorkspaceLive(page);
}

test('every popover closes with Escape (focus back) and an outside click, stays inside the viewport and is a bottom sheet on a phone; the header keeps a long Russian name; a closed ticket has no composer and reopens', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  // Three widths, two languages and a dozen popovers with an accessibility check each.
  test.setTimeout(180_000);
  const fake = stack.telegram;
  await page.setViewportSize({ width: 1440, height: 900 });
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Bianca', lastName: 'Boss', company: 'Popover Post' });
  const bot = await connectBotByApi(page.request, fake, 'popover_post_bot');
  await openWorkspaceLive(page);
  const chatId = 6161;
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text: 'My parcel is late', firstName: CLIENT }),
  );

  const card = page.getByRole('article', { name: /Anastasia/ });
  const openTicket = async () => {
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card
      .getByRole('button', { name: /Anastasia/ })
      .or(card.getByRole('heading', { name: /Anastasia/ }))
      .first()
      .click();
    await expect(log).toContainText('My parcel is late');
  };
  const chat = page.getByRole('region', { name: CLIENT }).first();
  // Not by its name: the test switches languages.
  const log = chat.getByRole('log').first();

  // Russian, the pending ticket (the most buttons in its header): the name stays whole, at every width.
  await setLanguage(page, 'ru');
  await openTicket();
  for (const [width, height] of [
    [1440, 900],
    [800, 1000],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (!(await log.isVisible())) await page.getByRole('tab', { name: 'Чат' }).click();
    await expectWholeName(chat);
    expect(await pageFitsWidth(page)).toBe(true);
    await snap(page, `chat-header-ru-${width}`);
  }

  // Bianca opens the ticket in English and accepts it (through the API: the lists are not what this tests).
  await page.setViewportSize({ width: 1440, height: 900 });
  await setLanguage(page, 'en');
  await openTicket();
  const found = await (await page.request.get(`/api/search-ticket/${encodeURIComponent('Anastasia')}/open`)).json();
  const ticketid = (found as { ticketid: string }[])[0]!.ticketid;
  expect((await page.request.post('/api/acceptTicket', { data: { ticketid } })).ok()).toBe(true);
  const box = chat.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeEnabled();

  // Each popover: Escape closes it and focus goes back to its button; a click outside closes it too.
  const popovers: { button: Locator; popover: Locator; shot: string }[] = [
    {
      button: chat.getByRole('button', { name: 'Pinned messages' }),
      popover: chat.getByRole('region', { name: 'Pinned messages' }),
      shot: 'pins',
    },
    {
      button: chat.getByRole('button', { name: 'Insert emoji' }),
      popover: page.getByRole('dialog', { name: 'Emoji' }),
      shot: 'emoji',
    },
    {
      button: chat.getByRole('button', { name: 'Insert a bubble' }),
      popover: page.getByRole('dialog', { name: 'Your bubbles' }),
      shot: 'bubbles',
    },
    {
      button: page.getByRole('button', { name: /^Inbox/ }),
      popover: page.getByRole('region', { name: 'Notifications' }),
      shot: 'inbox',
    },
  ];
  for (const { button, popover, shot } of popovers) {
    await button.click();
    await expectInsideViewport(page, popover);
    await snap(page, `popover-${shot}-1440`);
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await expect(popover).toBeVisible();
    // Outside: the bottom corner of the messages, which none of them covers.
    const corner = (await log.boundingBox())!;
    await log.click({ position: { x: 12, y: corner.height - 12 } });
    await expect(popover).toBeHidden();
  }

  // The message menu and the chat search close with Escape, focus back where they came from.
  const message = log.locator('[data-messageid]', { hasText: 'My parcel is late' });
  await message.click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Message actions' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(message).toBeFocused();
  const searchToggle = chat.getByRole('button', { name: 'Search in this chat' });
  await searchToggle.click();
  await expect(chat.getByRole('searchbox', { name: 'Search messages' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(chat.getByRole('searchbox', { name: 'Search messages' })).toHaveCount(0);
  await expect(searchToggle).toBeFocused();

  // A popover closes when a dialog opens over it (the pins used to stay open behind it).
  await popovers[0]!.button.click();
  await expect(popovers[0]!.popover).toBeVisible();
  await chat.getByRole('button', { name: 'Close ticket' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to close the ticket?' });
  await expect(confirm).toBeVisible();
  await expect(popovers[0]!.popover).toHaveCount(0);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'close-confirm');
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(chat.getByRole('button', { name: 'Close ticket' })).toBeFocused();

  // 800 px: the popovers stay inside the viewport.
  await page.setViewportSize({ width: 800, height: 1000 });
  if (!(await box.isVisible())) await page.getByRole('tab', { name: 'Chat' }).click();
  for (const { button, popover, shot } of popovers.slice(0, 3)) {
    await button.click();
    await expectInsideViewport(page, popover);
    if (shot === 'pins') await snap(page, 'popover-pins-800');
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
  }

  // A phone: the pickers, the pins and the inbox are bottom sheets inside the screen; nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  if (!(await box.isVisible())) await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(box).toBeVisible();
  expect(await pageFitsWidth(page)).toBe(true);
  for (const { button, popover, shot } of popovers) {
    if (!(await button.isVisible())) continue;
    await button.click();
    await expectBottomSheet(page, popover);
    await snap(page, `popover-${shot}-390`);
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(button).toBeFocused();
  }
  // The two the issue named are always there on a phone.
  for (const { button } of popovers.slice(1, 3)) await expect(button).toBeVisible();

  // On a phone the ticket's actions sit behind "More actions": arrow keys walk them, Escape closes and returns
  // focus; a dialog opened from it comes back to the More button.
  const more = chat.getByRole('button', { name: 'More actions' });
  const moreMenu = chat.getByRole('group', { name: 'More actions' });
  await expect(chat.getByRole('button', { name: 'Close ticket' })).toBeHidden();
  await more.click();
  await expect(moreMenu).toBeVisible();
  const actions = moreMenu.getByRole('button');
  await expect(actions.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(moreMenu.getByRole('button', { name: 'Close ticket' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(actions.first()).toBeFocused();
  await snap(page, 'chat-more-390');
  await page.keyboard.press('Escape');
  await expect(moreMenu).toBeHidden();
  await expect(more).toBeFocused();
  await more.click();
  await moreMenu.getByRole('button', { name: 'Close ticket' }).click();
  await expect(confirm).toBeVisible();
  await expect(moreMenu).toBeHidden();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(more).toBeFocused();

  // Closing: Cancel / Close ticket; then no composer, the closing line, the rating, and Reopen.
  await page.setViewportSize({ width: 1440, height: 900 });
  await chat.getByRole('button', { name: 'Close ticket' }).click();
  await confirm.getByRole('button', { name: 'Close ticket' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(chat.getByRole('button', { name: 'Insert emoji' })).toHaveCount(0);
  await expect(chat.getByRole('button', { name: 'Attach file' })).toHaveCount(0);
  const footer = chat.locator('footer');
  await expect(footer).toContainText(/Closed by Bianca Boss on /);
  const closing = await fake.waitForCall(bot.token, 'sendMessage', (c) => Boolean(c.params.reply_markup));
  const stars = (
    closing.params.reply_markup as { inline_keyboard: { callback_data: string }[][] }
  ).inline_keyboard.flat();
  await fake.pushUpdate(
    bot.token,
    callbackUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, data: stars[1]!.callback_data, messageId: 1 }),
  );
  await expect(footer).toContainText('★★☆', { timeout: 15_000 });
  await snap(page, 'chat-closed-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  if (!(await footer.isVisible())) await page.getByRole('tab', { name: 'Chat' }).click();
  expect(await pageFitsWidth(page)).toBe(true);
  await snap(page, 'chat-closed-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await footer.getByRole('button', { name: 'Reopen' }).click();
  // Back to pending (SPEC §4): the composer is back, waiting for an accept; the chat shows the reopen note.
  await expect(footer).toHaveCount(0);
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(log).toContainText('Ticket reopened');
  // The header's stage badge (the first; the client panel's list shows this ticket's stage too).
  await expect(chat.getByText('Pending', { exact: true }).first()).toBeVisible();
});

test("the chat's client details: beside the messages on a wide screen, remembered when collapsed; a drawer below 1200 px that Escape closes", async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const fake = stack.telegram;
  await page.setViewportSize({ width: 1440, height: 900 });
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Dana', lastName: 'Desk', company: 'Panel Post' });
  const bot = await connectBotByApi(page.request, fake, 'panel_post_bot');
  await openWorkspaceLive(page);
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 6262, text: 'Hi there', firstName: 'Boris' }),
  );
  const card = page.getByRole('article', { name: /Boris/ });
  const openTicket = async () => {
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card
      .getByRole('button', { name: /Boris/ })
      .or(card.getByRole('heading', { name: /Boris/ }))
      .first()
      .click();
  };
  await openTicket();
  const chat = page.getByRole('region', { name: 'Boris' }).first();
  await expect(chat.getByRole('log', { name: 'Messages' })).toContainText('Hi there');
  // Exact: other controls' names hold the words too.
  const toggle = chat.getByRole('button', { name: 'Client details', exact: true });

  // Wide: open at first, beside the messages (not over them).
  const panel = page.getByRole('complementary', { name: 'Client details' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();
  const log = (await chat.getByRole('log', { name: 'Messages' }).boundingBox())!;
  const side = (await panel.boundingBox())!;
  expect(side.x).toBeGreaterThanOrEqual(log.x + log.width - 1);
  await snap(page, 'chat-side-panel-1440');

  // Collapsed, it stays so for the next ticket and the next visit.
  await toggle.click();
  await expect(panel).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await openWorkspaceLive(page);
  await openTicket();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toHaveCount(0);
  await toggle.click();
  await expect(panel).toBeVisible();

  // Below 1200 px: a drawer, closed until asked for; Escape closes it and focus returns to the toggle.
  await page.setViewportSize({ width: 800, height: 1000 });
  if (!(await toggle.isVisible())) await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(panel).toHaveCount(0);
  await toggle.click();
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  await expectInsideViewport(page, panel);
  await snap(page, 'chat-side-panel-800');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(toggle).toBeFocused();
  // A phone: the toggle is in the header's More menu; the drawer opens over the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await chat.getByRole('button', { name: 'More actions' }).click();
  await toggle.click();
  await expectInsideViewport(page, panel);
  expect(await pageFitsWidth(page)).toBe(true);
  await snap(page, 'chat-side-panel-390');
  await panel.getByRole('button', { name: 'Close' }).first().click();
  await expect(panel).toHaveCount(0);
  // The click closed the More menu too: focus goes to the button that opens it.
  await expect(chat.getByRole('button', { name: 'More actions' })).toBeFocused();
});
