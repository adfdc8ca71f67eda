/**
 * KreeChat behind Debian's nginx running the README's site (TLS, WebSocket upgrade, forwarded headers) with
 * TRUST_PROXY=127.0.0.1: a person logs in through it, the workspace is live over the upgraded WebSocket, and the
 * per-address login limit counts each client's real address — whatever X-Forwarded-For the client writes.
 */
import fs from 'node:fs';
import { WIDGET_SOCKET_PATH } from '@kreechat/contract';
import { io } from 'socket.io-client';
import { textUpdate } from '../../server/test/fakes/telegram/updates';
import { test as stackTest, expect } from '../support/fixtures';
import { asPerson, connectBotByApi, newOwner, openWorkspaceLive, registerCompanyByApi, snap } from '../support/flows';
import { NGINX_BINARY, postFrom, startNginx, type Nginx } from '../support/nginx';

const test = stackTest.extend<object, { nginx: Nginx }>({
  nginx: [
    async ({ stack }, use) => {
      const nginx = await startNginx({ upstreamPort: Number(new URL(stack.baseUrl).port) });
      await use(nginx);
      await nginx.close();
    },
    { scope: 'worker', timeout: 30_000 },
  ],
  // Every page and API call of these tests goes through nginx.
  baseURL: async ({ nginx }, use) => use(nginx.url),
});

test.use({ stackEnv: { TRUST_PROXY: '127.0.0.1' }, ignoreHTTPSErrors: true });
// Outside CI a machine without nginx skips with the reason; under CI the start fails instead (nothing may skip).
test.skip(!fs.existsSync(NGINX_BINARY) && !process.env.CI, `${NGINX_BINARY} not found: apt-get install -y nginx-light`);

test('through nginx: log in over TLS, and the workspace is live over the WebSocket upgrade', async ({
  page,
  request,
  mailbox,
  stack,
  nginx,
}) => {
  const owner = newOwner({ firstName: 'Olga', lastName: 'Proxy', company: 'Edge Freight' });
  await registerCompanyByApi(request, mailbox, owner);
  const person = asPerson(page);
  await person.logIn(owner.email, owner.password);
  await person.expectWorkspaceOf('Olga Proxy');
  expect(page.url().startsWith(nginx.url)).toBe(true);
  // Secure only because KreeChat believed nginx's X-Forwarded-Proto: https.
  const session = (await page.context().cookies()).find((c) => c.name === 'kc_session');
  expect(session).toMatchObject({ secure: true, httpOnly: true });

  const bot = await connectBotByApi(page.request, stack.telegram, 'edge_freight_bot');
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await openWorkspaceLive(page);
  expect(sockets.some((url) => url.startsWith(`wss://127.0.0.1:${nginx.port}/socket.io/`))).toBe(true);

  // A client writes to the bot: the ticket reaches the open workspace as a live event, through nginx.
  await stack.telegram.pushUpdate(
    bot.token,
    textUpdate({
      updateId: stack.telegram.nextUpdateId(bot.token),
      chatId: 7101,
      text: 'Is my pallet through customs?',
      firstName: 'Piet',
    }),
  );
  const card = page.getByRole('article', { name: /Piet/ });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('Is my pallet through customs?');
  // nginx answered the upgrade itself (101) and forwarded the live connection.
  expect(nginx.accessLog()).toMatch(/"GET \/socket\.io\/\?EIO=4&transport=websocket[^"]*" 101 /);
  await snap(page, 'nginx-workspace');
});

test('through nginx, the login limit counts the real client address, not what the client writes', async ({
  request,
  mailbox,
  nginx,
}) => {
  const owner = newOwner({ firstName: 'Ivo', lastName: 'Limit', company: 'Edge Freight' });
  await registerCompanyByApi(request, mailbox, owner);
  const login = (from: string, password: string, forwardedFor?: string) =>
    postFrom(from, `${nginx.url}/api/auth/login`, { email: owner.email, password }, forwardedFor);

  // A guesser at 127.0.0.2 writes a new X-Forwarded-For each time, claiming to be elsewhere, even the proxy itself.
  const claims = ['198.51.100.1', '127.0.0.3', '127.0.0.1', '10.0.0.1, 127.0.0.3', ''];
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await login('127.0.0.2', 'Wrong-pass1!', claims[i % 5])).status);
  expect(statuses).toEqual(Array<number>(10).fill(401));
  for (const claim of claims) {
    const refused = await login('127.0.0.2', owner.password, claim || undefined);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many failed login attempts. Try again in 15 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }

  // Another client address through the same nginx is counted on its own: a wrong guess is just wrong, and the
  // owner's right password gets in.
  expect((await login('127.0.0.3', 'Wrong-pass1!')).status).toBe(401);
  const ownerIn = await login('127.0.0.3', owner.password);
  expect(ownerIn.status).toBe(200);
  expect(ownerIn.body).toMatchObject({ user: { email: owner.email } });
});

test("through nginx, the WordPress widget's live connection is upgraded too", async ({ request, mailbox, nginx }) => {
  const owner = newOwner({ firstName: 'Wim', lastName: 'Proxy', company: 'Edge Books' });
  await registerCompanyByApi(request, mailbox, owner);
  await request.post('/api/auth/login', { data: { email: owner.email, password: owner.password } });
  const site = 'https://books.example.test';
  const made = await request.post('/api/generate-wp-token', { data: { tokenName: 'Books', siteUrl: site } });
  expect(made.status()).toBe(201);
  const tokenId = ((await made.json()) as { token: string }).token.split('.')[0];
  const created = await request.post('/api/widget/sessions', {
    headers: { origin: site },
    data: { tokenId, guest: { name: 'Vera', email: 'vera@example.test' } },
  });
  expect(created.status()).toBe(201);
  const { session } = (await created.json()) as { session: string };
  // The widget's live connection through nginx, from the site, with its session.
  const socket = io(`https://127.0.0.1:${nginx.port}`, {
    path: WIDGET_SOCKET_PATH,
    transports: ['websocket'],
    auth: { session },
    extraHeaders: { origin: site },
    rejectUnauthorized: false,
    reconnection: false,
  });
  const outcome = await new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
  socket.close();
  expect(outcome).toBe('connected');
  // nginx logs an upgraded connection when it closes.
  await expect
    .poll(() => nginx.accessLog())
    .toMatch(/"GET \/api\/widget\/live\/\?EIO=4&transport=websocket[^"]*" 101 /);
});
