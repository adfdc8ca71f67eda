/**
 * The KreeChat WordPress plugin in a real WordPress 6.1 (Debian's, on PHP's built-in server and MariaDB): an admin
 * saves the address and token on Settings → KreeChat and the secret never reaches a page; the front page carries
 * the widget's configuration and its deferred script; a logged-in user's identity comes signed from the REST route,
 * uncached, only with that user's nonce; plain permalinks, the consent switch, the translations, the
 * `kreechat_show_widget` filter and uninstalling. No KreeChat server is needed: the widget script's address is a
 * closed port.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { WidgetPageConfig } from '@kreechat/contract';
import { test, expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { startWordPress, type WordPress, type WordPressUser } from '../support/wordpress';

/** Nothing listens there: the page asks for the script and gets nothing, which is all these tests need. */
const KREECHAT = 'http://127.0.0.1:9';
const SCREENS = 'test-results/screens';

// Outside CI a machine without PHP skips with the reason; under CI the start fails instead (nothing may skip).
test.skip(
  !fs.existsSync('/usr/bin/php') && !process.env.CI,
  '/usr/bin/php not found: apt-get install -y php-cli php-mysql php-gd php-xml php-mbstring php-curl',
);

/** A token as KreeChat makes one: a public id and a 32-byte base64url secret. */
function newToken() {
  const id = `wpt_${randomBytes(15).toString('base64url')}`;
  const secret = randomBytes(32).toString('base64url');
  return { id, secret, pasted: `${id}.${secret}` };
}

const widgetConfig = (page: Page) =>
  page.evaluate(() => (window as unknown as { kreechatWidget?: WidgetPageConfig }).kreechatWidget ?? null);

async function logIn(page: Page, wp: WordPress, who: WordPressUser) {
  await page.goto(`${wp.url}/wp-login.php`);
  await page.getByLabel('Username or Email Address').fill(who.user);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/wp-admin\//);
}

/** The identity route as the widget calls it: from the page, with the page's cookies and the given nonce. */
function fetchIdentity(page: Page, url: string, nonce?: string) {
  return page.evaluate(
    async ({ url, nonce }) => {
      const response = await fetch(url, { credentials: 'same-origin', headers: nonce ? { 'X-WP-Nonce': nonce } : {} });
      return {
        status: response.status,
        cacheControl: response.headers.get('cache-control') ?? '',
        vary: response.headers.get('vary') ?? '',
        body: (await response.json()) as { identity?: string; code?: string },
      };
    },
    { url, nonce },
  );
}

/** Checks the signature as KreeChat does (server/src/channels/wordpress/identity.ts) and answers the payload. */
function verifiedPayload(identity: string, secret: string) {
  const [payload, signature] = identity.split('.');
  expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(signature).toBe(createHmac('sha256', secret).update(payload!).digest('hex'));
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
}

test.describe('pretty permalinks', () => {
  let wp: WordPress;
  test.beforeAll(async () => {
    const started = Date.now();
    wp = await startWordPress({ permalinks: 'pretty' });
    test.info().annotations.push({ type: 'WordPress started', description: `${Date.now() - started} ms` });
  });
  test.afterAll(async () => wp?.close());
  test.afterEach(() => expect(wp.phpErrors()).toEqual([]));

  test('an admin saves the address and token on Settings → KreeChat; the secret is printed on no page', async ({
    page,
  }) => {
    const token = newToken();
    await logIn(page, wp, wp.admin);
    await page.goto(`${wp.url}/wp-admin/options-general.php`);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'KreeChat' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'KreeChat' })).toBeVisible();
    const address = page.getByLabel('KreeChat address');
    const tokenField = page.getByLabel('Token', { exact: true });
    const save = page.getByRole('button', { name: 'Save settings' });

    // A token cut short and an address KreeChat cannot be at are refused, each with its own message.
    await address.fill('ftp://desk.example.com');
    await tokenField.fill(`${token.id}.${token.secret.slice(0, 20)}`);
    await save.click();
    await expect(page.getByText('The token was not saved: paste the whole token')).toBeVisible();
    await expect(page.getByText('The KreeChat address was not saved: enter it like')).toBeVisible();
    expect(await page.content()).not.toContain(token.secret.slice(0, 20));
    await page.screenshot({ path: `${SCREENS}/wp-plugin-settings-refused-1440.png`, fullPage: true });

    await page.getByLabel('KreeChat address').fill(`${KREECHAT}/`);
    await page.getByLabel('Token', { exact: true }).fill(` ${token.pasted} `);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(page.getByLabel('KreeChat address')).toHaveValue(KREECHAT);
    await expect(page.getByLabel('Token', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Token', { exact: true })).toHaveAttribute(
      'placeholder',
      '•••• saved — paste a new token to replace it',
    );
    await expect(page.getByText(`Saved token: ${token.id}.`)).toBeVisible();

    // An empty token field keeps the saved token.
    await page.getByLabel('Require consent').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(page.getByLabel('Require consent')).toBeChecked();
    expect(
      JSON.parse(wp.php(`echo wp_json_encode( array( KreeChat\\Options::settings(), KreeChat\\Options::secret() ) );`)),
    ).toEqual([{ address: KREECHAT, token_id: token.id, require_consent: true }, token.secret]);
    // Stored apart from the autoloaded settings, and not autoloaded itself.
    expect(
      wp.php(
        `global $wpdb; echo $wpdb->get_var( "SELECT autoload FROM {$wpdb->options} WHERE option_name = 'kreechat_secret'" );`,
      ),
    ).toBe('no');

    // The page as served (its source), WordPress's list of all options, and the site's front page.
    for (const path of ['/wp-admin/options-general.php?page=kreechat', '/wp-admin/options.php', '/']) {
      const source = await (await page.request.get(`${wp.url}${path}`)).text();
      expect(source, path).not.toContain(token.secret);
    }

    await page.screenshot({ path: `${SCREENS}/wp-plugin-settings-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.screenshot({ path: `${SCREENS}/wp-plugin-settings-390.png`, fullPage: true });
    await expectAccessible(page, 'wp-plugin-settings');
  });

  test('a logged-out visitor gets the public configuration and the deferred widget script in the footer', async ({
    page,
  }) => {
    const token = newToken();
    wp.setKreeChat(KREECHAT, token.pasted);
    await page.goto(`${wp.url}/`);
    expect(await widgetConfig(page)).toEqual({
      server: KREECHAT,
      tokenId: token.id,
      identityUrl: null,
      nonce: null,
      requireConsent: false,
      locale: 'en_US',
    });

    const script = page.locator(`script[src="${KREECHAT}/api/widget/widget.js"]`);
    await expect(script).toHaveCount(1);
    await expect(script).toHaveAttribute('defer', '');
    const placement = await script.evaluate((element) => ({
      inHead: document.head.contains(element),
      afterTheSite: Boolean(
        document.querySelector('.wp-site-blocks')!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
      ),
      configBefore: element.previousElementSibling?.id,
    }));
    expect(placement).toEqual({ inHead: false, afterTheSite: true, configBefore: 'kreechat-widget-js-before' });

    // The consent call a cookie banner makes: a flag for a widget loading later, an event for one already there.
    const consent = await page.evaluate(async () => {
      const w = window as unknown as { KreeChat: { consent(): void; consented?: boolean } };
      const heard = new Promise<boolean>((resolve) =>
        document.addEventListener('kreechat:consent', () => resolve(true)),
      );
      const before = w.KreeChat.consented ?? false;
      w.KreeChat.consent();
      return { before, after: w.KreeChat.consented, heard: await heard };
    });
    expect(consent).toEqual({ before: false, after: true, heard: true });

    expect(await (await page.request.get(`${wp.url}/`)).text()).not.toContain(token.secret);
    const anonymous = await page.request.get(`${wp.url}/wp-json/kreechat/v1/identity`);
    expect(anonymous.status()).toBe(401);
  });

  test('a logged-in user gets their identity signed by the token, uncached, and only with their own nonce', async ({
    page,
    browser,
  }) => {
    const token = newToken();
    wp.setKreeChat(KREECHAT, token.pasted);
    await logIn(page, wp, wp.visitor);
    await page.goto(`${wp.url}/`);
    const config = (await widgetConfig(page))!;
    expect(config).toMatchObject({ server: KREECHAT, tokenId: token.id, requireConsent: false, locale: 'en_US' });
    expect(config.identityUrl).toBe(`${wp.url}/wp-json/kreechat/v1/identity`);
    expect(config.nonce).toMatch(/^[0-9a-f]{10}$/);

    const answer = await fetchIdentity(page, config.identityUrl!, config.nonce!);
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toContain('no-store');
    expect(answer.cacheControl).toContain('private');
    expect(answer.vary).toContain('Cookie');
    const now = Math.floor(Date.now() / 1000);
    const payload = verifiedPayload(answer.body.identity!, token.secret);
    expect(payload).toEqual({
      v: 1,
      tokenId: token.id,
      email: wp.visitor.email,
      name: wp.visitor.name,
      exp: expect.any(Number),
      // Random per signature: KreeChat takes each signed identity once.
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(payload.exp).toBeGreaterThan(now);
    expect(payload.exp).toBeLessThanOrEqual(now + 900);

    // The login cookie alone is not enough (no nonce: WordPress treats the call as logged out), nor a made-up nonce.
    expect((await fetchIdentity(page, config.identityUrl!)).status).toBe(401);
    expect((await fetchIdentity(page, config.identityUrl!, '0123456789')).status).toBe(403);

    // A page cached for this user and served to another: its nonce is worthless with the other user's cookies.
    const adminContext = await browser.newContext();
    try {
      const adminPage = await adminContext.newPage();
      await logIn(adminPage, wp, wp.admin);
      await adminPage.goto(`${wp.url}/`);
      expect((await fetchIdentity(adminPage, config.identityUrl!, config.nonce!)).status).toBe(403);
      const own = await fetchIdentity(adminPage, config.identityUrl!, (await widgetConfig(adminPage))!.nonce!);
      expect(verifiedPayload(own.body.identity!, token.secret)).toMatchObject({ email: wp.admin.email });
    } finally {
      await adminContext.close();
    }
  });

  test('the kreechat_show_widget filter hides the widget on the pages a theme chooses', async ({ page }) => {
    wp.setKreeChat(KREECHAT, newToken().pasted);
    wp.addMuPlugin(
      'hide-kreechat-on-front-page',
      `add_filter( 'kreechat_show_widget', function ( $show ) { return $show && ! is_front_page(); } );`,
    );
    try {
      await page.goto(`${wp.url}/`);
      expect(await widgetConfig(page)).toBeNull();
      await expect(page.locator('script[src*="/api/widget/widget.js"]')).toHaveCount(0);
      await page.goto(`${wp.url}/hello-world/`);
      expect(await widgetConfig(page)).not.toBeNull();
      await expect(page.locator('script[src*="/api/widget/widget.js"]')).toHaveCount(1);
    } finally {
      wp.removeMuPlugin('hide-kreechat-on-front-page');
    }
  });

  test('with "Require consent" and a Russian site, the page says so and the settings speak Russian', async ({
    page,
  }) => {
    wp.setKreeChat(KREECHAT, newToken().pasted, { requireConsent: true });
    // As a site set to Russian would be, without installing WordPress's own Russian files.
    wp.addMuPlugin('russian-site', `add_filter( 'locale', function () { return 'ru_RU'; } );`);
    try {
      await page.goto(`${wp.url}/`);
      expect(await widgetConfig(page)).toMatchObject({ requireConsent: true, locale: 'ru_RU' });
      await logIn(page, wp, wp.admin);
      await page.goto(`${wp.url}/wp-admin/options-general.php?page=kreechat`);
      await expect(page.getByLabel('Адрес KreeChat')).toHaveValue(KREECHAT);
      await expect(page.getByLabel('Требовать согласие')).toBeChecked();
      await expect(page.getByRole('button', { name: 'Сохранить настройки' })).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENS}/wp-plugin-settings-ru-390.png`, fullPage: true });
    } finally {
      wp.removeMuPlugin('russian-site');
    }
  });
});

test.describe('plain permalinks', () => {
  const token = newToken();
  let wp: WordPress;
  test.beforeAll(async () => {
    wp = await startWordPress({ permalinks: 'plain', kreechatUrl: KREECHAT, tokenId: token.id, secret: token.secret });
  });
  test.afterAll(async () => wp?.close());
  test.afterEach(() => expect(wp.phpErrors()).toEqual([]));

  test('the identity URL is ?rest_route= and signs as with pretty permalinks', async ({ page }) => {
    await logIn(page, wp, wp.visitor);
    await page.goto(`${wp.url}/`);
    const config = (await widgetConfig(page))!;
    expect(config.identityUrl).toBe(`${wp.url}/index.php?rest_route=/kreechat/v1/identity`);
    const answer = await fetchIdentity(page, config.identityUrl!, config.nonce!);
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toContain('no-store');
    expect(verifiedPayload(answer.body.identity!, token.secret)).toMatchObject({
      tokenId: token.id,
      email: wp.visitor.email,
      name: wp.visitor.name,
    });
    expect((await page.request.get(`${wp.url}/?rest_route=/kreechat/v1/identity`)).status()).toBe(401);
  });

  test('deleting the plugin deletes its settings and the secret', () => {
    expect(wp.php(`echo wp_json_encode( KreeChat\\Options::is_configured() );`)).toBe('true');
    const left = wp.php(
      `require_once ABSPATH . 'wp-admin/includes/plugin.php';
       deactivate_plugins( 'kreechat/kreechat.php' );
       uninstall_plugin( 'kreechat/kreechat.php' ); // runs uninstall.php, as Plugins → Delete does
       echo wp_json_encode( array( get_option( 'kreechat_settings' ), get_option( 'kreechat_secret' ) ) );`,
    );
    expect(JSON.parse(left)).toEqual([false, false]);
  });
});
