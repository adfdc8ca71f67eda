/**
 * KreeChat and a real WordPress 6.1 (Debian's files, PHP's built-in server, MariaDB) side by side, in Chromium: the
 * admin makes a token in KreeChat and saves it on the plugin's settings page; a signed-in WordPress user and a
 * guest chat from the widget with an agent in the workspace — live both ways, a file, close, rating; then what must
 * be refused: a forged, expired or already used identity, a foreign origin (which cannot even read the refusal), a
 * guest posing as the signed-in user, a revoked token.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectAccessible, openWorkspaceLive, ownerInWorkspace } from '../support/flows';
import { expect, test } from '../support/fixtures';
import { startWordPress, type WordPress, type WordPressUser } from '../support/wordpress';

const SCREENS = 'test-results/screens';

// Outside CI a machine without PHP skips with the reason; under CI the start fails instead (nothing may skip).
test.skip(
  !fs.existsSync('/usr/bin/php') && !process.env.CI,
  '/usr/bin/php not found: apt-get install -y php-cli php-mysql php-gd php-xml php-mbstring php-curl',
);

let wp: WordPress;
test.beforeAll(async () => {
  wp = await startWordPress({ permalinks: 'pretty' });
});
test.afterAll(async () => wp?.close());
test.afterEach(() => expect(wp.phpErrors()).toEqual([]));

/** A browser of its own (cookies, storage), on the WordPress site. */
async function siteBrowser(browser: Browser, who?: WordPressUser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (who) {
    await page.goto(`${wp.url}/wp-login.php`);
    await page.getByLabel('Username or Email Address').fill(who.user);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/wp-admin\//);
  }
  return page;
}

/** The admin, in KreeChat, makes a token for the site in Settings → Communication services → WordPress. */
async function generateToken(page: Page, name: string): Promise<string> {
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Communication services' }).click();
  await page.getByRole('button', { name: 'WordPress' }).click();
  await page.getByRole('tab', { name: 'Generate token' }).click();
  await page.getByLabel('Token name').fill(name);
  await page.getByLabel('Site address').fill(wp.url);
  await page.getByRole('button', { name: 'Generate token' }).click();
  const field = page.getByLabel(`Token for ${wp.url}`);
  await expect(field).toBeVisible();
  return field.inputValue();
}

/** The site's admin pastes the KreeChat address and the token on Settings → KreeChat. */
async function saveInWordPress(browser: Browser, kreechat: string, token: string) {
  const admin = await siteBrowser(browser, wp.admin);
  await admin.goto(`${wp.url}/wp-admin/options-general.php?page=kreechat`);
  await admin.getByLabel('KreeChat address').fill(kreechat);
  await admin.getByLabel('Token', { exact: true }).fill(token);
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByLabel('KreeChat address')).toHaveValue(kreechat);
  expect(await admin.content()).not.toContain(token.split('.')[1]!);
  await admin.context().close();
}

/** The widget on the site's front page, opened. */
async function openWidget(page: Page) {
  await page.goto(`${wp.url}/`);
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  await expect(launcher).toBeVisible({ timeout: 15_000 });
  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'Support' });
  await expect(panel).toBeVisible();
  return panel;
}

async function write(panel: ReturnType<Page['getByRole']>, text: string) {
  await panel.getByRole('textbox', { name: 'Message' }).fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('log', { name: 'Conversation' })).toContainText(text);
}

/** A widget call as a page of `origin` would make it (Playwright's request sets the Origin a browser would). */
const widgetSession = (request: APIRequestContext, origin: string, data: Record<string, unknown>) =>
  request.post('/api/widget/sessions', { headers: { origin }, data });

test('a signed-in WordPress user and a guest chat with an agent from the widget: live both ways, a file, close and rating', async ({
  page,
  request,
  mailbox,
  stack,
  browser,
}) => {
  test.setTimeout(150_000);
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Petra', lastName: 'Novak', company: 'Book Nook' });
  const token = await generateToken(page, 'Book Nook shop');
  await page.screenshot({ path: `${SCREENS}/wordpress-token-generated.png`, fullPage: true });
  await saveInWordPress(browser, stack.baseUrl, token);

  // The agent (the owner) waits in the workspace.
  await page.goto('/');
  await openWorkspaceLive(page);

  // A signed-in WordPress user writes from the widget: no name or e-mail asked, the site vouches for them.
  const olga = await siteBrowser(browser, wp.visitor);
  const panel = await openWidget(olga);
  await expect(panel.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(panel.getByLabel('E-mail')).toBeHidden();
  await write(panel, 'Is the atlas back in stock?');
  await olga.screenshot({ path: `${SCREENS}/wordpress-widget-written.png` });
  await expectAccessible(olga, 'wordpress-widget-open', { include: 'kreechat-widget' });

  const card = page.getByRole('article', { name: new RegExp(wp.visitor.name) });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('Is the atlas back in stock?');
  // Accept opens the chat.
  await card.getByRole('button', { name: 'Accept' }).click();
  const chat = page.getByRole('region', { name: new RegExp(wp.visitor.name) });
  const log = chat.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('Is the atlas back in stock?');

  // The agent's reply and a file reach the open widget live.
  await chat.getByRole('textbox', { name: 'Message' }).fill('Yes, it came in this morning.');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  const conversation = panel.getByRole('log', { name: 'Conversation' });
  await expect(conversation).toContainText('Yes, it came in this morning.', { timeout: 15_000 });
  const chooser = page.waitForEvent('filechooser');
  await chat.getByRole('button', { name: 'Attach file' }).click();
  await (await chooser).setFiles({ name: 'atlas.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
  await chat.getByRole('group', { name: 'File to send' }).getByRole('button', { name: 'Send file' }).click();
  await expect(conversation).toContainText('atlas.pdf', { timeout: 15_000 });

  // The visitor answers: it reaches the open chat without a reload.
  await write(panel, 'Great, I will pick it up.');
  await expect(log).toContainText('Great, I will pick it up.', { timeout: 15_000 });

  // The agent closes; the visitor rates 3 of 3; the agent sees the rating.
  await chat.getByRole('button', { name: 'Close ticket' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to close the ticket?' })
    .getByRole('button', { name: 'Close ticket' })
    .click();
  const rating = panel.getByRole('group', { name: 'How would you rate our support?' });
  await expect(rating).toBeVisible({ timeout: 15_000 });
  await olga.screenshot({ path: `${SCREENS}/wordpress-widget-rate.png` });
  await expectAccessible(olga, 'wordpress-widget-rate', { include: 'kreechat-widget' });
  await rating.getByRole('button', { name: '3 of 3' }).click();
  await expect(panel).toContainText('Thank you for your rating!');
  await expect(log).toContainText('★★★', { timeout: 15_000 });

  // The history survives a reload for the same signed-in user.
  const again = await openWidget(olga);
  await expect(again.getByRole('log', { name: 'Conversation' })).toContainText('Yes, it came in this morning.');

  // A guest chats too: name and e-mail first, then the conversation.
  const guest = await siteBrowser(browser);
  const guestPanel = await openWidget(guest);
  await guestPanel.getByLabel('Name').fill('Gus Guest');
  await guestPanel.getByLabel('E-mail').fill('gus@example.test');
  await guestPanel.getByRole('button', { name: 'Start chat' }).click();
  await write(guestPanel, 'Do you ship abroad?');
  await expect(page.getByRole('article', { name: /Gus Guest/ })).toBeVisible({ timeout: 15_000 });
  for (const width of [800, 390]) {
    await guest.setViewportSize({ width, height: 800 });
    await guest.screenshot({ path: `${SCREENS}/wordpress-widget-guest-${width}.png` });
  }
  await expectAccessible(guest, 'wordpress-widget-guest-390', { include: 'kreechat-widget' });
  await Promise.all([olga.context().close(), guest.context().close()]);
});

test('refused: a forged or expired identity, a foreign origin, a guest posing as a signed-in user, a revoked token', async ({
  page,
  request,
  mailbox,
  stack,
  browser,
}) => {
  test.setTimeout(150_000);
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Ravi', lastName: 'Shah', company: 'Map Room' });
  const token = await generateToken(page, 'Map Room shop');
  const [tokenId, secret] = token.split('.') as [string, string];
  await saveInWordPress(browser, stack.baseUrl, token);

  // Signed-in Olga writes something private.
  const olga = await siteBrowser(browser, wp.visitor);
  await write(await openWidget(olga), 'My card ends in 4242');

  // The plugin signs a random nonce in: two identities of one user at once differ, and each opens one session
  // only — an identity copied out of a page opens nothing once that page used it.
  const identityFromSite = () =>
    olga.evaluate(async () => {
      const config = (window as unknown as { kreechatWidget: { identityUrl: string; nonce: string } }).kreechatWidget;
      const answer = await fetch(config.identityUrl, { headers: { 'X-WP-Nonce': config.nonce } });
      return ((await answer.json()) as { identity: string }).identity;
    });
  const [first, second] = await Promise.all([identityFromSite(), identityFromSite()]);
  expect(first).not.toBe(second);
  const once = await widgetSession(request, wp.url, { tokenId, identity: first });
  expect(once.status()).toBe(201);
  expect(once.headers()['access-control-allow-origin']).toBe(wp.url);
  expect((await widgetSession(request, wp.url, { tokenId, identity: first })).status()).toBe(401);
  expect((await widgetSession(request, wp.url, { tokenId, identity: second })).status()).toBe(201);

  const sign = (fields: Record<string, unknown>, key = secret) => {
    const payload = Buffer.from(JSON.stringify({ v: 1, tokenId, ...fields })).toString('base64url');
    return `${payload}.${createHmac('sha256', key).update(payload).digest('hex')}`;
  };
  const now = Math.floor(Date.now() / 1000);
  const olgaFields = { email: wp.visitor.email, name: wp.visitor.name };
  for (const identity of [
    sign({ ...olgaFields, exp: now + 600 }, 'not-the-secret'),
    sign({ ...olgaFields, exp: now - 3600 }),
    sign({ ...olgaFields, exp: now + 86_400 }),
  ]) {
    expect((await widgetSession(request, wp.url, { tokenId, identity })).status()).toBe(401);
  }
  const genuine = await widgetSession(request, wp.url, { tokenId, identity: sign({ ...olgaFields, exp: now + 600 }) });
  expect(genuine.status()).toBe(201);
  const foreign = await widgetSession(request, stack.baseUrl, {
    tokenId,
    guest: { name: 'Eve', email: 'e@example.test' },
  });
  expect(foreign.status()).toBe(403);
  // Another origin's page cannot even read the refusal.
  expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();

  // A guest who types Olga's e-mail starts an empty conversation of their own.
  const impostor = await siteBrowser(browser);
  const panel = await openWidget(impostor);
  await panel.getByLabel('Name').fill(wp.visitor.name);
  await panel.getByLabel('E-mail').fill(wp.visitor.email);
  await panel.getByRole('button', { name: 'Start chat' }).click();
  await expect(panel.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(panel).not.toContainText('4242');

  // The admin deletes the token: the open conversation ends at once, and a new one is refused.
  await page.getByRole('tab', { name: 'Tokens' }).click();
  await page.getByRole('button', { name: 'Delete token Map Room shop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete token' }).click();
  await expect(page.getByText('Token Map Room shop deleted.')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Message' })).toBeHidden({ timeout: 15_000 });
  await panel.getByLabel('Name').fill('Gus Guest');
  await panel.getByLabel('E-mail').fill('gus@example.test');
  await panel.getByRole('button', { name: 'Start chat' }).click();
  await expect(panel.getByText('The chat is not available on this site right now.')).toBeVisible();
  const revoked = await widgetSession(request, wp.url, { tokenId, guest: { name: 'Gus', email: 'gus@example.test' } });
  expect(revoked.status()).toBe(401);
  await Promise.all([olga.context().close(), impostor.context().close()]);
});
