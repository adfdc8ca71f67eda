import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, WebSocket } from '@playwright/test';
import { asPerson, newOwner, openWorkspaceLive, registerCompanyByApi, snap } from '../support/flows';
import { expect, test } from '../support/fixtures';

/**
 * A company's website on another loopback port (another origin than KreeChat's), as the WordPress plugin renders
 * it for a logged-out visitor: `window.kreechatWidget` without an identity route, then the widget script from
 * KreeChat. The script tag is there twice, as a "delay JS" optimiser or a second plugin may leave it.
 */
async function startSite(kreechat: string) {
  let tokenId = '';
  const page = () => `<!doctype html>
<html lang="en">
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
    tokenId,
    identityUrl: null,
    nonce: null,
    requireConsent: false,
    locale: 'en_US',
  })};
</script>
<script src="${kreechat}/api/widget/widget.js" defer></script>
<script src="${kreechat}/api/widget/widget.js" defer></script>
</body>
</html>`;
  const server = http.createServer((request, response) => {
    if (request.url !== '/') return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setToken: (id: string) => void (tokenId = id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
    const owner = newOwner({ firstName: 'Grace', lastName: 'Hopper', company: 'Hopper Logistics' });
    await registerCompanyByApi(request, mailbox, owner);
    await asPerson(page).logIn(owner.email, owner.password);
    await asPerson(page).expectWorkspaceOf('Grace Hopper');
    const generated = await page.request.post('/api/generate-wp-token', {
      data: { tokenName: 'Main site', siteUrl: site.origin },
    });
    expect(generated.status(), await generated.text()).toBe(201);
    const token = (await generated.json()) as { token_id: string; token: string };
    expect(token.token.startsWith(`${token.token_id}.`)).toBe(true);
    site.setToken(token.token_id);
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
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(card.getByRole('button', { name: 'Accept' })).toBeDisabled();
    await card.getByRole('heading', { name: /Gina Guest/ }).click();
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

    // The agent closes the ticket; the visitor is asked for a rating and gives 3 of 3.
    await chat.getByRole('button', { name: 'Close ticket' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure you want to close the ticket?' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(conversation).toContainText('The conversation was closed.');
    const rating = panel.getByRole('group', { name: 'How did we do?' });
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
    const pending = page.locator('section', { has: page.getByRole('heading', { name: 'Pending Tickets' }) });
    await expect(pending.getByRole('article', { name: /Gina Guest/ })).toBeVisible({ timeout: 15_000 });
    await expect(conversation).not.toContainText('Thank you for your rating!');

    await visitorContext.close();
  } finally {
    await site.close();
  }
});
