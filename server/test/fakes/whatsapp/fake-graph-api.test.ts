/**
 * The fake Graph API driven over real HTTP with fetch, and its webhooks taken by a real loopback receiver: what the
 * server will see is what these tests see. Signatures are checked here with node:crypto, not with the fake's helper.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGraphApi, type FakeBusiness, type FakeGraphApi, type FakeGraphApiOptions } from './fake-graph-api';
import {
  audioMessage,
  batchPayload,
  buttonReplyMessage,
  contactsMessage,
  documentMessage,
  failedStatus,
  imageMessage,
  listReplyMessage,
  locationMessage,
  messagePayload,
  messagesPayload,
  messageStatus,
  reactionMessage,
  reEngagementError,
  sharedContact,
  statusPayload,
  stickerMessage,
  templateButtonMessage,
  templateStatusPayload,
  textMessage,
  unsupportedMessage,
  userChangedNumberMessage,
  videoMessage,
  voiceMessage,
  webhookBody,
  type InboundMessage,
} from './webhooks';

// --- A loopback webhook receiver --------------------------------------------------------------------------------

type Received = { method: string; url: URL; headers: IncomingHttpHeaders; raw: Buffer };

const VERIFY_TOKEN = 'kree-verify-7f3a';

async function startReceiver() {
  const received: Received[] = [];
  /** Statuses for the next POSTs, then 200. */
  const script: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      received.push({ method: req.method ?? '', url, headers: req.headers, raw: Buffer.concat(chunks) });
      if (req.method === 'GET') {
        const ok =
          url.searchParams.get('hub.mode') === 'subscribe' && url.searchParams.get('hub.verify_token') === VERIFY_TOKEN;
        res.writeHead(ok ? 200 : 403).end(ok ? (url.searchParams.get('hub.challenge') ?? '') : 'Forbidden');
        return;
      }
      const status = script.shift() ?? 200;
      res.writeHead(status).end(status === 200 ? 'EVENT_RECEIVED' : 'try later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/webhooks/whatsapp`,
    base,
    posts: () => received.filter((r) => r.method === 'POST'),
    gets: () => received.filter((r) => r.method === 'GET'),
    answerNext: (...statuses: number[]) => script.push(...statuses),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

// --- Helpers ----------------------------------------------------------------------------------------------------

let fake: FakeGraphApi;
let receiver: Receiver;
let biz: FakeBusiness;
const CLIENT = '5511999990000';

async function start(options: FakeGraphApiOptions = {}) {
  await fake?.close();
  fake = await startFakeGraphApi({ delivery: { backoffMs: 1 }, ...options });
  biz = fake.addBusiness({ displayPhoneNumber: '15550001111', verifiedName: 'Kree Support' });
}

beforeEach(async () => {
  receiver = await startReceiver();
  await start();
});

afterEach(async () => {
  await fake.close();
  await receiver.close();
});

type Call = {
  method?: string;
  token?: string | null;
  json?: unknown;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
};

/** A Graph call as the server makes it: `/{version}{path}` with the business token unless told otherwise. */
async function graph(path: string, call: Call = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const token = call.token === undefined ? biz.token : call.token;
  const res = await fetch(`${fake.root}/${fake.version}${path}`, {
    method: call.method ?? (call.json || call.body ? 'POST' : 'GET'),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(call.json ? { 'content-type': 'application/json' } : {}),
      ...call.headers,
    },
    body: call.json ? JSON.stringify(call.json) : call.body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const post = (path: string, json: unknown, call: Call = {}) => graph(path, { ...call, json });

const send = (message: Record<string, unknown>, phoneNumberId = biz.phoneNumberId) =>
  post(`/${phoneNumberId}/messages`, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: CLIENT,
    ...message,
  });

async function subscribe(uri = receiver.url) {
  const res = await post(`/${biz.wabaId}/subscribed_apps`, { override_callback_uri: uri, verify_token: VERIFY_TOKEN });
  expect(res).toMatchObject({ status: 200, body: { success: true } });
}

/** A client writes first, so the 24-hour window is open. */
async function clientWrites(body = 'hello') {
  const message = textMessage({ from: CLIENT, body });
  await fake.receive(biz.phoneNumberId, message);
  return message;
}

const hmacHex = (raw: Buffer | string, secret = fake.appSecret) =>
  createHmac('sha256', secret).update(raw).digest('hex');

const lastPostJson = () => JSON.parse(receiver.posts().at(-1)?.raw.toString('utf8') ?? 'null');

async function createTemplate(name = 'ticket_update', extra: Record<string, unknown> = {}) {
  return post(`/${biz.wabaId}/message_templates`, {
    name,
    category: 'UTILITY',
    language: 'en_US',
    components: [{ type: 'BODY', text: 'Ticket {{1}} was updated.', example: { body_text: [['#91']] } }],
    ...extra,
  });
}

const graphError = (body: any) => body?.error;

// --- Transport and auth -----------------------------------------------------------------------------------------

describe('transport and auth', () => {
  it('answers 104 without a token and 190 (HTTP 401) for an unknown one, in the Graph envelope', async () => {
    const none = await graph(`/${biz.phoneNumberId}`, { token: null });
    expect(none.status).toBe(400);
    expect(graphError(none.body)).toMatchObject({ code: 104, type: 'OAuthException' });

    const unknown = await graph(`/${biz.phoneNumberId}`, { token: 'EAAnot-a-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      error: {
        message: 'Invalid OAuth access token - Cannot parse access token',
        type: 'OAuthException',
        code: 190,
        fbtrace_id: expect.stringMatching(/^A[\w-]{22}$/),
      },
    });
    expect(unknown.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('takes the token as Bearer, as OAuth or as ?access_token', async () => {
    const path = `${fake.root}/${fake.version}/${biz.phoneNumberId}`;
    const viaOAuth = await fetch(path, { headers: { authorization: `OAuth ${biz.token}` } });
    const viaQuery = await fetch(`${path}?access_token=${biz.token}`);
    expect([viaOAuth.status, viaQuery.status]).toEqual([200, 200]);
    expect(fake.requests().at(-1)).toMatchObject({ scheme: 'query', token: biz.token, status: 200 });
  });

  it('tells expired (463) and revoked (460) tokens apart, with HTTP 400 when asked', async () => {
    const other = fake.addToken();
    fake.expireToken(biz.token);
    fake.revokeToken(other);
    expect(graphError((await graph(`/${biz.phoneNumberId}`)).body)).toMatchObject({ code: 190, error_subcode: 463 });
    expect(graphError((await graph(`/${biz.phoneNumberId}`, { token: other })).body)).toMatchObject({
      code: 190,
      error_subcode: 460,
    });

    await start({ authErrorStatus: 400 });
    expect((await graph(`/${biz.phoneNumberId}`, { token: 'nope' })).status).toBe(400);
  });

  it('hides objects of other WABAs like missing ones, and refuses unknown paths and other versions', async () => {
    const stranger = fake.addBusiness();
    const res = await graph(`/${stranger.phoneNumberId}`);
    expect(res.status).toBe(400);
    expect(graphError(res.body)).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
    expect(graphError(res.body).message).toContain(`Object with ID '${stranger.phoneNumberId}' does not exist`);
    expect(graphError((await graph('/999999/messages', { json: {} })).body)).toMatchObject({ error_subcode: 33 });
    expect(graphError((await graph(`/${biz.phoneNumberId}/messages/extra`)).body)).toMatchObject({ code: 2500 });
    expect(graphError((await graph(`/${biz.phoneNumberId}/nonsense`)).body).message).toBe(
      '(#100) Tried accessing nonexisting field (nonsense) on node type (WhatsAppBusinessPhoneNumber)',
    );
    const old = await fetch(`${fake.root}/v12.0/${biz.phoneNumberId}`, {
      headers: { authorization: `Bearer ${biz.token}` },
    });
    expect(old.status).toBe(400);
    expect(((await old.json()) as any).error.message).toContain('Unsupported version v12.0');
  });
});

// --- Embedded Signup code exchange ------------------------------------------------------------------------------

describe('OAuth code exchange', () => {
  const exchange = (code: string, secret = fake.appSecret, clientId = fake.appId) =>
    graph(`/oauth/access_token?${new URLSearchParams({ client_id: clientId, client_secret: secret, code })}`, {
      token: null,
    });

  it('trades a code for a business token scoped to the WABA, once', async () => {
    const code = fake.issueCode({ wabaIds: [biz.wabaId] });
    const first = await exchange(code);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ access_token: expect.stringMatching(/^EAA/), token_type: 'bearer' });
    const token = first.body.access_token as string;
    expect((await graph(`/${biz.wabaId}/phone_numbers`, { token })).status).toBe(200);
    const stranger = fake.addBusiness();
    expect((await graph(`/${stranger.wabaId}/phone_numbers`, { token })).status).toBe(400);

    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(graphError(again.body)).toMatchObject({
      message: 'This authorization code has been used.',
      code: 100,
      error_subcode: 36009,
    });
  });

  it('lets a code expire after 30 seconds on the fake clock', async () => {
    const early = fake.issueCode();
    const late = fake.issueCode();
    fake.advanceClock(29_000);
    expect((await exchange(early)).status).toBe(200);
    fake.advanceClock(1_001);
    expect(graphError((await exchange(late)).body)).toMatchObject({ error_subcode: 36007 });
  });

  it('takes an injected clock and lifetime', async () => {
    let t = 1_767_225_600_000;
    await start({ now: () => t, codeTtlMs: 1000 });
    const code = fake.issueCode();
    t += 1001;
    expect(graphError((await exchange(code)).body)).toMatchObject({ error_subcode: 36007 });
    expect(fake.now()).toBe(t);
  });

  it('refuses a wrong client_secret or client_id without burning the code, and unknown codes', async () => {
    const code = fake.issueCode();
    expect(graphError((await exchange(code, 'wrong-secret')).body)).toMatchObject({
      message: 'Error validating client secret.',
      code: 1,
    });
    expect(graphError((await exchange(code, fake.appSecret, '123')).body)).toMatchObject({ code: 101 });
    expect(graphError((await exchange('AQnot-issued')).body)).toMatchObject({ error_subcode: 36008 });
    expect((await exchange(code)).status).toBe(200);
  });
});

// --- Subscriptions and callback overrides -----------------------------------------------------------------------

describe('subscribed_apps and callback overrides', () => {
  it('runs the verification handshake, then records and lists the override', async () => {
    await subscribe();
    const [handshake] = receiver.gets();
    expect(handshake?.url.searchParams.get('hub.mode')).toBe('subscribe');
    expect(handshake?.url.searchParams.get('hub.verify_token')).toBe(VERIFY_TOKEN);
    expect(handshake?.url.searchParams.get('hub.challenge')).toMatch(/^\d+$/);
    expect(fake.subscription(biz.wabaId)).toEqual({ overrideCallbackUri: receiver.url, verifyToken: VERIFY_TOKEN });

    const listed = await graph(`/${biz.wabaId}/subscribed_apps`);
    expect(listed.body).toEqual({
      data: [
        {
          whatsapp_business_api_data: { id: fake.appId, link: expect.any(String), name: expect.any(String) },
          override_callback_uri: receiver.url,
        },
      ],
    });
  });

  it('refuses an override whose handshake fails, or that is not on loopback', async () => {
    const wrong = await post(`/${biz.wabaId}/subscribed_apps`, {
      override_callback_uri: receiver.url,
      verify_token: 'not-the-token',
    });
    expect(wrong.status).toBe(400);
    expect(graphError(wrong.body)).toMatchObject({ code: 2200 });
    expect(graphError(wrong.body).message).toContain('HTTP Status Code = 403');

    const away = await post(`/${biz.wabaId}/subscribed_apps`, {
      override_callback_uri: 'https://example.com/hook',
      verify_token: VERIFY_TOKEN,
    });
    expect(graphError(away.body).message).toContain('only connects to loopback');
    expect(fake.subscription(biz.wabaId)).toBeUndefined();
    expect(receiver.gets()).toHaveLength(1);
  });

  it('stops delivering once unsubscribed', async () => {
    await subscribe();
    expect((await graph(`/${biz.wabaId}/subscribed_apps`, { method: 'DELETE' })).body).toEqual({ success: true });
    expect((await graph(`/${biz.wabaId}/subscribed_apps`)).body).toEqual({ data: [] });
    await expect(clientWrites()).rejects.toThrow('not subscribed');
  });

  it('delivers to the number override before the WABA override, and falls back when it is cleared', async () => {
    await subscribe();
    const numberHook = `${receiver.base}/number-hook`;
    const set = await post(`/${biz.phoneNumberId}`, {
      webhook_configuration: { override_callback_uri: numberHook, verify_token: VERIFY_TOKEN },
    });
    expect(set.body).toEqual({ success: true });
    fake.setAppCallbackUrl(`${receiver.base}/app-hook`);
    expect((await graph(`/${biz.phoneNumberId}?fields=webhook_configuration`)).body).toEqual({
      webhook_configuration: {
        phone_number: numberHook,
        whatsapp_business_account: receiver.url,
        application: `${receiver.base}/app-hook`,
      },
      id: biz.phoneNumberId,
    });

    expect((await clientWrites()).type).toBe('text');
    expect(receiver.posts().at(-1)?.url.pathname).toBe('/number-hook');

    await post(`/${biz.phoneNumberId}`, { webhook_configuration: { override_callback_uri: '' } });
    await clientWrites();
    expect(receiver.posts().at(-1)?.url.pathname).toBe('/webhooks/whatsapp');
    expect(fake.phoneNumber(biz.phoneNumberId).webhookOverride).toBeUndefined();
  });
});

// --- Phone numbers and registration -----------------------------------------------------------------------------

describe('phone numbers', () => {
  it('lists the numbers of a WABA with the default fields', async () => {
    const res = await graph(`/${biz.wabaId}/phone_numbers`);
    expect(res.body.data).toEqual([
      {
        verified_name: 'Kree Support',
        code_verification_status: 'VERIFIED',
        display_phone_number: '+1 555-000-1111',
        quality_rating: 'GREEN',
        platform_type: 'CLOUD_API',
        throughput: { level: 'STANDARD' },
        last_onboarded_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/),
        webhook_configuration: {},
        id: biz.phoneNumberId,
      },
    ]);
    expect(res.body.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
  });

  it('answers only the fields asked for, pages with limit, and refuses unknown fields', async () => {
    fake.addPhoneNumber(biz.wabaId, { qualityRating: 'YELLOW', throughput: 'HIGH' });
    const fields = 'display_phone_number,quality_rating,throughput{level}';
    const first = await graph(`/${biz.wabaId}/phone_numbers?fields=${fields}&limit=1`);
    expect(first.body.data).toEqual([
      {
        display_phone_number: '+1 555-000-1111',
        quality_rating: 'GREEN',
        throughput: { level: 'STANDARD' },
        id: biz.phoneNumberId,
      },
    ]);
    const next = await graph(
      `/${biz.wabaId}/phone_numbers?fields=quality_rating&limit=1&after=${first.body.paging.cursors.after}`,
    );
    expect(next.body.data).toEqual([{ quality_rating: 'YELLOW', id: expect.any(String) }]);

    const bad = await graph(`/${biz.wabaId}/phone_numbers?fields=colour`);
    expect(graphError(bad.body).code).toBe(100);
    expect((await graph(`/${biz.phoneNumberId}?fields=verified_name`)).body).toEqual({
      verified_name: 'Kree Support',
      id: biz.phoneNumberId,
    });
  });

  it('registers with a 6-digit pin, keeps it, and limits register calls to 10 per 72 hours', async () => {
    const register = (pin: unknown) => post(`/${biz.phoneNumberId}/register`, { messaging_product: 'whatsapp', pin });
    expect(graphError((await register('12345')).body).code).toBe(100);
    expect(graphError((await post(`/${biz.phoneNumberId}/register`, { pin: '123456' })).body).message).toBe(
      '(#100) The parameter messaging_product is required',
    );
    expect((await register('123456')).body).toEqual({ success: true });
    expect(fake.phoneNumber(biz.phoneNumberId)).toMatchObject({ registered: true, pin: '123456' });
    expect(graphError((await register('654321')).body).code).toBe(133005);

    for (let i = fake.phoneNumber(biz.phoneNumberId).registerCalls.length; i < 10; i++) await register('123456');
    const limited = await register('123456');
    expect(graphError(limited.body)).toMatchObject({ code: 133016 });
    fake.advanceClock(72 * 3600_000);
    expect((await register('123456')).status).toBe(200);
  });
});

// --- Business profile and resumable upload ----------------------------------------------------------------------

describe('business profile', () => {
  const path = () => `/${biz.phoneNumberId}/whatsapp_business_profile`;

  it('updates and reads back the profile', async () => {
    const update = {
      messaging_product: 'whatsapp',
      about: 'Support 9–18',
      address: 'Rua A, 1',
      description: 'Repairs',
      email: 'help@kree.example',
      websites: ['https://kree.example', 'https://kree.example/help'],
      vertical: 'PROF_SERVICES',
    };
    expect((await post(path(), update)).body).toEqual({ success: true });
    const read = await graph(`${path()}?fields=about,email,websites,vertical`);
    expect(read.body).toEqual({
      data: [
        {
          about: 'Support 9–18',
          email: 'help@kree.example',
          websites: ['https://kree.example', 'https://kree.example/help'],
          vertical: 'PROF_SERVICES',
          messaging_product: 'whatsapp',
        },
      ],
    });
  });

  it.each([
    ['an about of 140 characters', { about: 'x'.repeat(140) }],
    ['an empty about', { about: '' }],
    ['an address of 257 characters', { address: 'x'.repeat(257) }],
    ['a description of 257 characters', { description: 'x'.repeat(257) }],
    ['an email of 133 characters', { email: `${'x'.repeat(120)}@kree.example` }],
    ['three websites', { websites: ['https://a.example', 'https://b.example', 'https://c.example'] }],
    ['an unknown vertical', { vertical: 'PLUMBING' }],
  ])('refuses %s (limits of §2.6) with code 100', async (_name, change) => {
    const res = await post(path(), { messaging_product: 'whatsapp', ...change });
    expect(res.status).toBe(400);
    expect(graphError(res.body).code).toBe(100);
    expect(fake.businessProfile(biz.phoneNumberId)).toEqual({});
  });

  it('takes a profile picture through the resumable upload (OAuth scheme only)', async () => {
    const picture = Buffer.from('ffd8ffe000104a464946', 'hex');
    const session = await post(
      `/${fake.appId}/uploads?file_name=logo.jpg&file_length=${picture.length}&file_type=image/jpeg`,
      undefined,
      { method: 'POST' },
    );
    expect(session.body.id).toMatch(/^upload:/);
    const url = `${fake.root}/${fake.version}/${session.body.id}`;

    const bearer = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${biz.token}`, file_offset: '0' },
      body: picture,
    });
    expect(bearer.status).toBe(401);
    const uploaded = await fetch(url, {
      method: 'POST',
      headers: { authorization: `OAuth ${biz.token}`, file_offset: '0' },
      body: picture,
    });
    const { h } = (await uploaded.json()) as { h: string };
    expect(h).toMatch(/^4:/);

    expect(
      graphError((await post(path(), { messaging_product: 'whatsapp', profile_picture_handle: 'bogus' })).body).code,
    ).toBe(100);
    expect((await post(path(), { messaging_product: 'whatsapp', profile_picture_handle: h })).body).toEqual({
      success: true,
    });
    const pictureUrl = fake.businessProfile(biz.phoneNumberId).profile_picture_url ?? '';
    expect(Buffer.from(await (await fetch(pictureUrl)).arrayBuffer())).toEqual(picture);
  });
});

// --- Templates --------------------------------------------------------------------------------------------------

describe('message templates', () => {
  it('creates templates as PENDING and lists them by name', async () => {
    const created = await createTemplate();
    expect(created.body).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'PENDING', category: 'UTILITY' });
    const listed = await graph(`/${biz.wabaId}/message_templates?name=ticket`);
    expect(listed.body.data).toEqual([
      {
        name: 'ticket_update',
        components: [{ type: 'BODY', text: 'Ticket {{1}} was updated.', example: { body_text: [['#91']] } }],
        language: 'en_US',
        status: 'PENDING',
        category: 'UTILITY',
        id: created.body.id,
      },
    ]);
  });

  it.each([
    ['an uppercase name', { name: 'Ticket-Update' }],
    ['an unknown category', { category: 'SUPPORT' }],
    ['no BODY', { components: [{ type: 'FOOTER', text: 'bye' }] }],
    ['a variable without example', { components: [{ type: 'BODY', text: 'Ticket {{1}} updated.' }] }],
    [
      'a variable ending the body',
      { components: [{ type: 'BODY', text: 'Your ticket is {{1}}', example: { body_text: [['#9']] } }] },
    ],
  ])('refuses %s', async (_name, change) => {
    const res = await createTemplate('ticket_update', change);
    expect(res.status).toBe(400);
    expect(graphError(res.body)).toMatchObject({ code: 100, error_user_title: expect.any(String) });
  });

  it('refuses the same name and language twice', async () => {
    await createTemplate();
    expect(graphError((await createTemplate()).body)).toMatchObject({ error_subcode: 2388024 });
    expect((await createTemplate('ticket_update', { language: 'pt_BR' })).status).toBe(200);
  });

  it('deletes every language of a template by name, or one by hsm_id', async () => {
    const english = (await createTemplate()).body.id as string;
    await createTemplate('ticket_update', { language: 'pt_BR' });
    const one = await graph(`/${biz.wabaId}/message_templates?name=ticket_update&hsm_id=${english}`, {
      method: 'DELETE',
    });
    expect(one.body).toEqual({ success: true });
    expect(fake.templates().map((t) => t.language)).toEqual(['pt_BR']);
    await graph(`/${biz.wabaId}/message_templates?name=ticket_update`, { method: 'DELETE' });
    expect(fake.templates()).toEqual([]);
    expect((await createTemplate()).status).toBe(200);
  });

  it('approves and rejects with a signed status webhook to the app URL', async () => {
    fake.setAppCallbackUrl(receiver.url);
    const { body } = await createTemplate();
    const [approved] = await fake.approveTemplate('ticket_update');
    expect(approved?.delivered).toBe(true);
    const raw = receiver.posts().at(-1)?.raw ?? Buffer.alloc(0);
    expect(receiver.posts().at(-1)?.headers['x-hub-signature-256']).toBe(`sha256=${hmacHex(raw)}`);
    expect(JSON.parse(raw.toString())).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: biz.wabaId,
          time: expect.any(Number),
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: 'APPROVED',
                message_template_id: Number(body.id),
                message_template_name: 'ticket_update',
                message_template_language: 'en_US',
                reason: 'NONE',
              },
            },
          ],
        },
      ],
    });
    expect((await graph(`/${biz.wabaId}/message_templates?name=ticket_update`)).body.data[0].status).toBe('APPROVED');

    await createTemplate('promo_offer');
    await fake.rejectTemplate('promo_offer', 'INCORRECT_CATEGORY');
    expect(lastPostJson().entry[0].changes[0].value).toMatchObject({ event: 'REJECTED', reason: 'INCORRECT_CATEGORY' });
    expect(fake.templates(biz.wabaId).find((t) => t.name === 'promo_offer')).toMatchObject({
      status: 'REJECTED',
      rejectedReason: 'INCORRECT_CATEGORY',
    });
  });

  it('skips the status webhook when the app has no callback URL, even with a WABA override', async () => {
    await subscribe();
    await createTemplate();
    const [report] = await fake.approveTemplate('ticket_update');
    expect(report).toMatchObject({ delivered: false, skipped: expect.stringContaining('app URL') });
    expect(receiver.posts()).toHaveLength(0);
  });

  it('reviews templates by itself after a delay when asked to', async () => {
    await start({ templateReview: { afterMs: 20 }, appCallbackUrl: receiver.url });
    await createTemplate();
    await new Promise((r) => setTimeout(r, 40));
    await fake.idle();
    expect(fake.templates()[0]?.status).toBe('APPROVED');
    expect(lastPostJson().entry[0].changes[0].value.event).toBe('APPROVED');
  });
});

// --- Sending ----------------------------------------------------------------------------------------------------

describe('sending messages', () => {
  beforeEach(() => subscribe());

  it('answers a send with contacts and a wamid and records it, replies included', async () => {
    const inbound = await clientWrites();
    const res = await send({ type: 'text', text: { body: 'Hi Ana' }, context: { message_id: inbound.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: CLIENT, wa_id: CLIENT }],
      messages: [{ id: expect.stringMatching(/^wamid\.HBg/) }],
    });
    expect(fake.sent({ to: CLIENT })).toEqual([
      expect.objectContaining({
        wamid: res.body.messages[0].id,
        phoneNumberId: biz.phoneNumberId,
        type: 'text',
        request: expect.objectContaining({ text: { body: 'Hi Ana' }, context: { message_id: inbound.id } }),
      }),
    ]);
  });

  it('keeps `input` as given and answers wa_id in digits', async () => {
    fake.openWindow(biz.phoneNumberId, CLIENT);
    const res = await send({ to: '+55 11 99999-0000', text: { body: 'hi' } });
    expect(res.body.contacts).toEqual([{ input: '+55 11 99999-0000', wa_id: CLIENT }]);
  });

  it('accepts a free-form send outside the window, then delivers a failed status with 131047', async () => {
    const res = await send({ type: 'text', text: { body: 'Are you there?' } });
    expect(res.status).toBe(200);
    const wamid = res.body.messages[0].id;
    await fake.idle();
    const status = lastPostJson().entry[0].changes[0].value.statuses[0];
    expect(status).toEqual({
      id: wamid,
      status: 'failed',
      timestamp: expect.stringMatching(/^\d+$/),
      recipient_id: CLIENT,
      errors: [expect.objectContaining({ code: 131047, title: 'Re-engagement message' })],
    });
    expect(fake.sent()[0]?.failure?.code).toBe(131047);
  });

  it('fails outside the window synchronously when configured so', async () => {
    await start({ windowFailure: 'sync' });
    const res = await send({ type: 'text', text: { body: 'late' } });
    expect(res.status).toBe(400);
    expect(graphError(res.body)).toMatchObject({ code: 131047, message: '(#131047) Re-engagement message' });
    expect(fake.sent()).toEqual([]);
  });

  it('closes the window 24 hours after the client last wrote; templates still go', async () => {
    const frozen = Date.now();
    await start({ windowFailure: 'sync', now: () => frozen });
    await subscribe();
    await clientWrites();
    fake.advanceClock(24 * 3600_000 - 1);
    expect((await send({ text: { body: 'still open' } })).body).toMatchObject({ messages: [{}] });
    fake.advanceClock(1);
    expect(fake.isWindowOpen(biz.phoneNumberId, CLIENT)).toBe(false);
    expect(graphError((await send({ text: { body: 'closed' } })).body).code).toBe(131047);

    await createTemplate();
    await fake.approveTemplate('ticket_update');
    const template = {
      type: 'template',
      template: {
        name: 'ticket_update',
        language: { code: 'en_US' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: '#91' }] }],
      },
    };
    const res = await send(template);
    expect(res.body.messages).toEqual([{ id: expect.any(String), message_status: 'accepted' }]);
    expect(fake.isWindowOpen(biz.phoneNumberId, CLIENT)).toBe(false);
  });

  it('refuses missing, unapproved and mismatched templates with 132001 / 132000', async () => {
    const template = (name: string, parameters: unknown[] = []) => ({
      type: 'template',
      template: { name, language: { code: 'en_US' }, components: [{ type: 'body', parameters }] },
    });
    const missing = await send(template('no_such'));
    expect(graphError(missing.body)).toMatchObject({
      code: 132001,
      message: '(#132001) Template name does not exist in the translation',
      error_data: { messaging_product: 'whatsapp', details: 'template name (no_such) does not exist in en_US' },
    });
    await createTemplate();
    expect(graphError((await send(template('ticket_update'))).body).code).toBe(132001);
    await fake.approveTemplate('ticket_update');
    const mismatch = await send(template('ticket_update'));
    expect(graphError(mismatch.body)).toMatchObject({
      code: 132000,
      error_data: {
        messaging_product: 'whatsapp',
        details: 'body: number of localizable_params (0) does not match the expected number of params (1)',
      },
    });
  });

  describe('interactive messages', () => {
    const buttons = (...titles: string[]) => ({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Was your problem solved?' },
        action: { buttons: titles.map((title, i) => ({ type: 'reply', reply: { id: `b${i}`, title } })) },
      },
    });
    const list = (rows: number, title = 'Row') => ({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Pick a department' },
        action: {
          button: 'Departments',
          sections: [
            { title: 'All', rows: Array.from({ length: rows }, (_, i) => ({ id: `r${i}`, title: `${title}${i}` })) },
          ],
        },
      },
    });

    beforeEach(() => clientWrites());

    it('sends up to 3 reply buttons and refuses a 4th with 131009', async () => {
      expect((await send(buttons('Yes', 'No', 'Later'))).status).toBe(200);
      const four = await send(buttons('Yes', 'No', 'Later', 'Never'));
      expect(four.status).toBe(400);
      expect(graphError(four.body)).toMatchObject({
        code: 131009,
        message: '(#131009) Parameter value is not valid',
        error_data: { details: expect.stringContaining('Max allowed buttons: 3') },
      });
    });

    it('refuses a reply title over 20 characters with Meta’s own details, and duplicate titles', async () => {
      const long = await send(buttons('Yes', 'x'.repeat(21)));
      expect(graphError(long.body)).toEqual({
        message: '(#131009) Parameter value is not valid',
        type: 'OAuthException',
        code: 131009,
        error_data: {
          messaging_product: 'whatsapp',
          details: 'Button title length invalid. Min length: 1, Max length: 20',
        },
        fbtrace_id: expect.any(String),
      });
      expect((await send(buttons('x'.repeat(20)))).status).toBe(200);
      expect(graphError((await send(buttons('Yes', 'Yes'))).body).code).toBe(131009);
    });

    it('sends lists of up to 10 rows with titles up to 24 characters', async () => {
      expect((await send(list(10))).status).toBe(200);
      expect(graphError((await send(list(11))).body).error_data.details).toBe(
        'Total row count exceed max allowed count: 10',
      );
      expect(graphError((await send(list(1, 'x'.repeat(24)))).body).error_data.details).toBe(
        'Row title length invalid. Min length: 1, Max length: 24',
      );
    });
  });

  it('sends media by uploaded id or by link; refuses unknown ids and audio captions', async () => {
    await clientWrites();
    const id = fake.addMedia(Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(
      (await send({ type: 'document', document: { id, filename: 'invoice.pdf', caption: 'Invoice' } })).status,
    ).toBe(200);
    expect((await send({ type: 'image', image: { link: 'https://cdn.example/a.jpg' } })).status).toBe(200);
    expect(graphError((await send({ type: 'image', image: { id: '404404' } })).body).code).toBe(131009);
    expect(graphError((await send({ type: 'image', image: { id, link: 'https://x.example/a' } })).body).code).toBe(100);
    expect(graphError((await send({ type: 'audio', audio: { id, caption: 'no' } })).body).code).toBe(100);
    expect(fake.sent().map((m) => m.type)).toEqual(['document', 'image']);
  });

  it('sends reactions, including the empty emoji that removes one', async () => {
    const inbound = await clientWrites();
    const react = (emoji: string) => send({ type: 'reaction', reaction: { message_id: inbound.id, emoji } });
    expect((await react('👍')).status).toBe(200);
    expect((await react('')).status).toBe(200);
    expect(fake.sent({ type: 'reaction' }).map((m) => m.request.reaction)).toEqual([
      { message_id: inbound.id, emoji: '👍' },
      { message_id: inbound.id, emoji: '' },
    ]);
  });

  it('marks inbound messages as read (with a typing indicator) and refuses ids it never delivered', async () => {
    const inbound = await clientWrites();
    const read = await post(`/${biz.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: inbound.id,
      typing_indicator: { type: 'text' },
    });
    expect(read.body).toEqual({ success: true });
    expect(fake.reads()).toEqual([
      { phoneNumberId: biz.phoneNumberId, messageId: inbound.id, typingIndicator: true, at: expect.any(Number) },
    ]);
    const unknown = await post(`/${biz.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: 'wamid.unknown',
    });
    expect(graphError(unknown.body).code).toBe(100);
    expect(fake.sent()).toEqual([]);
  });

  it('fails the next sends with 130429 (HTTP 429) or 131056 when told to', async () => {
    await clientWrites();
    fake.failNextSends(130429, 2);
    fake.failNextSends(131056);
    const [a, b, c, d] = [
      await send({ text: { body: '1' } }),
      await send({ text: { body: '2' } }),
      await send({ text: { body: '3' } }),
      await send({ text: { body: '4' } }),
    ];
    expect([a.status, b.status, c.status, d.status]).toEqual([429, 429, 400, 200]);
    expect(graphError(a.body)).toMatchObject({ code: 130429, error_data: { messaging_product: 'whatsapp' } });
    expect(graphError(c.body)).toMatchObject({
      code: 131056,
      message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
      error_data: { messaging_product: 'whatsapp', details: 'Too many messages to this recipient' },
    });
    expect(fake.sent()).toHaveLength(1);
  });

  it('becomes unreachable: reset sockets, 503 code 2, or no answer at all', async () => {
    fake.setOutage('reset');
    await expect(send({ text: { body: 'x' } })).rejects.toThrow();
    fake.setOutage('unavailable');
    const unavailable = await send({ text: { body: 'x' } });
    expect(unavailable.status).toBe(503);
    expect(graphError(unavailable.body)).toMatchObject({ code: 2, is_transient: true });
    fake.setOutage('hang');
    const hung = fetch(`${fake.root}/${fake.version}/${biz.phoneNumberId}`, {
      headers: { authorization: `Bearer ${biz.token}` },
      signal: AbortSignal.timeout(100),
    });
    await expect(hung).rejects.toThrow();
    fake.setOutage(null);
    expect((await graph(`/${biz.phoneNumberId}`)).status).toBe(200);
    expect(fake.sent()).toEqual([]);
  });

  it('delivers sent, delivered and read after every send when asked to', async () => {
    await start({ autoStatuses: ['sent', 'delivered', 'read'] });
    await subscribe();
    await clientWrites();
    const res = await send({ text: { body: 'hi' } });
    await fake.idle();
    const statuses = receiver
      .posts()
      .slice(1)
      .map((p) => JSON.parse(p.raw.toString()).entry[0].changes[0].value.statuses[0]);
    expect(statuses.map((s: any) => [s.id, s.status])).toEqual([
      [res.body.messages[0].id, 'sent'],
      [res.body.messages[0].id, 'delivered'],
      [res.body.messages[0].id, 'read'],
    ]);
    expect(statuses[0].pricing).toEqual({ billable: true, pricing_model: 'CBP', category: 'service' });
  });

  it('waits for a message the server has yet to send', async () => {
    await clientWrites();
    const waiting = fake.waitForSent((m) => m.type === 'text');
    setTimeout(() => void send({ text: { body: 'later' } }), 10);
    expect((await waiting).request.text).toEqual({ body: 'later' });
    await expect(fake.waitForSent((m) => m.type === 'image', 20)).rejects.toThrow('no matching message');
  });
});

// --- Media ------------------------------------------------------------------------------------------------------

describe('media', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

  function upload(bytes: Buffer, type: string, product = 'whatsapp') {
    const form = new FormData();
    form.append('messaging_product', product);
    form.append('type', type);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'file.bin');
    return graph(`/${biz.phoneNumberId}/media`, { method: 'POST', body: form });
  }

  it('uploads multipart media and serves it through a 5-minute URL that needs the token', async () => {
    const { body } = await upload(png, 'image/png');
    expect(body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    const info = await graph(`/${body.id}`);
    expect(info.body).toEqual({
      messaging_product: 'whatsapp',
      url: expect.stringContaining(`${fake.root}/whatsapp_business/attachments/?mid=${body.id}`),
      mime_type: 'image/png',
      sha256: createHash('sha256').update(png).digest('hex'),
      file_size: String(png.length),
      id: body.id,
    });

    const url = info.body.url as string;
    const download = await fetch(url, { headers: { authorization: `Bearer ${biz.token}` } });
    expect(Buffer.from(await download.arrayBuffer())).toEqual(png);
    expect((await fetch(url)).status).toBe(401);

    fake.advanceClock(5 * 60_000 + 1000);
    expect((await fetch(url, { headers: { authorization: `Bearer ${biz.token}` } })).status).toBe(403);
    const fresh = (await graph(`/${body.id}`)).body.url as string;
    expect((await fetch(fresh, { headers: { authorization: `Bearer ${biz.token}` } })).status).toBe(200);
    expect(fake.downloads().map((d) => d.status)).toEqual([200, 401, 403, 200]);
  });

  it('refuses unsupported types and uploads without messaging_product', async () => {
    expect(graphError((await upload(png, 'image/bmp')).body).code).toBe(131053);
    expect(graphError((await upload(png, 'image/png', 'sms')).body).code).toBe(100);
  });

  it('serves inbound media whose stated size is missing or wrong', async () => {
    const bytes = Buffer.alloc(2048, 1);
    const omitted = fake.addMedia(bytes, 'audio/ogg', { reportedSize: null });
    const understated = fake.addMedia(bytes, 'audio/ogg', { reportedSize: 10 });
    expect((await graph(`/${omitted}`)).body).not.toHaveProperty('file_size');
    const info = (await graph(`/${understated}`)).body;
    expect(info.file_size).toBe(10);
    const download = await fetch(info.url, { headers: { authorization: `Bearer ${biz.token}` } });
    expect((await download.arrayBuffer()).byteLength).toBe(2048);
    expect(fake.mediaRef(omitted)).toEqual({
      id: omitted,
      mime_type: 'audio/ogg',
      sha256: createHash('sha256').update(bytes).digest('base64'),
    });
  });

  it('deletes media', async () => {
    const { body } = await upload(png, 'image/png');
    expect((await graph(`/${body.id}`, { method: 'DELETE' })).body).toEqual({ success: true });
    expect(graphError((await graph(`/${body.id}`)).body).error_subcode).toBe(33);
  });
});

// --- Webhook delivery -------------------------------------------------------------------------------------------

describe('webhook delivery', () => {
  beforeEach(() => subscribe());

  it('signs the exact raw bytes with the app secret (HMAC-SHA256, lowercase hex)', async () => {
    const report = await fake.receive(biz.phoneNumberId, textMessage({ from: CLIENT, body: 'Olá, não funciona 😕' }));
    const [delivered] = receiver.posts();
    const raw = delivered?.raw ?? Buffer.alloc(0);
    expect(delivered?.headers['x-hub-signature-256']).toBe(`sha256=${hmacHex(raw)}`);
    expect(delivered?.headers['x-hub-signature']).toBe(
      `sha1=${createHmac('sha1', fake.appSecret).update(raw).digest('hex')}`,
    );
    expect(delivered?.headers['content-type']).toBe('application/json');
    expect(raw.toString('utf8')).toBe(report.body);
    // Non-ASCII travels escaped, so re-serializing the parsed body would not match the signature.
    expect(report.body).toContain('Ol\\u00e1');
    expect(report.body).toContain('\\ud83d\\ude15');
    expect(JSON.stringify(JSON.parse(report.body))).not.toBe(report.body);
    expect(JSON.parse(report.body).entry[0].changes[0].value.messages[0].text.body).toBe('Olá, não funciona 😕');
    expect(report).toMatchObject({ delivered: true, attempts: [{ status: 200, body: 'EVENT_RECEIVED' }] });
    expect(fake.sign(raw)).toBe(`sha256=${hmacHex(raw)}`);
  });

  it('posts plain UTF-8 when escapeUnicode is off, still signed over the raw bytes', async () => {
    await fake.receive(biz.phoneNumberId, textMessage({ from: CLIENT, body: 'Olá' }), { escapeUnicode: false });
    const raw = receiver.posts()[0]?.raw ?? Buffer.alloc(0);
    expect(raw.toString('utf8')).toContain('Olá');
    expect(receiver.posts()[0]?.headers['x-hub-signature-256']).toBe(`sha256=${hmacHex(raw)}`);
  });

  it('retries until answered 200 and reports every attempt', async () => {
    receiver.answerNext(500, 503, 204);
    const report = await fake.receive(biz.phoneNumberId, textMessage({ from: CLIENT, body: 'hi' }));
    expect(report.attempts.map((a) => a.status)).toEqual([500, 503, 204, 200]);
    expect(report.delivered).toBe(true);
    const bodies = receiver.posts().map((p) => p.raw.toString());
    expect(new Set(bodies).size).toBe(1);
  });

  it('gives up after the configured attempts, and records unreachable callbacks as errors', async () => {
    receiver.answerNext(500, 500, 500);
    const report = await fake.receive(biz.phoneNumberId, textMessage({ from: CLIENT, body: 'hi' }), { attempts: 3 });
    expect(report).toMatchObject({ delivered: false, attempts: [{ status: 500 }, { status: 500 }, { status: 500 }] });

    const dead = await startReceiver();
    await dead.close();
    const refused = await fake.deliver(
      fake.inboundPayload(biz.phoneNumberId, textMessage({ from: CLIENT, body: 'x' })),
      {
        to: dead.url,
        attempts: 2,
      },
    );
    expect(refused.attempts).toEqual([
      { error: expect.stringContaining('ECONNREFUSED'), at: expect.any(Number) },
      { error: expect.stringContaining('ECONNREFUSED'), at: expect.any(Number) },
    ]);
    expect(fake.deliveries()).toHaveLength(2); // the subscribe handshake is not a delivery
  });

  it('delivers the same bytes twice, one after the other or at once', async () => {
    const payload = fake.inboundPayload(biz.phoneNumberId, textMessage({ from: CLIENT, body: 'dup' }));
    const sequential = await fake.deliverDuplicates(payload);
    const concurrent = await fake.deliverDuplicates(payload, { copies: 3, concurrent: true });
    expect([...sequential, ...concurrent].every((r) => r.delivered)).toBe(true);
    const bodies = receiver.posts().map((p) => p.raw.toString());
    expect(bodies).toHaveLength(5);
    expect(new Set(bodies).size).toBe(1);
  });

  it('can send a wrong signature or none', async () => {
    const payload = fake.inboundPayload(biz.phoneNumberId, textMessage({ from: CLIENT, body: 'forged' }));
    await fake.deliver(payload, { signature: 'sha256=00' });
    await fake.deliver(payload, { signature: null });
    expect(receiver.posts().map((p) => p.headers['x-hub-signature-256'])).toEqual(['sha256=00', undefined]);
  });

  it('refuses to deliver off loopback, or with no subscribed callback', async () => {
    const payload = fake.inboundPayload(biz.phoneNumberId, textMessage({ from: CLIENT, body: 'x' }));
    await expect(fake.deliver(payload, { to: 'http://10.0.0.1/hook' })).rejects.toThrow('only connects to loopback');
    const stranger = fake.addBusiness();
    await expect(fake.receive(stranger.phoneNumberId, textMessage({ from: CLIENT, body: 'x' }))).rejects.toThrow(
      'not subscribed',
    );
  });

  it('delivers statuses for sent messages, failed ones with their errors', async () => {
    await clientWrites();
    const wamid = (await send({ text: { body: 'hi' } })).body.messages[0].id as string;
    await fake.deliverStatus(wamid, 'delivered');
    await fake.deliverStatus(wamid, 'failed');
    const [delivered, failed] = receiver
      .posts()
      .slice(1)
      .map((p) => JSON.parse(p.raw.toString()).entry[0].changes[0].value);
    expect(delivered).toMatchObject({
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550001111', phone_number_id: biz.phoneNumberId },
      statuses: [{ id: wamid, status: 'delivered', recipient_id: CLIENT }],
    });
    expect(failed.statuses[0].errors).toEqual([expect.objectContaining({ code: 131026 })]);
  });

  it('runs the GET handshake for a test and returns what the receiver answered', async () => {
    expect(await fake.verifyCallback(receiver.url, VERIFY_TOKEN, '1158201444')).toEqual({
      status: 200,
      body: '1158201444',
      challenge: '1158201444',
    });
    expect((await fake.verifyCallback(receiver.url, 'wrong')).status).toBe(403);
    await expect(fake.verifyCallback('http://192.0.2.1/hook', VERIFY_TOKEN)).rejects.toThrow('loopback');
  });
});

// --- Payload builders -------------------------------------------------------------------------------------------

describe('payload builders (§2.2)', () => {
  const phone = { wabaId: '30000001', phoneNumberId: '20000002', displayPhoneNumber: '15550001111' };
  const media = { id: '90001', mime_type: 'image/jpeg', sha256: 'q1w2e3=' };
  const from = { from: CLIENT, id: 'wamid.IN1', timestamp: 1767225600 };
  const context = { from: '15550001111', id: 'wamid.OUT7' };

  it('wraps an inbound message in the envelope of §2.2', () => {
    const payload = messagePayload(phone, imageMessage({ ...from, media, caption: 'broken screen' }), 'Ana');
    expect(payload).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '30000001',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550001111', phone_number_id: '20000002' },
                contacts: [{ profile: { name: 'Ana' }, wa_id: CLIENT }],
                messages: [
                  {
                    from: CLIENT,
                    id: 'wamid.IN1',
                    timestamp: '1767225600',
                    type: 'image',
                    image: { id: '90001', mime_type: 'image/jpeg', sha256: 'q1w2e3=', caption: 'broken screen' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  });

  it.each<[string, InboundMessage, Record<string, unknown>]>([
    ['text', textMessage({ ...from, body: 'hi', context }), { type: 'text', text: { body: 'hi' }, context }],
    ['video', videoMessage({ ...from, media }), { type: 'video', video: media }],
    ['audio', audioMessage({ ...from, media }), { type: 'audio', audio: { ...media, voice: false } }],
    ['voice', voiceMessage({ ...from, media }), { type: 'audio', audio: { ...media, voice: true } }],
    [
      'document',
      documentMessage({ ...from, media, filename: 'a.pdf', caption: 'bill' }),
      { type: 'document', document: { ...media, filename: 'a.pdf', caption: 'bill' } },
    ],
    [
      'sticker',
      stickerMessage({ ...from, media, animated: true }),
      { type: 'sticker', sticker: { ...media, animated: true } },
    ],
    [
      'location',
      locationMessage({ ...from, latitude: -23.5, longitude: -46.6, name: 'Shop' }),
      { type: 'location', location: { latitude: -23.5, longitude: -46.6, name: 'Shop' } },
    ],
    [
      'contacts',
      contactsMessage({
        ...from,
        contacts: [sharedContact({ name: 'Rui Costa', phone: '+55 11 98888-0000', waId: '5511988880000' })],
      }),
      {
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Rui Costa', first_name: 'Rui', last_name: 'Costa' },
            phones: [{ phone: '+55 11 98888-0000', type: 'CELL', wa_id: '5511988880000' }],
          },
        ],
      },
    ],
    [
      'button_reply',
      buttonReplyMessage({ ...from, reply: { id: 't91:yes', title: 'Yes' }, context }),
      {
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 't91:yes', title: 'Yes' } },
        context,
      },
    ],
    [
      'list_reply',
      listReplyMessage({ ...from, reply: { id: 'd2', title: 'Billing', description: 'Invoices' }, context }),
      {
        type: 'interactive',
        interactive: { type: 'list_reply', list_reply: { id: 'd2', title: 'Billing', description: 'Invoices' } },
      },
    ],
    [
      'template button',
      templateButtonMessage({ ...from, payload: 'STOP', text: 'Stop', context }),
      { type: 'button', button: { payload: 'STOP', text: 'Stop' }, context },
    ],
    [
      'reaction',
      reactionMessage({ ...from, messageId: 'wamid.OUT7', emoji: '❤️' }),
      { reaction: { message_id: 'wamid.OUT7', emoji: '❤️' } },
    ],
    [
      'unsupported',
      unsupportedMessage(from),
      { type: 'unsupported', errors: [expect.objectContaining({ code: 131051 })] },
    ],
  ])('builds a %s message', (_name, message, expected) => {
    expect(message).toMatchObject({ from: CLIENT, id: 'wamid.IN1', timestamp: '1767225600', ...expected });
  });

  it('leaves emoji out of a removed reaction and contacts out of a system message', () => {
    const removed = reactionMessage({ ...from, messageId: 'wamid.OUT7' });
    expect(removed).toMatchObject({ type: 'reaction', reaction: { message_id: 'wamid.OUT7' } });
    expect(removed.type === 'reaction' && 'emoji' in removed.reaction).toBe(false);
    const changed = messagesPayload(phone, [userChangedNumberMessage({ ...from, newWaId: '5511977770000' })]);
    const value = changed.entry[0]?.changes[0]?.value;
    expect(value && 'contacts' in value).toBe(false);
  });

  it('gives fresh wamids and timestamps by default, and one contact per sender in an album', () => {
    const [a, b] = [textMessage({ from: CLIENT, body: 'a' }), imageMessage({ from: CLIENT, media })];
    expect(a.id).toMatch(/^wamid\.HBg/);
    expect(a.id).not.toBe(b.id);
    expect(Number(a.timestamp)).toBeCloseTo(Date.now() / 1000, -1);
    const album = messagesPayload(phone, [a, b], { [CLIENT]: 'Ana Lima' });
    const value = album.entry[0]?.changes[0]?.value as any;
    expect(value.contacts).toEqual([{ profile: { name: 'Ana Lima' }, wa_id: CLIENT }]);
    expect(value.messages).toHaveLength(2);
  });

  it('builds statuses: sent with conversation and pricing, failed with errors[]', () => {
    const sent = messageStatus({ id: 'wamid.OUT7', status: 'sent', recipientId: CLIENT, timestamp: 1767229200 });
    expect(sent).toEqual({
      id: 'wamid.OUT7',
      status: 'sent',
      timestamp: '1767229200',
      recipient_id: CLIENT,
      conversation: { id: expect.any(String), expiration_timestamp: '1767315600', origin: { type: 'service' } },
      pricing: { billable: true, pricing_model: 'CBP', category: 'service' },
    });
    const read = messageStatus({ id: 'wamid.OUT7', status: 'read', recipientId: CLIENT });
    expect(read).not.toHaveProperty('pricing');
    const failed = failedStatus({ id: 'wamid.OUT7', recipientId: CLIENT, error: reEngagementError(), timestamp: 1 });
    expect(statusPayload(phone, [failed]).entry[0]?.changes[0]?.value).toEqual({
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550001111', phone_number_id: '20000002' },
      statuses: [
        {
          id: 'wamid.OUT7',
          status: 'failed',
          timestamp: '1',
          recipient_id: CLIENT,
          errors: [
            {
              code: 131047,
              title: 'Re-engagement message',
              message: 'Re-engagement message',
              error_data: { details: expect.stringContaining('24 hours') },
              href: expect.any(String),
            },
          ],
        },
      ],
    });
  });

  it('builds template status updates and batches payloads per WABA', () => {
    const update = templateStatusPayload({
      wabaId: '30000001',
      event: 'REJECTED',
      templateId: '123',
      name: 'promo',
      language: 'pt_BR',
      reason: 'INVALID_FORMAT',
      time: 1767225600,
    });
    expect(update.entry[0]).toEqual({
      id: '30000001',
      time: 1767225600,
      changes: [
        {
          field: 'message_template_status_update',
          value: {
            event: 'REJECTED',
            message_template_id: 123,
            message_template_name: 'promo',
            message_template_language: 'pt_BR',
            reason: 'INVALID_FORMAT',
          },
        },
      ],
    });
    const batch = batchPayload(
      messagePayload(phone, textMessage({ from: CLIENT, body: 'a' })),
      statusPayload(phone, [messageStatus({ id: 'wamid.X', status: 'read', recipientId: CLIENT })]),
      messagePayload({ ...phone, wabaId: '30000009' }, textMessage({ from: CLIENT, body: 'b' })),
    );
    expect(batch.entry.map((e) => [e.id, e.changes.length])).toEqual([
      ['30000001', 2],
      ['30000009', 1],
    ]);
  });

  it('serializes with escaped unicode unless told otherwise', () => {
    expect(webhookBody({ a: 'é😀' })).toBe('{"a":"\\u00e9\\ud83d\\ude00"}');
    expect(webhookBody({ a: 'é' }, { escapeUnicode: false })).toBe('{"a":"é"}');
  });
});
