/**
 * WhatsApp end to end: the server talks to the fake Graph API (the integration tests' own), Meta's JS SDK and signup
 * window are played by the test (support/meta-signup.ts), and the server has its own address as PUBLIC_URL so Meta's
 * fake can verify and deliver webhooks to it.
 */
import type { Page } from '@playwright/test';
import { buttonReplyMessage, textMessage } from '../../server/test/fakes/whatsapp/webhooks';
import { expect, test } from '../support/fixtures';
import {
  connectWhatsAppNumberByApi,
  openWorkspaceLive,
  pageFitsWidth,
  ownerInWorkspace,
  snap,
  ticketList,
} from '../support/flows';
import { metaSignup, SDK_URL } from '../support/meta-signup';
import { SELF } from '../support/stack';

test.use({ stackEnv: { PUBLIC_URL: SELF } });

const WHATSAPP_SETTINGS = '/admin-panel/settings?tab=communication&service=whatsapp';

const CONFIRM_NUMBER = 'My phone number is not registered on WhatsApp and can receive a verification call or SMS.';
const CONFIRM_ADMIN = "I have admin access to my company's Meta Business Manager.";

/** Saves the screen at 1440 px and at 800 px (where nothing may push the page sideways), then returns to 1440. */
async function snapBothWidths(page: Page, name: string) {
  await snap(page, `${name}-1440`);
  await page.setViewportSize({ width: 800, height: 900 });
  expect(await pageFitsWidth(page), `${name} fits 800 px`).toBe(true);
  await snap(page, `${name}-800`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an admin connects two numbers with Facebook, the code first and then the FINISH event first, and cancels a third', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const meta = stack.whatsapp;
  const facebook = await metaSignup(page);
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Wanda', lastName: 'Signup', company: 'Signup Freight' });

  // Admin panel → Settings → Communication services → WhatsApp.
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('navigation', { name: 'Admin panel sections' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Communication services' }).click();
  await page.getByRole('button', { name: /WhatsApp/ }).click();
  await expect(page).toHaveURL(/\/admin-panel\/settings\?tab=communication&service=whatsapp$/);
  await expect(page.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No WhatsApp number is connected yet.')).toBeVisible();

  // The button waits for both confirmations, and for Meta's SDK, which the page fetched from connect.facebook.net.
  const continueButton = page.getByRole('button', { name: 'Continue with Facebook' });
  await expect(continueButton).toBeDisabled();
  await expect(continueButton).toHaveAccessibleDescription('Tick both confirmations to continue.');
  await snapBothWidths(page, 'whatsapp-home');
  await page.getByRole('checkbox', { name: CONFIRM_NUMBER }).check();
  await expect(continueButton).toBeDisabled();
  await page.getByRole('checkbox', { name: CONFIRM_ADMIN }).check();
  await expect(continueButton).toBeEnabled();
  expect(facebook.sdkRequests).toEqual([SDK_URL]);
  expect(await facebook.inits()).toEqual([
    { appId: meta.appId, autoLogAppEvents: true, xfbml: true, version: meta.version },
  ]);

  // 1. The code comes first; Meta's FINISH event names the number afterwards.
  const firstWaba = meta.addWaba({ name: 'Signup Freight' });
  const firstNumber = meta.addPhoneNumber(firstWaba, {
    displayPhoneNumber: '15550100201',
    verifiedName: 'Signup Freight',
  });
  const firstWindow = await facebook.open(() => continueButton.click());
  await expect(page.getByRole('status').filter({ hasText: "Finish the steps in Facebook's window…" })).toBeVisible();
  expect(await facebook.logins()).toEqual([
    {
      config_id: '1234567890',
      response_type: 'code',
      override_default_response_type: true,
      extras: { setup: {}, featureType: '', sessionInfoVersion: '3' },
    },
  ]);
  expect(facebook.signupRequests.at(-1)?.searchParams.get('config_id')).toBe('1234567890');
  await facebook.authorize(meta.issueCode({ wabaIds: [firstWaba] }));
  await expect(
    page.getByRole('status').filter({ hasText: 'Waiting for Meta to confirm the phone number…' }),
  ).toBeVisible();
  await firstWindow.finish({
    phone_number_id: firstNumber.phoneNumberId,
    waba_id: firstWaba,
    business_id: '910000000000001',
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'WhatsApp number connected! +1 555-010-0201 (Signup Freight)' }),
  ).toBeVisible();
  const connected = page.getByRole('list', { name: 'Connected numbers' });
  await expect(connected.getByRole('listitem')).toHaveCount(1);
  await expect(connected).toContainText('+1 555-010-0201 (Signup Freight)');
  // Meta now sends this WABA's webhooks to this server, which answered Meta's verification handshake.
  expect(meta.subscription(firstWaba)?.overrideCallbackUri).toBe(`${stack.baseUrl}/api/webhooks/whatsapp`);
  await snapBothWidths(page, 'whatsapp-signup-connected');

  // 2. Meta's FINISH event comes first; the code after it.
  await page.getByRole('button', { name: 'Connect another number' }).click();
  const secondWaba = meta.addWaba({ name: 'Signup Freight South' });
  const secondNumber = meta.addPhoneNumber(secondWaba, {
    displayPhoneNumber: '15550100202',
    verifiedName: 'Signup Freight South',
  });
  const secondWindow = await facebook.open(() => continueButton.click());
  await secondWindow.finish({
    phone_number_id: secondNumber.phoneNumberId,
    waba_id: secondWaba,
    business_id: '910000000000001',
  });
  // Without the code nothing can connect yet: the screen still waits for Meta's window.
  await expect(page.getByRole('status').filter({ hasText: "Finish the steps in Facebook's window…" })).toBeVisible();
  await facebook.authorize(meta.issueCode({ wabaIds: [secondWaba] }));
  await expect(
    page.getByRole('status').filter({ hasText: 'WhatsApp number connected! +1 555-010-0202 (Signup Freight South)' }),
  ).toBeVisible();
  await expect(connected.getByRole('listitem')).toHaveCount(2);
  expect(meta.subscription(secondWaba)?.overrideCallbackUri).toBe(`${stack.baseUrl}/api/webhooks/whatsapp`);
  expect(await facebook.logins()).toHaveLength(2);

  // 3. The admin gives up in Meta's window: Meta says at which step, then the window closes without a code.
  await page.getByRole('button', { name: 'Connect another number' }).click();
  const thirdWindow = await facebook.open(() => continueButton.click());
  await thirdWindow.cancel('PHONE_NUMBER_SETUP');
  await facebook.closeWindow();
  await expect(page.getByRole('alert')).toHaveText(/The signup was cancelled at step: PHONE_NUMBER_SETUP\./);
  await expect(connected.getByRole('listitem')).toHaveCount(2);
  await snapBothWidths(page, 'whatsapp-signup-cancelled');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(continueButton).toBeEnabled();
});

test("the accounts tab lists a number's state, switches its webhook off and on, and saves its business profile", async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const meta = stack.whatsapp;
  await ownerInWorkspace(page, request, mailbox, {
    firstName: 'Abel',
    lastName: 'Accounts',
    company: 'Accounts Cargo',
  });
  const business = await connectWhatsAppNumberByApi(page.request, meta, {
    displayPhoneNumber: '15550100301',
    verifiedName: 'Accounts Cargo',
    qualityRating: 'YELLOW',
  });
  const shown = '+1 555-010-0301';
  const callback = `${stack.baseUrl}/api/webhooks/whatsapp`;

  await page.goto(WHATSAPP_SETTINGS);
  await page.getByRole('tab', { name: 'WhatsApp accounts' }).click();
  await expect(page).toHaveURL(/&wa=accounts$/);
  const table = page.getByRole('table', { name: 'WhatsApp phone numbers' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Verification status',
    'Display phone number',
    'Verified name',
    'Quality rating',
    'Throughput level',
    'Last onboarded',
    'Webhook status',
    'Business profile',
  ]);
  const row = table.getByRole('row').filter({ hasText: shown });
  await expect(row.getByRole('cell')).toHaveText([
    'Verified',
    shown,
    'Accounts Cargo',
    'Medium',
    'Standard',
    /\d{4}/,
    'Active',
    'Edit profile',
  ]);

  // The switch turns the number's webhook off at Meta, and on again with our callback.
  const clients = async () =>
    ((await (await page.request.get('/api/admin/get-all-clients')).json()) as { totalClients: number }).totalClients;
  const writes = (from: string, body: string) =>
    meta.receive(business.phoneNumberId, textMessage({ from, body }), { name: 'Ana' });
  expect((await writes('5511987650301', 'Before the switch')).delivered).toBe(true);
  const webhook = row.getByRole('switch', { name: `Webhook for ${shown}` });
  await expect(webhook).toHaveAttribute('aria-checked', 'true');
  await webhook.click();
  await expect(webhook).toHaveAttribute('aria-checked', 'false');
  await expect(row).toContainText('Inactive');
  await expect.poll(() => meta.phoneNumber(business.phoneNumberId).webhookOverride).toBeUndefined();
  // Meta may still deliver while it is off: acknowledged and ignored — no client, no ticket, no answer.
  expect((await writes('5511987650302', 'Anyone there?')).delivered).toBe(true);
  expect(await clients()).toBe(1);
  expect(meta.sent({ to: '5511987650302' })).toHaveLength(0);
  await snapBothWidths(page, 'whatsapp-accounts');
  // After a reload the table reads Meta's state again.
  await page.reload();
  await expect(webhook).toHaveAttribute('aria-checked', 'false');
  await webhook.click();
  await expect(webhook).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => meta.phoneNumber(business.phoneNumberId).webhookOverride?.uri).toBe(callback);

  // The business profile: a live count under each field, saved to Meta.
  await row.getByRole('button', { name: `Edit profile of ${shown}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Business profile' });
  await expect(dialog).toContainText(shown);
  const about = dialog.getByRole('textbox', { name: 'About' });
  await expect(about).toHaveValue('');
  await expect(dialog.getByText('0 / 139')).toBeVisible();
  await about.fill('Parcels across the Baltic, answered within the hour.');
  await expect(dialog.getByText('52 / 139')).toBeVisible();
  await expect(about).toHaveAccessibleDescription(/52 \/ 139/);
  await dialog.getByRole('textbox', { name: 'Email' }).fill('help@accounts-cargo.example');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Freight forwarding and parcel tracking.');
  await dialog.getByRole('textbox', { name: 'Website' }).fill('https://accounts-cargo.example');
  await dialog.getByRole('textbox', { name: 'Address' }).fill('1 Harbour Road, Riga');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Business profile saved.' })).toBeVisible();
  await snapBothWidths(page, 'whatsapp-business-profile');
  expect(meta.businessProfile(business.phoneNumberId)).toMatchObject({
    about: 'Parcels across the Baltic, answered within the hour.',
    email: 'help@accounts-cargo.example',
    description: 'Freight forwarding and parcel tracking.',
    websites: ['https://accounts-cargo.example'],
    address: '1 Harbour Road, Riga',
  });

  // Opened again, the dialog reads what Meta now holds.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);
  await row.getByRole('button', { name: `Edit profile of ${shown}` }).click();
  await expect(dialog.getByRole('textbox', { name: 'About' })).toHaveValue(
    'Parcels across the Baltic, answered within the hour.',
  );
});

test('a new template shows as pending for up to 24 h, and turns approved live when Meta approves it', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const meta = stack.whatsapp;
  await ownerInWorkspace(page, request, mailbox, {
    firstName: 'Tess',
    lastName: 'Templates',
    company: 'Template Mail',
  });
  const business = await connectWhatsAppNumberByApi(page.request, meta, { verifiedName: 'Template Mail' });

  await page.goto(`${WHATSAPP_SETTINGS}&wa=templates`);
  await expect(page.getByRole('tab', { name: 'Templates' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'WhatsApp message templates' });
  const list = page.getByRole('region', { name: 'Message templates' });
  await expect(list.getByText('No templates yet')).toBeVisible();

  const form = page.getByRole('region', { name: 'New template' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Parcel shipped');
  await expect(form.getByText('Template name: parcel_shipped')).toBeVisible();
  await form.getByRole('textbox', { name: 'Message' }).fill('Your parcel is on its way.');
  await form.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'English (en_US)' });
  await form.getByRole('button', { name: 'Submit template' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Template parcel_shipped submitted. Approval may take up to 24 hours.',
  );
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('');

  const row = table.getByRole('row').filter({ hasText: 'parcel_shipped' });
  await expect(row.getByRole('cell')).toHaveText([
    'parcel_shipped',
    'Utility',
    /^Pending\s*up to 24 h$/,
    'English (en_US)',
  ]);
  await expect(list.getByRole('status')).toHaveText(
    'Meta reviews every new template: approval may take up to 24 hours.',
  );
  expect(meta.templates(business.wabaId).map((t) => [t.name, t.language, t.status])).toEqual([
    ['parcel_shipped', 'en_US', 'PENDING'],
  ]);
  await snapBothWidths(page, 'whatsapp-templates-pending');

  // Meta approves: its webhook reaches the server, and the open list changes without a reload.
  let reloads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads++;
  });
  const reports = await meta.approveTemplate('parcel_shipped', { wabaId: business.wabaId });
  expect(reports.map((r) => r.delivered)).toEqual([true]);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Approved');
  await expect(row).not.toContainText('up to 24 h');
  await expect(list.getByRole('status')).toHaveCount(0);
  expect(reloads).toBe(0);
  await snapBothWidths(page, 'whatsapp-templates-approved');
});

test('a WhatsApp client writes, the agent accepts, replies (read by the client), closes; the client rates and writes again', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const meta = stack.whatsapp;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Lena', lastName: 'Loop', company: 'Loop Parcels' });
  const business = await connectWhatsAppNumberByApi(page.request, meta, {
    displayPhoneNumber: '15550100401',
    verifiedName: 'Loop Parcels',
  });
  const from = '5511987650401';
  const clientWrites = async (body: string) => {
    const report = await meta.receive(business.phoneNumberId, textMessage({ from, body }), { name: 'Ana' });
    expect(report.delivered, JSON.stringify(report.attempts)).toBe(true);
  };

  // The client writes: the ticket appears live among the pending ones.
  await openWorkspaceLive(page);
  const pending = await ticketList(page, 'pending');
  await clientWrites('Hola, my parcel is lost');
  const card = pending.getByRole('article', { name: /Ana/ });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('Hola, my parcel is lost');

  // The owner is an agent too: Accept opens the chat (the card leaves Pending); reply.
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toHaveCount(0);
  const chat = page.getByRole('region', { name: /Ana/ });
  const log = chat.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('Hola, my parcel is lost');
  await chat.getByRole('textbox', { name: 'Message' }).fill('Sorry to hear that! Let me check.');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  const sent = await meta.waitForSent((m) => m.waId === from && m.type === 'text', 15_000);
  expect(sent.request).toMatchObject({ to: from, text: { body: 'Sorry to hear that! Let me check.' } });
  await expect(log).toContainText('Sorry to hear that! Let me check.');

  // Meta says the client read it: the reply's status says so without a reload.
  const status = (label: string) => log.getByTitle(label, { exact: true });
  await expect(status('Sent')).toHaveText('Sent');
  await meta.deliverStatus(sent.wamid, 'read');
  await expect(status('Read')).toHaveText('Read');
  await expect(status('Sent')).toHaveCount(0);
  await snapBothWidths(page, 'whatsapp-chat-read');

  // Close, confirming: the client gets the rating question with three buttons.
  await chat.getByRole('button', { name: 'Close ticket' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to close the ticket?' })
    .getByRole('button', { name: 'Close ticket' })
    .click();
  // A closed ticket has no composer, only its closing line.
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  const closing = await meta.waitForSent((m) => m.waId === from && m.type === 'interactive', 15_000);
  const buttons = (
    closing.request as { interactive: { action: { buttons: { reply: { id: string; title: string } }[] } } }
  ).interactive.action.buttons;
  expect(buttons).toHaveLength(3);
  await expect((await ticketList(page, 'closed')).getByRole('article', { name: /Ana/ })).toBeVisible();

  // The client taps the third button: the rating shows in the chat, and the client is thanked.
  const tap = buttonReplyMessage({
    from,
    reply: buttons[2]!.reply,
    context: { from: business.displayPhoneNumber, id: closing.wamid },
  });
  expect((await meta.receive(business.phoneNumberId, tap, { name: 'Ana' })).delivered).toBe(true);
  await expect(log).toContainText('★★★', { timeout: 15_000 });
  await meta.waitForSent((m) => m.waId === from && m.type === 'text' && m.wamid !== sent.wamid, 15_000);

  // Writing again reopens the ticket: back among the pending ones.
  await clientWrites('Still not here');
  await ticketList(page, 'pending');
  await expect(pending.getByRole('article', { name: /Ana/ })).toBeVisible({ timeout: 15_000 });
  await expect(pending.getByRole('article', { name: /Ana/ }).getByRole('button', { name: 'Accept' })).toBeEnabled();
  await snap(page, 'whatsapp-reopened-1440');
});

test('past the 24-hour window the composer offers the approved templates instead of free text, and sends one', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const meta = stack.whatsapp;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Wendy', lastName: 'Window', company: 'Window Freight' });
  const business = await connectWhatsAppNumberByApi(page.request, meta, { verifiedName: 'Window Freight' });
  // An approved template, made as an admin makes it and approved by Meta.
  const created = await page.request.post('/api/submit-whatsapp-template', {
    data: { template_title: 'Checking in', template_text: 'Hello! Are you still there?', language: 'en_US' },
  });
  expect(created.status()).toBe(200);
  await meta.approveTemplate('checking_in');

  const from = '5511987650777';
  await openWorkspaceLive(page);
  const pending = await ticketList(page, 'pending');
  expect(
    (await meta.receive(business.phoneNumberId, textMessage({ from, body: 'Hi there' }), { name: 'Tom' })).delivered,
  ).toBe(true);
  const card = pending.getByRole('article', { name: /Tom/ });
  await expect(card).toBeVisible({ timeout: 15_000 });

  // A day has passed. The server counts the window from the client's last message on its own clock, which this
  // test cannot move: the browser's question about the window is answered as the server would answer then, and
  // everything else (the template list, the send, Meta) is real.
  await page.route('**/api/*/whatsapp-window', async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as { open: boolean; closesAt: string | null };
    const templates = await page.request.get('/api/whatsapp-templates');
    const approved = (
      (await templates.json()) as { name: string; language: string; body: string | null; status: string }[]
    )
      .filter((t) => t.status === 'APPROVED')
      .map(({ name, language, body: text }) => ({ name, language, body: text }));
    await route.fulfill({
      json: { ...body, open: false, closesAt: new Date(Date.now() - 60_000).toISOString(), templates: approved },
    });
  });
  // Accept opens the chat (the card leaves Pending).
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toHaveCount(0);
  const chat = page.getByRole('region', { name: /Tom/ });
  await expect(chat.getByText('The 24-hour window for free-form messages has closed.', { exact: false })).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  const templates = chat.getByRole('group', { name: 'Approved templates' });
  await templates.getByRole('radio', { name: 'checking_in en_US' }).check();
  await snap(page, 'whatsapp-window-closed-1440');
  await chat.getByRole('button', { name: 'Send template' }).click();
  const sent = await meta.waitForSent((m) => m.waId === from && m.type === 'template', 15_000);
  expect(sent.request).toMatchObject({ template: { name: 'checking_in', language: { code: 'en_US' } } });
  await expect(chat.getByRole('log', { name: 'Messages' })).toContainText('Hello! Are you still there?');
  await page.setViewportSize({ width: 800, height: 900 });
  await snap(page, 'whatsapp-window-closed-800');
});
