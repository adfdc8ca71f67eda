/**
 * A WordPress guest types a name and an e-mail that nobody checks. Here a guest types the name and e-mail of a
 * visitor the site signed in: the agents see two clients, the guest's marked "Not verified" (with the why) on the
 * ticket card, the chat header, the client panel and the admin clients list and profile.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expectAccessible,
  openWorkspaceLive,
  ownerInWorkspace,
  pageFitsWidth,
  snap,
  ticketList,
} from '../support/flows';
import { expect, test } from '../support/fixtures';

const SITE = 'https://shop.example.test';
const NAME = 'Alice Archer';
const EMAIL = 'alice.archer@example.test';
const EXPLANATION =
  'This visitor wrote as a guest: the name and e-mail are what they typed, not confirmed by the site.';

/** Signs an identity as the plugin's class-identity-signer.php does: base64url JSON, hex HMAC-SHA256, 10 minutes. */
function signedIdentity(tokenId: string, secret: string, email: string, name: string) {
  const payload = Buffer.from(
    JSON.stringify({
      v: 1,
      tokenId,
      email,
      name,
      exp: Math.floor(Date.now() / 1000) + 600,
      nonce: randomBytes(16).toString('hex'),
    }),
  ).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('hex')}`;
}

/** A widget on the site (its API, as the widget calls it: from the site's origin, with its bearer) writes once. */
async function widgetWrites(
  request: APIRequestContext,
  tokenId: string,
  who: { identity: string } | { guest: { name: string; email: string } },
  text: string,
) {
  const created = await request.post('/api/widget/sessions', { headers: { origin: SITE }, data: { tokenId, ...who } });
  expect(created.status(), await created.text()).toBe(201);
  const { session } = (await created.json()) as { session: string };
  const sent = await request.post('/api/widget/messages', {
    headers: { origin: SITE, authorization: `Bearer ${session}` },
    data: { text, clientMessageId: randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(200);
}

/** The card's height, and the row it sits in (the list places rows 82 px apart by arithmetic). */
const heightOf = async (page: Page, name: string) =>
  (await page.getByRole('article', { name, exact: true }).boundingBox())!.height;

test('a guest who types a signed-in visitor’s name and e-mail is a separate client, marked "Not verified" wherever agents see them', async ({
  page,
  request,
  mailbox,
}) => {
  test.slow();
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Vera', lastName: 'Wardle', company: 'Archer Books' });
  const made = await page.request.post('/api/generate-wp-token', { data: { tokenName: 'Shop', siteUrl: SITE } });
  expect(made.status(), await made.text()).toBe(201);
  const { token_id: tokenId, token } = (await made.json()) as { token_id: string; token: string };
  const secret = token.slice(tokenId.length + 1);

  await openWorkspaceLive(page);
  // The real Alice writes signed in; then someone writes as a guest with her name and e-mail.
  await widgetWrites(request, tokenId, { identity: signedIdentity(tokenId, secret, EMAIL, NAME) }, 'Signed-in Alice');
  await widgetWrites(request, tokenId, { guest: { name: NAME, email: EMAIL } }, 'Please send my order elsewhere');

  // Two cards: the guest's says so (in words, with its icon), the signed-in one does not.
  const pending = await ticketList(page, 'pending');
  const guestCard = pending.getByRole('article', { name: `${NAME}, WordPress, Not verified`, exact: true });
  const aliceCard = pending.getByRole('article', { name: `${NAME}, WordPress`, exact: true });
  await expect(guestCard).toBeVisible({ timeout: 15_000 });
  await expect(aliceCard).toBeVisible();
  await expect(guestCard.getByText('Not verified', { exact: true })).toBeVisible();
  await expect(aliceCard.getByText('Not verified')).toHaveCount(0);
  const guestOpen = guestCard.getByRole('button', { name: /Not verified/ });
  await expect(guestOpen).toHaveAttribute('title', EXPLANATION);
  await expect(guestOpen).toHaveAccessibleDescription(EXPLANATION);
  // The mark fits the card's first line: the guest's card is exactly as tall as any other.
  expect(await heightOf(page, `${NAME}, WordPress, Not verified`)).toBe(await heightOf(page, `${NAME}, WordPress`));

  // The guest's chat: the header's mark explains itself on keyboard focus and on hover.
  await guestOpen.click();
  const chat = page.getByRole('region', { name: NAME });
  await expect(chat.getByRole('log', { name: 'Messages' })).toContainText('Please send my order elsewhere');
  const header = chat.locator('header').first();
  const headerBadge = header.getByRole('note');
  await expect(headerBadge).toHaveText(/^Not verified/);
  await headerBadge.focus();
  const headerTip = header.getByRole('tooltip');
  await expect(headerTip).toBeVisible();
  await expect(headerTip).toHaveText(EXPLANATION);
  await page.mouse.move(0, 0);
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await expect(headerTip).toBeHidden();
  await headerBadge.hover();
  await expect(headerTip).toBeVisible();
  await snap(page, 'guest-identity-tooltip-1440');

  // The client panel beside the chat: overall and on the WordPress identity (the typed e-mail).
  const details = chat.getByRole('complementary', { name: 'Client details' });
  await expect(details).toContainText(EMAIL);
  await expect(details.getByRole('note')).toHaveCount(2);
  await expect(details.getByRole('note').first()).toHaveText(`Not verified: ${EXPLANATION}`);
  await details.getByRole('note').last().hover();
  await expect(details.getByRole('tooltip').last()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/guest-identity-panel-tooltip-1440.png' });
  await page.mouse.move(0, 0);
  await snap(page, 'guest-identity-chat-1440');

  // The signed-in Alice's chat marks nothing.
  await aliceCard.getByRole('button').first().click();
  await expect(chat.getByRole('log', { name: 'Messages' })).toContainText('Signed-in Alice');
  await expect(chat.getByRole('note')).toHaveCount(0);

  // A phone: the list, then the guest's chat and its details.
  await page.setViewportSize({ width: 390, height: 844 });
  await ticketList(page, 'pending');
  await expect(guestCard.getByText('Not verified', { exact: true })).toBeVisible();
  expect(await heightOf(page, `${NAME}, WordPress, Not verified`)).toBe(await heightOf(page, `${NAME}, WordPress`));
  expect(await pageFitsWidth(page)).toBe(true);
  await snap(page, 'guest-identity-list-390');
  await guestOpen.click();
  await expect(chat.getByRole('log', { name: 'Messages' })).toContainText('Please send my order elsewhere');
  await expect(chat.locator('header').first().getByRole('note')).toBeVisible();
  expect(await pageFitsWidth(page)).toBe(true);
  await snap(page, 'guest-identity-chat-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Admin panel → Clients: two Alices, the guest's marked.
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('link', { name: 'Clients' }).click();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toHaveCount(2);
  const guestRow = page.getByRole('row', { name: new RegExp(NAME) }).filter({ has: page.getByRole('note') });
  await expect(guestRow).toHaveCount(1);
  await expect(guestRow.getByRole('note')).toHaveText(`Not verified: ${EXPLANATION}`);
  await guestRow.getByRole('note').hover();
  await expect(guestRow.getByRole('tooltip')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/guest-identity-clients-tooltip-1440.png' });
  await page.mouse.move(0, 0);
  await snap(page, 'guest-identity-clients-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(guestRow.getByRole('note')).toBeVisible();
  expect(await pageFitsWidth(page)).toBe(true);
  await snap(page, 'guest-identity-clients-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The guest's profile: beside the name and on the channel.
  await guestRow.getByRole('link', { name: NAME }).click();
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(2);
  await expect(page.getByText(EMAIL)).toBeVisible();
  await snap(page, 'guest-identity-profile-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await pageFitsWidth(page)).toBe(true);
  await snap(page, 'guest-identity-profile-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAccessible(page, 'guest-identity-profile');
});
