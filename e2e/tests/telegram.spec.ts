import { callbackUpdate, textUpdate } from '../../server/test/fakes/telegram/updates';
import {
  connectBotByApi,
  expectAccessible,
  openWorkspaceLive,
  ownerInWorkspace,
  pageFitsWidth,
  snap,
  ticketList,
} from '../support/flows';
import { expect, test } from '../support/fixtures';

test('an admin connects the Telegram bot; a client writes, the agent accepts, replies, closes; the client rates and writes again', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, {
    firstName: 'Nadia',
    lastName: 'Petrova',
    company: 'Parcel Express',
  });

  // Connect the bot in Settings → Communication services → Telegram.
  const bot = fake.addBot({ username: 'parcel_help_bot' });
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Communication services' }).click();
  await page.getByRole('button', { name: 'Telegram' }).click();
  await page.getByLabel('Bot token').fill('not a token');
  await page.getByRole('button', { name: 'Submit' }).click();
  // The screen says "token" throughout (SPEC's 'Invalid Telegram Bot ID!' stays the server's own text).
  await expect(page.getByRole('alert')).toContainText('Invalid bot token!');
  await page.getByLabel('Bot token').fill(bot.token);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Bot token saved. Your bot is connected.')).toBeVisible();
  await expect(page.getByText(/parcel_help_bot/).first()).toBeVisible();
  await snap(page, 'settings-telegram');
  await expect.poll(() => fake.activePolls(bot.token), { timeout: 15_000 }).toBe(1);

  // A client writes: the ticket appears live, with the tab-title alert.
  await openWorkspaceLive(page);
  await expect(page.getByRole('heading', { name: 'Pending Tickets' })).toBeVisible();
  const chatId = 4242;
  await fake.pushUpdate(
    bot.token,
    textUpdate({
      updateId: fake.nextUpdateId(bot.token),
      chatId,
      text: 'My parcel is lost',
      firstName: 'Ana',
      username: 'ana_parcels',
    }),
  );
  // Pending shows on arrival; no click here: any interaction with the page ends the blinking title.
  const card = page.locator('#ticket-filter-panel-pending').getByRole('article', { name: /Ana/ });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveTitle('New Ticket!', { timeout: 5_000 });
  await expect(card).toContainText('My parcel is lost');
  await snap(page, 'workspace-new-ticket');

  // Accept opens the chat with the cursor in the reply box; the ticket leaves Pending for Mine.
  await card.getByRole('button', { name: 'Accept' }).click();
  const chat = page.getByRole('region', { name: /Ana/ });
  const log = chat.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('My parcel is lost');
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(card).toHaveCount(0);
  const mine = (await ticketList(page, 'mine')).getByRole('article', { name: /Ana/ });
  // Yours, and Ana waits for the first answer: the card says how long instead of "Handled by you".
  await expect(mine).toContainText(/Waiting \d+ min/);
  // The client panel beside the chat shows the client's @username, linked to their Telegram page.
  const handle = chat
    .getByRole('complementary', { name: 'Client details' })
    .getByRole('link', { name: /@ana_parcels/ });
  await expect(handle).toHaveAttribute('href', 'https://t.me/ana_parcels');

  // The reply goes out through the bot.
  await chat.getByRole('textbox', { name: 'Message' }).fill('Sorry to hear that! Let me check.');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(log).toContainText('Sorry to hear that! Let me check.');
  const sent = await fake.waitForCall(
    bot.token,
    'sendMessage',
    (c) => c.params.text === 'Sorry to hear that! Let me check.',
  );
  expect(String(sent.params.chat_id)).toBe(String(chatId));

  // The client answers: it appears in the open chat without a reload.
  await fake.pushUpdate(
    bot.token,
    textUpdate({
      updateId: fake.nextUpdateId(bot.token),
      chatId,
      text: 'Order 1337',
      firstName: 'Ana',
      username: 'ana_parcels',
    }),
  );
  await expect(log).toContainText('Order 1337', { timeout: 15_000 });
  await snap(page, 'workspace-chat');
  await page.setViewportSize({ width: 800, height: 900 });
  await snap(page, 'workspace-chat-800');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Close, confirming; the client gets three rating buttons.
  await chat.getByRole('button', { name: 'Close ticket' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to close the ticket?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'workspace-close-confirm');
  await confirm.getByRole('button', { name: 'Close ticket' }).click();
  // A closed ticket has no composer, only its closing line.
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  const closing = await fake.waitForCall(bot.token, 'sendMessage', (c) => Boolean(c.params.reply_markup));
  const buttons = (
    closing.params.reply_markup as { inline_keyboard: { callback_data: string }[][] }
  ).inline_keyboard.flat();
  expect(buttons).toHaveLength(3);
  // The agent's chat shows what the client got, marked automatic like the greeting.
  await expect(log.getByText('Automatic · Closing text', { exact: true })).toBeVisible();
  await expect(log).toContainText('Your ticket has been closed. How would you rate our support?');
  await expect(mine).toHaveCount(0);
  await expect((await ticketList(page, 'closed')).getByRole('article', { name: /Ana/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Closed Tickets' })).toBeVisible();

  // The client taps three stars: the rating shows in the chat.
  await fake.pushUpdate(
    bot.token,
    callbackUpdate({
      updateId: fake.nextUpdateId(bot.token),
      chatId,
      username: 'ana_parcels',
      data: buttons[2]!.callback_data,
      messageId: 1,
    }),
  );
  await expect(log).toContainText('★★★', { timeout: 15_000 });
  await expectAccessible(page, 'workspace-closed-rated');
  await fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'Thank you for your rating!');
  await expect(log.getByText('Automatic · Rating thanks', { exact: true })).toBeVisible();
  await expect(log).toContainText('Thank you for your rating!');
  await snap(page, 'workspace-closed-thanks');

  // Writing again reopens the ticket: back among the pending ones.
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text: 'Still not here', firstName: 'Ana' }),
  );
  const pending = await ticketList(page, 'pending');
  await expect(pending.getByRole('article', { name: /Ana/ })).toBeVisible({ timeout: 15_000 });
  await expect(pending.getByRole('article', { name: /Ana/ }).getByRole('button', { name: 'Accept' })).toBeEnabled();
  await snap(page, 'workspace-reopened');
});

test('an admin disconnects the Telegram bot after confirming: polling stops, the token is forgotten, tickets stay', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Iris', lastName: 'Vos', company: 'Tulip Shop' });
  const bot = await connectBotByApi(page.request, fake, 'tulip_help_bot');
  await fake.pushUpdate(
    bot.token,
    textUpdate({
      updateId: fake.nextUpdateId(bot.token),
      chatId: 5151,
      text: 'Do you ship to Ghent?',
      firstName: 'Bram',
    }),
  );
  const ticketsOf = async () =>
    ((await (await page.request.get('/api/tickets')).json()) as { client_name: string }[]).map((x) => x.client_name);
  await expect.poll(ticketsOf, { timeout: 15_000 }).toEqual(['Bram']);

  await page.goto('/admin-panel/settings');
  await page.getByRole('tab', { name: 'Communication services' }).click();
  await page.getByRole('button', { name: 'Telegram' }).click();
  // The service card says which bot is connected, and so does the bot's settings.
  await expect(page.getByRole('button', { name: 'Telegram' })).toContainText('Connected · @tulip_help_bot');
  await expect(page.getByText('A bot is already connected (@tulip_help_bot)')).toBeVisible();
  // On a phone the connected bot's two actions stay inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = (await page.getByRole('button', { name: 'Disconnect' }).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await pageFitsWidth(page)).toBe(true);
  await snap(page, 'settings-telegram-connected-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect the Telegram bot?' });
  await expect(confirm).toContainText('Tickets and chat history stay.');
  await snap(page, 'settings-telegram-disconnect-confirm');
  // Cancel first: nothing happens, focus returns to the button that opened the dialog.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Disconnect' })).toBeFocused();
  expect(fake.activePolls(bot.token)).toBe(1);

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('The Telegram bot is disconnected. Its tickets and history are kept.')).toBeVisible();
  await expect(page.getByLabel('Bot token')).toBeFocused();
  await expect(page.getByText(/tulip_help_bot/)).toHaveCount(0);
  await expect.poll(() => fake.activePolls(bot.token), { timeout: 15_000 }).toBe(0);
  expect(fake.calls(bot.token, 'deletewebhook').length).toBeGreaterThanOrEqual(2);
  await snap(page, 'settings-telegram-disconnected');

  // The bot's ticket and its history stay; a reload shows the bot disconnected.
  expect(await ticketsOf()).toEqual(['Bram']);
  await page.reload();
  await page.getByRole('tab', { name: 'Communication services' }).click();
  await page.getByRole('button', { name: 'Telegram' }).click();
  await expect(page.getByLabel('Bot token')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
});
