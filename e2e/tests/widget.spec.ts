import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page, WebSocket } from '@playwright/test';
import { expectAccessible, openWorkspaceLive, type Owner, ownerInWorkspace, snap, ticketList } from '../support/flows';
import { expect, test, type Mailbox } from '../support/fixtures';

/** How the site renders a page, as the plugin would for the visitor looking at it. */
type SitePage = {
  tokenId: string;
  /** The logged-in WordPress user the identity route signs for; null when logged out. */
  signedInAs: { email: string; name: string } | null;
  /** The token's secret the identity is signed with (a wrong one forges it). */
  secret: string;
  requireConsent: boolean;
  locale: string;
  htmlLang: string;
  /** `defer`: the plugin's footer tag, twice (as a "delay JS" optimiser or a second plugin may leave it); `late`: added by a script after the load event. */
  loading: 'defer' | 'late';
};

const NONCE = 'e2e-rest-nonce';

/**
 * A company's website on another loopback port (another origin than KreeChat's), as the WordPress plugin renders
 * it: `window.kreechatWidget` (with the identity route and the REST nonce only for a logged-in user), the plugin's
 * `window.KreeChat.consent()`, then the widget script from KreeChat. The identity route signs like the plugin's
 * class-identity-signer.php: base64url JSON with a random nonce, hex HMAC-SHA256 with the token's secret, 10 minutes.
 */
async function startSite(kreechat: string) {
  const site: SitePage = {
    tokenId: '',
    signedInAs: null,
    secret: '',
    requireConsent: false,
    locale: 'en_US',
    htmlLang: 'en-US',
    loading: 'defer',
  };
  let origin = '';
  const script = `${kreechat}/api/widget/widget.js`;
  const page = () => `<!doctype html>
<html lang="${site.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hopper Logistics</title>
<style>
  body { margin: 0; font: 18px/1.6 Georgia, serif; background: #f6f1e7; color: #2b2118; }
  header, main { max-width: 900px; margin: 0 auto; padding: 24px; }
  /* A theme that styles everything: none of it may reach the widget. */
  button { background: #a3001b !important; font-size: 30px !important; letter-spacing: 4px; }
  div { border: 3px dotted #a3001b; }
</style>
</head>
<body>
<header><h1>Hopper Logistics</h1></header>
<main><p>Parcels across the country, on time. Questions? Chat with us below.</p></main>
<script>
window.kreechatWidget = ${JSON.stringify({
    server: kreechat,
    tokenId: site.tokenId,
    identityUrl: site.signedInAs ? `${origin}/wp-json/kreechat/v1/identity` : null,
    nonce: site.signedInAs ? NONCE : null,
    requireConsent: site.requireConsent,
    locale: site.locale,
  })};
window.KreeChat = window.KreeChat || {};
window.KreeChat.consent = function () {
  window.KreeChat.consented = true;
  document.dispatchEvent(new Event('kreechat:consent'));
};
</script>
${
  site.loading === 'defer'
    ? `<script src="${script}" defer></script>\n<script src="${script}" defer></script>`
    : `<script>addEventListener('load', function () { setTimeout(function () { var s = document.createElement('script'); s.src = ${JSON.stringify(script)}; document.body.appendChild(s); }, 300); });</script>`
}
</body>
</html>`;
  const identity = () => {
    const payload = Buffer.from(
      JSON.stringify({
        v: 1,
        tokenId: site.tokenId,
        email: site.signedInAs!.email,
        name: site.signedInAs!.name,
        exp: Math.floor(Date.now() / 1000) + 600,
        nonce: randomBytes(16).toString('hex'),
      }),
    ).toString('base64url');
    return `${payload}.${createHmac('sha256', site.secret).update(payload).digest('hex')}`;
  };
  const server = http.createServer((request, response) => {
    if (request.url === '/') {
      return void response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page());
    }
    if (request.url === '/wp-json/kreechat/v1/identity') {
      // WordPress answers 401 without a login and 403 for a bad nonce; never cached.
      const ok = site.signedInAs && request.headers['x-wp-nonce'] === NONCE;
      response.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      return void response.end(JSON.stringify(ok ? { identity: identity() } : { code: 'rest_not_logged_in' }));
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    page: site,
    /** Uses a token generated for this site: its public id in the page, its secret for the identities. */
    useToken(token: { token_id: string; token: string }) {
      site.tokenId = token.token_id;
      site.secret = token.token.slice(token.token_id.length + 1);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A company whose owner is in the workspace, with a WordPress token generated for `siteUrl`. */
async function companyWithToken(
  page: Page,
  request: APIRequestContext,
  mailbox: Mailbox,
  siteUrl: string,
  who: Pick<Owner, 'firstName' | 'lastName' | 'company'>,
) {
  await ownerInWorkspace(page, request, mailbox, who);
  const generated = await page.request.post('/api/generate-wp-token', { data: { tokenName: 'Main site', siteUrl } });
  expect(generated.status(), await generated.text()).toBe(201);
  const token = (await generated.json()) as { token_id: string; token: string };
  expect(token.token.startsWith(`${token.token_id}.`)).toBe(true);
  return token;
}

/** Resolves once the widget's own socket (its path, not the agents') has its Socket.IO CONNECT answer. */
function widgetSocketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().includes('/api/widget/live/')) return;
      ws.on('framereceived', (frame) => {
        if (!String(frame.payload).startsWith('40')) return;
        page.off('websocket', onSocket);
        resolve();
      });
    };
    page.on('websocket', onSocket);
  });
}

/** A small real PNG (a picture of part of a page), so the server types it as an image by its bytes. */
const picture = async (page: Page) => page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 140 } });

test('a guest chats from the website widget: the agent accepts, replies with text and a picture, closes; the guest rates and writes again', async ({
  page,
  request,
  mailbox,
  stack,
  browser,
}) => {
  const site = await startSite(stack.baseUrl);
  try {
    // The admin generates a token for the site's address.
    site.useToken(
      await companyWithToken(page, request, mailbox, site.origin, {
        firstName: 'Grace',
        lastName: 'Hopper',
        company: 'Hopper Logistics',
      }),
    );
    await openWorkspaceLive(page);

    // A visitor on the site: one launcher however often the script ran, named for what it does.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const connected = widgetSocketConnected(visitor);
    await visitor.goto(site.origin);
    const launcher = visitor.getByRole('button', { name: 'Chat with us' });
    await expect(launcher).toBeVisible();
    await expect(visitor.locator('kreechat-widget')).toHaveCount(1);
    await launcher.click();
    const panel = visitor.getByRole('dialog', { name: 'Support' });
    await expect(panel).toBeVisible();

    // A guest introduces themself; the form says what is missing first.
    await expect(panel.getByLabel('Name')).toBeFocused();
    await panel.getByRole('button', { name: 'Start chat' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Enter your name');
    await expect(panel.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await panel.getByLabel('Name').fill('Gina Guest');
    await expect(panel.getByLabel('Name')).toHaveAttribute('aria-invalid', 'false');
    await expect(panel.getByRole('alert')).toHaveText('');
    await panel.getByLabel('E-mail').fill('gina.guest@example.test');
    await snap(visitor, 'widget-guest-form');
    await panel.getByRole('button', { name: 'Start chat' }).click();
    const box = panel.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeFocused();
    await expect(panel.getByText('Ask us anything')).toBeVisible();
    await connected;

    await box.fill('Hello! Where is my parcel 4471?');
    await box.press('Enter');
    const conversation = panel.getByRole('log', { name: 'Conversation' });
    await expect(conversation).toContainText('Hello! Where is my parcel 4471?');
    await expect(conversation).not.toContainText('Sending…');

    // The agent sees the ticket arrive live, accepts it and answers.
    const card = page.getByRole('article', { name: /Gina Guest/ });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText('Hello! Where is my parcel 4471?');
    // Accept opens the chat; the card leaves Pending.
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(card).toHaveCount(0);
    const chat = page.getByRole('region', { name: /Gina Guest/ });
    const log = chat.getByRole('log', { name: 'Messages' });
    await expect(log).toContainText('Hello! Where is my parcel 4471?');
    await chat.getByRole('textbox', { name: 'Message' }).fill('Hi Gina! It left our depot this morning.');
    await chat.getByRole('textbox', { name: 'Message' }).press('Enter');

    // The visitor sees the reply live, under the agent's name.
    await expect(conversation).toContainText('Hi Gina! It left our depot this morning.');
    await expect(conversation).toContainText('Grace');

    // A picture from the agent is shown in the widget (read with the visitor's session).
    const chooser = page.waitForEvent('filechooser');
    await chat.getByRole('button', { name: 'Attach file' }).click();
    await (await chooser).setFiles({ name: 'route-map.png', mimeType: 'image/png', buffer: await picture(page) });
    await chat.getByRole('button', { name: 'Send file' }).click();
    const image = conversation.getByRole('img', { name: 'route-map.png' });
    await expect(image).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The visitor sends a document; the agent gets it.
    const visitorChooser = visitor.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Attach a file' }).click();
    await (
      await visitorChooser
    ).setFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect(panel.getByText('receipt.pdf')).toBeVisible();
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(log).toContainText('receipt.pdf', { timeout: 15_000 });
    // A type outside the composer rules is refused in the widget, with SPEC §5's message.
    const refusedChooser = visitor.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Attach a file' }).click();
    await (
      await refusedChooser
    ).setFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await expect(panel.getByRole('alert')).toContainText('File type must be image/*, video/*, audio/*, .pdf');

    for (const [width, height] of [
      [1440, 900],
      [800, 900],
      [390, 844],
    ] as const) {
      await visitor.setViewportSize({ width, height });
      await snap(visitor, `widget-chat-${width}`);
    }
    await visitor.setViewportSize({ width: 1440, height: 900 });

    // Escape closes the panel and gives focus back to the launcher; the history is still there when it opens.
    await box.focus();
    await visitor.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await visitor.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await expect(box).toBeFocused();

    // The agent closes the ticket; the visitor reads the company's closing text and rating question (Settings →
    // Automatic messages; the built-in ones here) and gives 3 of 3.
    await chat.getByRole('button', { name: 'Close ticket' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure you want to close the ticket?' })
      .getByRole('button', { name: 'Close ticket' })
      .click();
    await expect(conversation).toContainText('The conversation was closed.');
    await expect(conversation).toContainText('Your ticket has been closed.');
    const rating = panel.getByRole('group', { name: 'How would you rate our support?' });
    await expect(rating).toBeVisible();
    await snap(visitor, 'widget-rating');
    await rating.getByRole('button', { name: '3 of 3' }).click();
    await expect(conversation).toContainText('Thank you for your rating!');
    await expect(rating).toBeHidden();
    await expect(box).toBeFocused();
    await expect(log).toContainText('★★★', { timeout: 15_000 });

    // The guest's history survives a reload; writing again reopens the ticket for the agents.
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    await expect(conversation).toContainText('Hi Gina! It left our depot this morning.');
    await expect(conversation).toContainText('Thank you for your rating!');
    await box.fill('One more question, please');
    await box.press('Enter');
    const pending = await ticketList(page, 'pending');
    await expect(pending.getByRole('article', { name: /Gina Guest/ })).toBeVisible({ timeout: 15_000 });
    await expect(conversation).not.toContainText('Thank you for your rating!');

    await visitorContext.close();
  } finally {
    await site.close();
  }
});

const SESSION_KEY = (tokenId: string) => `kreechat:widget:${tokenId}:session`;

test('a WordPress user is recognised by the signed identity; after logout the browser gets a guest, and a guest or a forged identity claiming their e-mail sees none of their history', async ({
  page,
  request,
  mailbox,
  stack,
  browser,
}) => {
  const site = await startSite(stack.baseUrl);
  try {
    site.useToken(
      await companyWithToken(page, request, mailbox, site.origin, {
        firstName: 'Alan',
        lastName: 'Turing',
        company: 'Turing Parcels',
      }),
    );
    // A second department: a first message asks which one.
    const billing = await page.request.post('/api/admin/create-department', { data: { department_name: 'Billing' } });
    expect(billing.ok()).toBe(true);
    await openWorkspaceLive(page);
    const key = SESSION_KEY(site.page.tokenId);

    // Ann is logged in to the site: no form, she writes at once, and the agents see her by her site name.
    site.page.signedInAs = { email: 'ann.archer@example.test', name: 'Ann Archer' };
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(site.origin);
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    const panel = visitor.getByRole('dialog', { name: 'Support' });
    const box = panel.getByRole('textbox', { name: 'Message' });
    const conversation = panel.getByRole('log', { name: 'Conversation' });
    await expect(box).toBeFocused();
    await expect(panel.getByLabel('Name')).toBeHidden();
    // A verified visitor has nothing to start over: the site says who they are.
    await expect(panel.getByRole('button', { name: 'Start over' })).toBeHidden();
    const teams = panel.getByRole('group', { name: 'Which team should answer?' });
    await expect(teams.getByRole('radio')).toHaveCount(2);
    await box.fill('Ann here: order 99 is late');
    await box.press('Enter');
    await expect(panel.getByRole('alert')).toHaveText('Choose a team first.');
    await expect(box).toHaveValue('Ann here: order 99 is late');
    await teams.getByRole('radio', { name: 'Billing' }).check();
    await box.press('Enter');
    await expect(conversation).toContainText('Ann here: order 99 is late');
    await expect(teams).toBeHidden();
    await expect(page.getByRole('article', { name: /Ann Archer/ })).toBeVisible({ timeout: 15_000 });
    await snap(visitor, 'widget-verified');

    // The next page load proves the identity again and keeps the same session and history.
    const annSession = await visitor.evaluate((k) => localStorage.getItem(k), key);
    expect(annSession).toBeTruthy();
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    await expect(conversation).toContainText('Ann here: order 99 is late');
    expect(await visitor.evaluate((k) => localStorage.getItem(k), key)).toBe(annSession);

    // Ann logs out: whoever uses the browser next is a guest, and her session is gone from it.
    site.page.signedInAs = null;
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    await expect(panel.getByLabel('Name')).toBeVisible();
    expect(await visitor.evaluate((k) => localStorage.getItem(k), key)).not.toBe(annSession);

    // A guest typing Ann's e-mail gets a conversation of their own.
    await panel.getByLabel('Name').fill('Mallory');
    await panel.getByLabel('E-mail').fill('ann.archer@example.test');
    await panel.getByRole('button', { name: 'Start chat' }).click();
    await expect(box).toBeFocused();
    await expect(panel.getByText('Ask us anything')).toBeVisible();
    await expect(conversation).not.toContainText('order 99');
    await expect(panel.getByRole('button', { name: 'Start over' })).toBeVisible();

    // An identity signed with another secret is refused: the visitor stays the guest they were.
    site.page.signedInAs = { email: 'ann.archer@example.test', name: 'Ann Archer' };
    const secret = site.page.secret;
    site.page.secret = 'not-the-token-secret';
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    await expect(panel.getByText('Ask us anything')).toBeVisible();
    await expect(conversation).not.toContainText('order 99');
    await expect(panel.getByRole('button', { name: 'Start over' })).toBeVisible();

    // The guest starts over: their session ends and the form is back.
    await panel.getByRole('button', { name: 'Start over' }).click();
    await expect(panel.getByLabel('Name')).toBeVisible();
    await expect(panel.getByLabel('Name')).toHaveValue('');
    expect(await visitor.evaluate((k) => localStorage.getItem(k), key)).toBeNull();

    // Ann logs in again (a real signature): her history is back.
    site.page.secret = secret;
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    await expect(conversation).toContainText('Ann here: order 99 is late');
    await context.close();
  } finally {
    await site.close();
  }
});

test('the widget waits for consent, loads late in the page language, fills a phone screen, and says so when the chat is refused', async ({
  page,
  request,
  mailbox,
  stack,
  browser,
}) => {
  const site = await startSite(stack.baseUrl);
  try {
    // A token for another address: this page's origin is foreign to it.
    const token = await companyWithToken(page, request, mailbox, 'https://elsewhere.example', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Lovelace Freight',
    });
    site.useToken(token);
    site.page.requireConsent = true;
    site.page.locale = 'ru_RU';
    site.page.htmlLang = 'ru-RU';
    site.page.loading = 'late';

    // A visitor who asked for less motion: the panel appears without its slide (and at once where it belongs).
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    const visitor = await context.newPage();
    const calls: string[] = [];
    visitor.on('request', (r) => {
      if (r.url().startsWith(`${stack.baseUrl}/api/widget/`) && !r.url().endsWith('widget.js')) calls.push(r.url());
    });
    await visitor.goto(site.origin);
    // The loader has run (the page adds it 300 ms after its load event), then an idle moment has passed: a loader
    // that did not wait for consent would have asked for the widget by then (it does so on the first idle callback).
    await visitor.waitForFunction(() => (window as { KreeChat?: { loaderStarted?: boolean } }).KreeChat?.loaderStarted);
    await visitor.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    // Before consent: nothing on the page, nothing stored, nothing asked of KreeChat (the loader fetches no widget).
    await expect(visitor.locator('kreechat-widget')).toHaveCount(0);
    expect(await visitor.evaluate(() => localStorage.length)).toBe(0);
    expect(calls).toEqual([]);

    await visitor.evaluate(() => (window as unknown as { KreeChat: { consent(): void } }).KreeChat.consent());
    const launcher = visitor.getByRole('button', { name: 'Напишите нам' });
    await expect(launcher).toBeVisible();
    // Consent fetched the widget itself, and the launcher asks KreeChat nothing until it is opened.
    expect(calls).toEqual([`${stack.baseUrl}/api/widget/widget-app.js`]);
    await launcher.click();
    const panel = visitor.getByRole('dialog', { name: 'Поддержка' });
    await expect(panel).toBeVisible();
    // Full screen on a phone.
    await expect.poll(() => panel.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    expect(await panel.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');

    await panel.getByLabel('Имя').fill('Иван');
    await panel.getByLabel('E-mail').fill('ivan@example.test');
    await snap(visitor, 'widget-ru-390');
    await panel.getByRole('button', { name: 'Начать чат' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Чат сейчас недоступен на этом сайте.');
    expect(await visitor.evaluate(() => localStorage.length)).toBe(0);

    // A token id that does not exist: the same answer (401 instead of 403).
    site.page.tokenId = 'wpt_doesnotexist000000';
    site.page.requireConsent = false;
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Напишите нам' }).click();
    await panel.getByLabel('Имя').fill('Иван');
    await panel.getByLabel('E-mail').fill('ivan@example.test');
    await panel.getByRole('button', { name: 'Начать чат' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Чат сейчас недоступен на этом сайте.');
    await expectAccessible(visitor, 'widget-refused-ru-390');

    // Escape closes the full-screen panel and the launcher is back, focused.
    await visitor.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(visitor.getByRole('button', { name: 'Напишите нам' })).toBeFocused();
    await context.close();
  } finally {
    await site.close();
  }
});

test('when its socket cannot connect the widget polls: the agent reply still arrives, once', async ({
  page,
  request,
  mailbox,
  stack,
  browser,
}) => {
  const site = await startSite(stack.baseUrl);
  try {
    site.useToken(
      await companyWithToken(page, request, mailbox, site.origin, {
        firstName: 'Edsger',
        lastName: 'Dijkstra',
        company: 'Shortest Path Couriers',
      }),
    );
    await openWorkspaceLive(page);

    // A proxy in front of the site's visitors that refuses WebSockets.
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.routeWebSocket(/\/api\/widget\/live\//, (ws) => ws.close());
    const polls: string[] = [];
    visitor.on('request', (r) => {
      if (r.url().includes('/api/widget/messages?after=')) polls.push(r.url());
    });
    await visitor.goto(site.origin);
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    const panel = visitor.getByRole('dialog', { name: 'Support' });
    await panel.getByLabel('Name').fill('Pat Poller');
    await panel.getByLabel('E-mail').fill('pat@example.test');
    await panel.getByRole('button', { name: 'Start chat' }).click();
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.fill('Is anyone there?');
    await box.press('Enter');

    const card = page.getByRole('article', { name: /Pat Poller/ });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Accept' }).click();
    const chat = page.getByRole('region', { name: /Pat Poller/ });
    await chat.getByRole('textbox', { name: 'Message' }).fill('Yes, Edsger here.');
    await chat.getByRole('textbox', { name: 'Message' }).press('Enter');

    const conversation = panel.getByRole('log', { name: 'Conversation' });
    await expect(conversation).toContainText('Yes, Edsger here.', { timeout: 15_000 });
    expect(polls.length).toBeGreaterThan(0);
    // Polled again (every 4 s) after the reply had arrived, still shown once.
    const pollsSoFar = polls.length;
    await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThan(pollsSoFar);
    await expect(conversation.getByText('Yes, Edsger here.')).toHaveCount(1);
    await expect(conversation.getByText('Is anyone there?')).toHaveCount(1);
    await context.close();
  } finally {
    await site.close();
  }
});
