/**
 * A company with a WordPress site connected (a token for SITE), and visitors of that site driving the widget's
 * API the way the widget does: from the site's origin, with a bearer, no cookie. `signIdentity` stands in for the
 * plugin's signer (its PHP twin is tested against the same vector in wordpress-plugin/tests).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { WIDGET_SOCKET_PATH } from '@kreechat/contract';
import { eventually, seedCompany, startTestApp, type Reply, type TestApp, type TestClient } from './harness';

export const SITE = 'https://shop.example.test';

/** Signs `fields` as the plugin does; `nonce` as the plugin adds it (an older plugin's identity has none). */
export function signIdentity(
  secret: string,
  fields: { tokenId: string; email: string; name: string; exp: number; v?: number; nonce?: string },
) {
  const payload = Buffer.from(JSON.stringify({ v: 1, ...fields })).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('hex')}`;
}

export type Visitor = Awaited<ReturnType<typeof openVisitor>>;

/** One visitor's widget: their session, and the calls it makes. */
export async function openVisitor(
  t: TestApp,
  tokenId: string,
  who: { identity: string } | { guest: { name: string; email: string } },
  options: { origin?: string; language?: string; from?: string } = {},
) {
  const origin = options.origin ?? SITE;
  const browser = t.client({ from: options.from });
  const created = await browser.post(
    '/widget/sessions',
    { tokenId, ...who, ...(options.language ? { language: options.language } : {}) },
    { origin },
  );
  const session: string | undefined = created.body?.session;
  const auth = () => ({ origin, authorization: `Bearer ${session ?? ''}` });
  return {
    created,
    session,
    get: (url: string): Promise<Reply> => browser.get(url, auth()),
    post: (url: string, body: unknown = {}): Promise<Reply> => browser.post(url, body, auth()),
    send: (text: string, extra: Record<string, unknown> = {}) =>
      browser.post('/widget/messages', { text, clientMessageId: randomUUID(), ...extra }, auth()),
    postForm: (url: string, form: FormData): Promise<Reply> => {
      const encoded = new Request('http://localhost', { method: 'POST', body: form });
      return encoded.arrayBuffer().then((bytes) =>
        browser.request('POST', url, Buffer.from(bytes), {
          ...auth(),
          'content-type': encoded.headers.get('content-type')!,
        }),
      );
    },
    messages: async (query = '') => (await browser.get(`/widget/messages${query}`, auth())).body,
  };
}

/** The visitor's live connection to the widget server, collecting what it hears. */
export async function connectWidget(baseUrl: string, session: string, origin = SITE) {
  const heard: { event: string; payload: any }[] = [];
  const socket: Socket = io(baseUrl, {
    path: WIDGET_SOCKET_PATH,
    transports: ['websocket'],
    auth: { session },
    extraHeaders: { origin },
    reconnection: false,
  });
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  const error = await new Promise<string | undefined>((resolve) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', (e) => resolve(e.message));
  });
  return {
    socket,
    error,
    heard,
    waitFor: (event: string, match: (p: any) => boolean = () => true, timeoutMs = 5_000) =>
      eventually(() => heard.find((h) => h.event === event && match(h.payload))?.payload, timeoutMs),
    close: () => socket.close(),
  };
}

export async function startWordpressWorld(
  options: Pick<NonNullable<Parameters<typeof startTestApp>[1]>, 'listen' | 'logTo' | 'logLevel'> = {},
) {
  const t = await startTestApp({}, options);
  const seeded = await seedCompany(t);
  const generated = await seeded.adminClient.post('/generate-wp-token', { tokenName: 'Shop', siteUrl: `${SITE}/` });
  if (generated.status !== 201) throw new Error(`token: ${generated.status} ${JSON.stringify(generated.body)}`);
  const token: string = generated.body.token;
  const [tokenId, secret] = token.split('.') as [string, string];
  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  return {
    t,
    ...seeded,
    token,
    tokenId,
    secret,
    /** A signed identity the plugin would make for this user, valid for ten minutes; each one different. */
    identity: (email: string, name = 'Wendy Reader', exp = now() + 600) =>
      signIdentity(secret, { tokenId, email, name, exp, nonce: randomBytes(16).toString('hex') }),
    visitor: (
      who: { identity: string } | { guest: { name: string; email: string } },
      visitorOptions?: Parameters<typeof openVisitor>[3],
    ) => openVisitor(t, tokenId, who, visitorOptions),
    /** An agent's reply through the outbox, waited for until the worker delivered it. */
    async reply(agent: TestClient, ticketid: string, content: string) {
      const sent = await agent.post('/send-message', { ticketid, content });
      if (sent.status !== 200) throw new Error(`send: ${sent.status} ${JSON.stringify(sent.body)}`);
      return sent.body.message;
    },
    close: () => t.close(),
  };
}
