import { callbackUpdate, textUpdate } from '../../server/test/fakes/telegram/updates';
import { asPerson, expectAccessible, newOwner, openWorkspaceLive, registerCompanyByApi, snap } from '../support/flows';
import { expect, test } from '../support/fixtures';

test('an admin connects the Telegram bot; a client writes, the agent accepts, replies, closes; the client rates and writes again', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const fake = stack.telegram;
  const owner = newOwner({ firstName: 'Nadia', lastName: 'Petrova', company: 'Parcel Express' });
  await registerCompanyByApi(request, mailbox, owner);
  const person = asPerson(page);
  await person.logIn(owner.email, owner.password);
  await person.expectWorkspaceOf('Nadia Petrova');

  // Connect the bot in Settings → Communication services → Telegram.
  const bot = fake.addBot({ username: 'parcel_help_bot' });
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Communication services' }).click();
  await page.getByRole('button', { name: 'Telegram' }).click();
  await page.getByLabel('Bot token').fill('not a token');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid Telegram Bot ID!');
  await page.getByLabel('Bot token').fill(bot.token);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Bot ID successfully submitted!')).toBeVisible();
  await expect(page.getByText(/parcel_help_bot/).first()).toBeVisible();
  await snap(page, 'settings-telegram');
  await expect.poll(() => fake.activePolls(bot.token), { timeout: 15_000 }).toBe(1);

  // A client writes: the ticket appears live, with the tab-title alert.
  await openWorkspaceLive(page);
  await expect(page.getByRole('heading', { name: 'Pending Tickets' })).toBeVisible();
  const chatId = 4242;
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text: 'My parcel is lost', firstName: 'Ana' }),
  );
  const card = page.getByRole('article', { name: /Ana/ });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveTitle('New Ticket!', { timeout: 5_000 });
  await expect(card).toContainText('My parcel is lost');
  await snap(page, 'workspace-new-ticket');

  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await card.getByRole('heading', { name: /Ana/ }).click();
  const chat = page.getByRole('region', { name: /Ana/ });
  const log = chat.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('My parcel is lost');

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
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text: 'Order 1337', firstName: 'Ana' }),
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
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  const closing = await fake.waitForCall(bot.token, 'sendMessage', (c) => Boolean(c.params.reply_markup));
  const buttons = (
    closing.params.reply_markup as { inline_keyboard: { callback_data: string }[][] }
  ).inline_keyboard.flat();
  expect(buttons).toHaveLength(3);
  const closed = page.locator('section', { has: page.getByRole('heading', { name: 'Closed Tickets' }) });
  await expect(closed.getByRole('article', { name: /Ana/ })).toBeVisible();

  // The client taps three stars: the rating shows in the chat.
  await fake.pushUpdate(
    bot.token,
    callbackUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, data: buttons[2]!.callback_data, messageId: 1 }),
  );
  await expect(log).toContainText('★★★', { timeout: 15_000 });
  await expectAccessible(page, 'workspace-closed-rated');
  await fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'Thank you for your rating!');

  // Writing again reopens the ticket: back among the pending ones.
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text: 'Still not here', firstName: 'Ana' }),
  );
  const pending = page.locator('section', { has: page.getByRole('heading', { name: 'Pending Tickets' }) });
  await expect(pending.getByRole('article', { name: /Ana/ })).toBeVisible({ timeout: 15_000 });
  await expect(pending.getByRole('article', { name: /Ana/ }).getByRole('button', { name: 'Accept' })).toBeEnabled();
  await snap(page, 'workspace-reopened');
});
