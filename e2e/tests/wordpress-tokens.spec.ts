/**
 * Settings → Communication services → WordPress (SPEC §2, §5, §8, "Tokens (admin)"): the control panel
 * with the plugin's download and the three install steps, a token generated and shown once, the tokens table and a
 * revocation after a question. Every view is held to WCAG 2.1 AA and photographed at 1440, 800 and 390 px.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAccessible, ownerInWorkspace, snap, snapWidths } from '../support/flows';

const WORDPRESS_SETTINGS = '/admin-panel/settings?tab=communication&service=wordpress';
const TOKEN_SHAPE = /^(wpt_[A-Za-z0-9_-]{16,40})\.(\S+)$/;

type ListedToken = { token_name: string; token_id: string; created_at: string; site_origin: string };

const tokensOf = async (page: Page): Promise<ListedToken[]> => {
  const response = await page.request.get('/api/get-wordpress-tokens');
  expect(response.status()).toBe(200);
  return (await response.json()) as ListedToken[];
};

const generateByApi = async (page: Page, tokenName: string, siteUrl: string) => {
  const response = await page.request.post('/api/generate-wp-token', { data: { tokenName, siteUrl } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ListedToken & { token: string };
};

test('an admin downloads the plugin, generates a token that is shown once, finds it in the table and deletes it', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  test.setTimeout(120_000);
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Wendy', lastName: 'Press', company: 'Press Goods' });
  let generations = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/generate-wp-token')) generations++;
  });

  // Admin panel → Settings → Communication services → WordPress: the control panel comes first.
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('navigation', { name: 'Admin panel sections' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Communication services' }).click();
  await page.getByRole('button', { name: /WordPress/ }).click();
  await expect(page).toHaveURL(/\/admin-panel\/settings\?tab=communication&service=wordpress$/);
  await expect(page.getByRole('heading', { name: 'WordPress plugin', level: 3 })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'WordPress sections' }).getByRole('tab')).toHaveText([
    'Control panel',
    'Generate token',
    'Tokens',
  ]);
  await expect(page.getByRole('tab', { name: 'Control panel' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Control panel' });
  await expect(panel.getByText('No site has a token yet. Follow the steps below to connect one.')).toBeVisible();

  // The three steps, in order, with what each needs: the zip, the way to a token, this server's address.
  await expect(panel.getByRole('listitem').getByRole('heading', { level: 5 })).toHaveText([
    'Install the plugin',
    'Generate a token',
    'Connect the site',
  ]);
  await expect(panel.getByText('Plugins → Add New → Upload Plugin', { exact: false })).toBeVisible();
  await expect(panel.getByText('Settings → KreeChat', { exact: false })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'KreeChat address' })).toHaveValue(new URL(stack.baseUrl).origin);

  // The download link works: the browser saves a zip, and the same address answers one.
  const downloadLink = panel.getByRole('link', { name: 'Download plugin (.zip)' });
  await expect(downloadLink).toHaveAttribute('download', '');
  const href = await downloadLink.getAttribute('href');
  expect(href).toBe('/api/wordpress/plugin.zip');
  const zip = await page.request.get(href!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toMatch(/^application\/zip/);
  expect((await zip.body()).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  expect(await download.failure()).toBeNull();
  await snapWidths(page, 'wordpress-panel-empty');

  // Step 2 leads to the generate view. An empty name is refused here, with SPEC §5's words, and nothing is sent.
  await panel.getByRole('button', { name: 'Generate a token' }).click();
  await expect(page).toHaveURL(/service=wordpress&wp=generate$/);
  await expect(page.getByRole('tab', { name: 'Generate token' })).toHaveAttribute('aria-selected', 'true');
  const name = page.getByRole('textbox', { name: 'Token name' });
  const site = page.getByRole('textbox', { name: 'Site address' });
  const submit = page.getByRole('tabpanel').getByRole('button', { name: 'Generate token' });
  await site.fill('shop.example.com');
  await submit.click();
  await expect(name).toHaveAccessibleDescription(/Invalid token name!/);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await snap(page, 'wordpress-generate-invalid');
  await name.fill('   ');
  await name.press('Enter');
  await expect(page.getByText('Invalid token name!')).toBeVisible();
  await site.fill('ftp://shop.example.com');
  await name.fill('Main shop');
  await submit.click();
  await expect(site).toHaveAccessibleDescription(/Enter the site address, like https:\/\/example\.com/);
  expect(generations).toBe(0);
  await site.fill('Shop.Example.com:443/cart?x=1');
  await expect(site).toHaveAccessibleDescription('The widget will be accepted only from https://shop.example.com.');
  await snapWidths(page, 'wordpress-generate');

  // Generated: the token once, with the warning, focus on it, and a copy button that says so.
  await submit.click();
  const done = page.getByRole('heading', { name: 'Token generated' });
  await expect(done).toBeFocused();
  expect(generations).toBe(1);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Copy the token now and paste it into WordPress: it will not be shown again.' }),
  ).toBeVisible();
  const tokenField = page.getByRole('textbox', { name: 'Token for https://shop.example.com' });
  const token = await tokenField.inputValue();
  const [, tokenId, secret] = TOKEN_SHAPE.exec(token) ?? [];
  expect(tokenId, `token ${token}`).toBeDefined();
  await expect(tokenField).toHaveAttribute('readonly', '');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
  await page.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await snapWidths(page, 'wordpress-generated');

  // The tokens table has it, without the secret; the server's list never carries it either.
  await page.getByRole('tab', { name: 'Tokens' }).click();
  await expect(page).toHaveURL(/wp=tokens$/);
  const table = page.getByRole('table', { name: 'WordPress tokens' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Token name',
    'Token ID',
    'Created by',
    'Created on',
    'Site',
    'Actions',
  ]);
  const row = table.locator(`tr[data-token-id="${tokenId}"]`);
  await expect(row.getByRole('cell')).toHaveText([
    'Main shop',
    tokenId!,
    'Wendy Press',
    /\d/,
    'https://shop.example.com',
    'Delete',
  ]);
  expect(await page.content()).not.toContain(secret!);
  expect(JSON.stringify(await tokensOf(page))).not.toContain(secret!);

  // Leaving the view forgot the token; so does a reload.
  await page.getByRole('tab', { name: 'Generate token' }).click();
  await expect(page.getByRole('textbox', { name: 'Token name' })).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Token generated' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Token name' })).toBeVisible();
  expect(await page.content()).not.toContain(secret!);

  // The control panel lists the site: origin, token, never seen, no open session.
  await page.getByRole('tab', { name: 'Control panel' }).click();
  const sites = page.getByRole('list', { name: 'Connected sites' });
  const shop = sites.getByRole('listitem').filter({ hasText: 'https://shop.example.com' });
  await expect(shop).toContainText('Token: Main shop');
  await expect(shop.getByRole('definition')).toHaveText(['never', '0']);
  await snapWidths(page, 'wordpress-panel-site');

  // A second token, so the table has more than one row to look at.
  await generateByApi(page, 'Blog', 'https://blog.example.org');
  await page.getByRole('tab', { name: 'Tokens' }).click();
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(3);
  await snapWidths(page, 'wordpress-tokens');

  // Deleting asks first and says what ends; Escape keeps the token.
  await row.getByRole('button', { name: 'Delete token Main shop' }).click();
  const question = page.getByRole('dialog', { name: 'Delete the token Main shop?' });
  await expect(question).toContainText('every open chat of that site ends at once');
  await expect(question).toContainText('https://shop.example.com');
  await snap(page, 'wordpress-delete-question');
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete token Main shop' })).toBeFocused();

  await row.getByRole('button', { name: 'Delete token Main shop' }).click();
  await question.getByRole('button', { name: 'Delete token' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Token Main shop deleted.' })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await tokensOf(page)).map((t) => t.token_name)).toEqual(['Blog']);
});

test("the token calls' failures read as SPEC §8 says, and the views answer the keyboard", async ({
  page,
  request,
  mailbox,
}) => {
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Fay', lastName: 'Failure', company: 'Failure Goods' });
  const shop = await generateByApi(page, 'Shop', 'https://shop.example.net');
  await page.goto(`${WORDPRESS_SETTINGS}&wp=tokens`);
  const table = page.getByRole('table', { name: 'WordPress tokens' });
  await expect(table.getByRole('cell', { name: 'Shop', exact: true })).toBeVisible();

  // Revoked elsewhere while the table still shows it: the server does not know it any more.
  const revoked = await page.request.delete(
    `/api/delete-wordpress-token/${shop.token_id}/${encodeURIComponent(shop.created_at)}`,
  );
  expect(revoked.status()).toBe(200);
  await page.getByRole('button', { name: 'Delete token Shop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete token' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '⚠️ Invalid token!' })).toBeVisible();
  await expect(page.getByText('No tokens yet')).toBeVisible();

  // The server fails to delete: the question stays, with the message, and can be asked again.
  await generateByApi(page, 'Outlet', 'https://outlet.example.net');
  await page.reload();
  await page.route('**/api/delete-wordpress-token/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
  );
  await page.getByRole('button', { name: 'Delete token Outlet' }).click();
  const question = page.getByRole('dialog', { name: 'Delete the token Outlet?' });
  await question.getByRole('button', { name: 'Delete token' }).click();
  await expect(question.getByRole('alert')).toHaveText('⚠️ Failed to delete token!');
  await expectAccessible(page, 'wordpress-delete-failed');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await page.unroute('**/api/delete-wordpress-token/**');

  // A refusal the contract does not name is shown as the server wrote it, with a warning mark.
  await page.route('**/api/generate-wp-token', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: '{"message":"Too many tokens for one site"}' }),
  );
  await page.getByRole('tab', { name: 'Generate token' }).click();
  await page.getByRole('textbox', { name: 'Token name' }).fill('Again');
  await page.getByRole('textbox', { name: 'Site address' }).fill('https://outlet.example.net');
  await page.getByRole('textbox', { name: 'Site address' }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText('⚠️ Too many tokens for one site');
  await page.unroute('**/api/generate-wp-token');

  // An answer that is not a token list, then a server error.
  await page.route('**/api/get-wordpress-tokens', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"tokens":"nope"}' }),
  );
  await page.goto(`${WORDPRESS_SETTINGS}&wp=tokens`);
  await expect(page.getByRole('alert')).toContainText('Invalid response from the server. Please try again.');
  await page.unroute('**/api/get-wordpress-tokens');
  // A 500, not a 503: a 503 means the server is away, and the page would heal by itself when it answers again.
  await page.route('**/api/get-wordpress-tokens', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
  );
  await page.reload();
  const failed = page.getByRole('alert').filter({ hasText: '⚠️ Failed to load data!' });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await snap(page, 'wordpress-load-failed');
  await page.unroute('**/api/get-wordpress-tokens');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(table.getByRole('cell', { name: 'Outlet', exact: true })).toBeVisible();

  // The sub-views are tabs: arrows move between them and the address follows.
  await page.getByRole('tab', { name: 'Tokens' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Control panel' })).toBeFocused();
  await expect(page).toHaveURL(/service=wordpress$/);
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/wp=tokens$/);
  // Another service forgets WordPress's sub-view.
  await page.getByRole('button', { name: /Telegram/ }).click();
  await expect(page).toHaveURL(/service=telegram$/);
});
