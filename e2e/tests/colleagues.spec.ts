import { expect, test } from '../support/fixtures';
import {
  asPerson,
  logInByApi,
  newOwner,
  PASSWORD,
  registerAgentByApi,
  registerCompanyByApi,
  snap,
  uniqueEmail,
} from '../support/flows';
import type { Page } from '@playwright/test';

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Colleagues' });
const colleague = (page: Page, name: string) => sidebar(page).getByRole('button', { name: new RegExp(name) });

test('colleagues see each other come and go live, chat privately, and the receiver’s inbox counts it', async ({
  browser,
  request,
  mailbox,
}) => {
  const owner = newOwner({ firstName: 'Grace', lastName: 'Hopper' });
  await registerCompanyByApi(request, mailbox, owner);
  expect((await request.post('/api/auth/login', { data: { email: owner.email, password: owner.password } })).ok()).toBe(
    true,
  );
  const bob = { email: uniqueEmail('bob'), firstName: 'Bob', lastName: 'Builder' };
  await registerAgentByApi(request, bob);

  const viewport = { width: 1440, height: 900 };
  const grace = await (await browser.newContext({ viewport })).newPage();
  const bobPage = await (await browser.newContext({ viewport })).newPage();

  // Grace is in; Bob is not yet.
  await logInByApi(grace, { ...owner, name: 'Grace Hopper' }, { live: true });
  await expect(colleague(grace, 'Bob Builder')).toContainText('Offline');

  // Bob logs in: Grace sees him online without reloading.
  await logInByApi(bobPage, { email: bob.email, password: PASSWORD, name: 'Bob Builder' }, { live: true });
  await expect(colleague(grace, 'Bob Builder')).toContainText('Online');
  await expect(colleague(bobPage, 'Grace Hopper')).toContainText('Online');

  // Grace opens Bob's chat; blank text is ignored, Shift+Enter breaks the line, Enter sends.
  await colleague(grace, 'Bob Builder').click();
  const graceChat = grace.getByRole('region', { name: 'Bob Builder' });
  await expect(graceChat.getByText('No messages yet')).toBeVisible();
  const input = graceChat.getByLabel('Message to Bob Builder');
  await expect(input).toBeFocused();
  await input.fill('   ');
  await input.press('Enter');
  await expect(graceChat.getByText('No messages yet')).toBeVisible();
  await input.fill('Hi Bob');
  await input.press('Shift+Enter');
  await input.pressSequentially('lunch at one?');
  await input.press('Enter');
  // In the messages: until the send is answered, the text area may still hold the same words.
  await expect(graceChat.getByRole('list', { name: 'Messages' }).getByText('Hi Bob\nlunch at one?')).toBeVisible();
  await expect(input).toHaveValue('');
  // Docked in the colleagues column: beside the conversation, never over it, and no second banner landmark.
  const chatBox = await graceChat.boundingBox();
  const conversation = await grace.locator('[data-workspace-chat]').boundingBox();
  expect(chatBox && conversation && chatBox.x >= conversation.x + conversation.width).toBe(true);
  await expect(grace.getByRole('banner')).toHaveCount(1);
  await snap(grace, 'colleagues-chat-1440');

  // Bob: Grace's entry counts one unread message, so does the inbox, a banner flashes.
  await expect(colleague(bobPage, 'Grace Hopper')).toContainText('Unread private messages: 1');
  const inbox = bobPage.getByRole('button', { name: 'Inbox, 1 unread' });
  await expect(inbox).toBeVisible();
  await snap(bobPage, 'colleagues-unread-1440');

  await inbox.click();
  const panel = bobPage.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: /Grace Hopper sent you a private message/ })).toBeVisible();
  await expect(panel).toContainText('Hi Bob');
  await expect(bobPage.getByRole('button', { name: 'Inbox', exact: true })).toBeVisible();
  await snap(bobPage, 'colleagues-inbox-1440');

  // The notification opens the chat; the unread mark goes.
  await panel.getByRole('button', { name: /Grace Hopper sent you a private message/ }).click();
  const bobChat = bobPage.getByRole('region', { name: 'Grace Hopper' });
  await expect(bobChat.getByText('Hi Bob\nlunch at one?')).toBeVisible();
  await expect(colleague(bobPage, 'Grace Hopper')).not.toContainText('Unread private messages');
  await bobChat.getByLabel('Message to Grace Hopper').fill('Sure!');
  await bobChat.getByLabel('Message to Grace Hopper').press('Enter');
  await expect(graceChat.getByText('Sure!')).toBeVisible();
  // Escape closes the panel.
  await bobChat.getByLabel('Message to Grace Hopper').press('Escape');
  await expect(bobChat).toHaveCount(0);

  // The narrow layout: no sidebar; colleagues are a view of their own (the Colleagues tab); the inbox still there.
  await bobPage.setViewportSize({ width: 800, height: 900 });
  await expect(sidebar(bobPage)).toBeHidden();
  await bobPage.locator('#workspace-tab-colleagues').click();
  await expect(
    bobPage.getByRole('tabpanel', { name: /Colleagues/ }).getByRole('button', { name: /Grace Hopper/ }),
  ).toBeVisible();
  await bobPage.getByRole('button', { name: 'Inbox', exact: true }).click();
  await snap(bobPage, 'colleagues-inbox-800');
  await bobPage.keyboard.press('Escape');
  await grace.setViewportSize({ width: 800, height: 900 });
  await expect(grace.getByRole('region', { name: 'Bob Builder' })).toBeVisible();
  await snap(grace, 'colleagues-chat-800');
  await grace.setViewportSize({ width: 390, height: 844 });
  await snap(grace, 'colleagues-chat-390');
  await grace.setViewportSize(viewport);

  // Bob logs out: Grace sees him offline at once.
  await asPerson(bobPage).logOut();
  await expect(colleague(grace, 'Bob Builder')).toContainText('Offline', { timeout: 3_000 });
  await snap(grace, 'colleagues-offline-1440');
});
