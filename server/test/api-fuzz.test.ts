/**
 * A property-based test over every operation of the OpenAPI document (`/api/docs/json`), plus Telegram's webhook
 * (hidden from the document): random and malformed requests — bodies shaped by the route's own schema with garbage
 * mixed in, any JSON, raw broken JSON, multipart, nasty path segments and query strings (NUL, `%00`, `%ZZ`, `..`,
 * lone surrogates, huge numbers, deep nesting, very long strings) — sent by a stranger, an admin and an agent of a
 * seeded company, with our Origin, a foreign one or none. Whatever is sent, the answer is never a 5xx, always JSON,
 * and the server still answers health afterwards.
 *
 * Bounded: KC_FUZZ_RUNS random requests per operation (default 100) after a few fixed nasty ones; a failure prints
 * fast-check's seed and the shrunk request, and KC_TEST_LOG=error shows the server's error log beside it.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/modules/agents/agent.repo';
import { replaceUnstorable } from '../src/platform/storable-input';
import { textUpdate } from './fakes/telegram/updates';
import { STRONG_PASSWORD, uniqueEmail } from './harness';
import { companyWithBot, deliver, startTelegramWorld, type World } from './telegram-world';

const RUNS = Number(process.env.KC_FUZZ_RUNS ?? 100);
const SESSION_COOKIE = 'kc_session';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Operation = { method: Method; path: string; params: string[]; query: string[]; body?: Schema };
type Who = 'stranger' | 'admin' | 'agent';
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | undefined; payload: string | Buffer }
  | { kind: 'multipart'; parts: Part[] };
type Part = { name: string; filename?: string; data: string | Buffer };
type Request = { who: Who; origin: string | undefined; params: string[]; query: string | null; body: Body };

let world: World;
let operations: Operation[];
/** Ids and texts of the seeded world, so some requests get past validation and reach the services. */
let pool: { ids: string[]; segments: string[]; texts: string[]; emails: string[] };
const sessions = new Map<Who, string>();
const users = new Map<Exclude<Who, 'stranger'>, UserRow>();
let webhook: { path: string; secret: string };

/** A fresh session for a seeded user, made by the service (no login call: the per-IP login limit stays out of it). */
async function renewSession(who: Exclude<Who, 'stranger'>) {
  const { token } = await world.t.services.sessions.create(users.get(who)!, {});
  sessions.set(who, token);
}

/**
 * The seeded world and the document's operations, ready before the tests are collected (top-level await), so each
 * operation is a test of its own, named by its method and path.
 */
async function setUp() {
  world = await startTelegramWorld('webhook');
  const { t, fake } = world;
  const home = await companyWithBot(world);
  const hook = fake.webhook(home.bot.token)!;
  webhook = { path: new URL(hook.url).pathname, secret: hook.secret_token ?? '' };
  // Two tickets while the company has one department (a second one would make the bot ask which).
  for (const chatId of [7001, 7002]) {
    await deliver(
      world,
      home.bot,
      textUpdate({ updateId: fake.nextUpdateId(home.bot.token), chatId, text: 'Hello', firstName: 'Ivan' }),
    );
  }
  const tickets = (await home.adminClient.get('/tickets')).body as { ticketid: string; clientid: string }[];
  await home.adminClient.post('/acceptTicket', { ticketid: tickets[0]!.ticketid, userid: home.admin.id });
  const sent = await home.adminClient.post('/send-message', { ticketid: tickets[0]!.ticketid, content: 'Hi Ivan' });
  const billing = (await home.adminClient.post('/admin/create-department', { department_name: 'Billing' })).body;
  const bubble = (await home.adminClient.post('/create-bubble', { name: 'Greeting', content: 'Hello!' })).body;
  const agent = await home.addAgent();
  const victim = await home.addAgent({ firstName: 'Vic' });
  const rival = await t.services.companies.create({
    name: 'Rival',
    phone: '1',
    email: uniqueEmail('rival'),
    country: 'GB',
    createdAt: t.clock.now(),
  });
  const rivalDepartment = await t.services.departments.create(rival.id, 'Rival desk');

  users.set('admin', home.admin);
  users.set('agent', agent.user);
  await renewSession('admin');
  await renewSession('agent');

  // Our own users' ids stay out of the pool, so the fuzz never disables or demotes the identities it sends as.
  const ids = [
    ...tickets.flatMap((x) => [x.ticketid, x.clientid]),
    sent.body.message.messageid as string,
    home.department.id,
    billing.departmentid as string,
    bubble.bubbleid as string,
    victim.user.id,
    rival.id,
    rivalDepartment.id,
    randomUUID(),
    '00000000-0000-0000-0000-000000000000',
  ];
  pool = {
    ids,
    segments: [...ids, ...ids.map((id) => id.slice(0, 8)), 'open', 'closed', '0', '10', '-1'],
    texts: ['Ivan', 'General', 'Billing', 'Hello!', STRONG_PASSWORD, 'en', 'ja', 'telegram', '2026-03-02T09:00:00Z'],
    emails: [victim.email, uniqueEmail('fuzz'), 'not-an-email', 'a@b'],
  };

  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const body = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema;
      return {
        method: method.toUpperCase() as Method,
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body,
      };
    }),
  );
  // The webhook authenticates by its secret header, not a session; the document hides it.
  operations.push({ method: 'POST', path: '/api/webhooks/telegram/{botKey}', params: ['botKey'], query: [] });
}

await setUp();

afterAll(async () => world?.close());

// ---------------------------------------------------------------------------------------------------------------
// What is sent

const NASTY_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '😀',
  'Ünïcödé 日本語',
  '%00',
  '..',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  'null',
  'NaN',
  '-1',
  '0',
  '1e308',
  '18446744073709551616',
  'x'.repeat(5000),
  '\r\n',
  '\\',
];

/** Path or query pieces as they travel, percent-escapes already applied (some broken on purpose). */
const RAW_SEGMENTS = [
  '%00',
  'a%00b',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '%5C',
  'NaN',
  'Infinity',
  '1e308',
  '18446744073709551616',
  '-0',
  '0x1F',
  '%20',
  '+',
  'a'.repeat(150),
  '%F0%9F%98%80',
];

const deep = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

const RAW_BODIES: (string | Buffer)[] = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  'true',
  '"text"',
  '123',
  '1e400',
  `{"n":1${'0'.repeat(400)}}`,
  '{"n":-1e400,"m":18446744073709551616}',
  deep(10_000),
  `{"a":${deep(70)}}`,
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"\\u0000":1}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":1,"a":2}',
  '\uFEFF{}',
  `{"a":"${'x'.repeat(1_100_000)}"}`,
  // Multipart cut short, or with a part that has no headers (sent with the boundary below).
  '------kcfuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
  '------kcfuzz\r\n\r\nno headers\r\n------kcfuzz--\r\n',
  '------kcfuzz\r\nContent-Disposition: form-data; name="ticketid"\r\n\r\nx',
  Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
  Buffer.from('{"a":"\xff\xc0"}', 'latin1'),
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=----kcfuzz',
  'multipart/form-data; boundary=----kcfuzz',
  'application/octet-stream',
  ';;;',
  undefined,
];

/** A path or query piece: a seeded id, a raw broken escape, or any text percent-encoded. */
function encode(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded: send its UTF-8-looking bytes instead, which no decoder accepts.
    return `${encodeURIComponent(replaceUnstorable(text))}%ED%A0%80`;
  }
}

const textArb = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXTS, ...pool.texts) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );

const segmentArb = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pool.segments) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 2, arbitrary: textArb().map(encode) },
  );

const numberArb = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, 2 ** 64, 2 ** 53 + 1, -0, 0, 5e-324, 1, 10),
);

const keyArb = (known: string[]) =>
  fc.oneof(fc.constantFrom(...known, 'k\u0000', '\uD800', '', 'constructor', 'prototype'), fc.string({ maxLength: 8 }));

/** Any JSON value, keys partly the route's own so that garbage lands in the fields it reads. */
const jsonArb = (known: string[]) =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      textArb(),
      numberArb,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(keyArb(known), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

const first = <T>(value: T | T[] | undefined): T | undefined => (Array.isArray(value) ? value[0] : value);

/** A value the schema accepts, mostly; strings still draw from the nasty texts now and then. */
function fromSchema(schema: Schema): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(fromSchema));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...schema, type })));
  switch (first(types)) {
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, fromSchema(sub)])), {
        requiredKeys: (schema.required ?? []).filter((key) => key in properties),
      });
    }
    case 'array':
      return fc.array(schema.items ? fromSchema(schema.items) : jsonArb([]), { maxLength: 3 });
    case 'string': {
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...pool.ids), fc.uuid());
      if (schema.format === 'email') return fc.oneof(fc.constantFrom(...pool.emails), fc.emailAddress());
      const shaped = patternArb(schema.pattern);
      const sized = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
      return fc.oneof(...(shaped ? [shaped] : []), sized, textArb());
    }
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Math.max(schema.minimum ?? -1000, -1000), max: Math.min(schema.maximum ?? 1000, 1000) }),
        numberArb,
      );
    case 'number':
      return numberArb;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return jsonArb([]);
  }
}

function patternArb(pattern: string | undefined): fc.Arbitrary<string> | undefined {
  if (!pattern) return undefined;
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined;
  }
}

const partArb = () =>
  fc.record(
    {
      name: fc.oneof(fc.constantFrom('file', 'ticketid', 'idempotencyKey', 'ticketPlatform'), textArb()),
      filename: fc.oneof(fc.constantFrom('photo.png', 'notes.txt'), textArb()),
      data: fc.oneof(
        fc.constantFrom(...pool.ids),
        textArb(),
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        fc.constant(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')),
      ),
    },
    { requiredKeys: ['name', 'data'] },
  );

const bodyArb = (op: Operation): fc.Arbitrary<Body> => {
  const known = Object.keys(op.body?.properties ?? {});
  const shaped = op.body ? fromSchema(op.body) : jsonArb(known);
  return fc.oneof(
    { weight: 4, arbitrary: shaped.map((value): Body => ({ kind: 'json', value })) },
    {
      // Shaped, but one field holds garbage: the route's own fields get wrong types, NUL, huge numbers.
      weight: 3,
      arbitrary: fc.tuple(shaped, keyArb(known), jsonArb(known)).map(([value, key, garbage]): Body => ({
        kind: 'json',
        value: value !== null && typeof value === 'object' ? { ...value, [key]: garbage } : garbage,
      })),
    },
    { weight: 2, arbitrary: jsonArb(known).map((value): Body => ({ kind: 'json', value })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...RAW_BODIES), fc.constantFrom(...CONTENT_TYPES))
        .map(([payload, contentType]): Body => ({ kind: 'raw', payload, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc.array(partArb(), { maxLength: 3 }).map((parts): Body => ({ kind: 'multipart', parts })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
};

const queryArb = (names: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...names, 'x'), segmentArb()), segmentArb()), { maxLength: 4 })
    .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

const requestArb = (op: Operation): fc.Arbitrary<Request> =>
  fc.record({
    who: fc.constantFrom<Who>('stranger', 'admin', 'agent'),
    origin: fc.constantFrom(undefined, 'http://localhost:80', 'https://evil.example', 'null'),
    params: fc.tuple(...op.params.map(() => segmentArb())),
    query: fc.option(queryArb(op.query), { nil: null }),
    body:
      op.method === 'GET'
        ? fc.oneof({ weight: 5, arbitrary: fc.constant<Body>({ kind: 'none' }) }, bodyArb(op))
        : bodyArb(op),
  });

/** Fixed nasty requests every operation gets before the random ones. */
function examples(op: Operation): [Request][] {
  const base = { who: 'admin' as const, origin: 'http://localhost:80', query: null };
  const params = (segment: string) => op.params.map(() => segment);
  const json = (value: unknown): Body => ({ kind: 'json', value });
  const keys = Object.keys(op.body?.properties ?? { a: {} });
  return [
    [{ ...base, params: params(pool.ids[0]!), body: json(Object.fromEntries(keys.map((k) => [k, 'a\u0000b']))) }],
    [{ ...base, params: params(pool.ids[0]!), body: json(Object.fromEntries(keys.map((k) => [k, '\uD800']))) }],
    [{ ...base, params: params(pool.ids[0]!), body: json(Object.fromEntries(keys.map((k) => [k, 1e308]))) }],
    [
      {
        ...base,
        params: params(pool.ids[0]!),
        body: { kind: 'raw', contentType: 'application/json', payload: deep(10_000) },
      },
    ],
    [{ ...base, params: params('%00'), body: { kind: 'none' } }],
    [{ ...base, params: params('a'.repeat(150)), query: 'x=%00&y=%ZZ&z=%ED%A0%80', body: { kind: 'none' } }],
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// How it is sent, and what must hold

function encodeBody(body: Body): { payload?: string | Buffer; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { payload: JSON.stringify(body.value) ?? 'null', contentType: 'application/json' };
    case 'raw':
      return { payload: body.payload, contentType: body.contentType };
    case 'multipart': {
      const boundary = '----kcfuzz';
      const chunks = body.parts.flatMap((part) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
            (part.filename !== undefined ? `; filename="${part.filename}"\r\nContent-Type: image/png` : '') +
            '\r\n\r\n',
        ),
        Buffer.from(part.data),
        Buffer.from('\r\n'),
      ]);
      return {
        payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    }
  }
}

async function send(op: Operation, request: Request) {
  let i = 0;
  const path = op.path.replace(/\{\w+\}/g, () => request.params[i++] ?? '');
  const url = request.query === null ? path : `${path}?${request.query}`;
  const { payload, contentType } = encodeBody(request.body);
  const token = request.who === 'stranger' ? undefined : sessions.get(request.who);
  const headers: Record<string, string> = {
    ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}),
    ...(request.origin ? { origin: request.origin } : {}),
    ...(contentType ? { 'content-type': contentType } : {}),
    ...(op.path.startsWith('/api/webhooks/telegram') && request.who !== 'stranger'
      ? { 'x-telegram-bot-api-secret-token': webhook.secret }
      : {}),
  };
  const reply = await world.t.app.inject({ method: op.method, url, headers, payload });
  const what = `${op.method} ${url.slice(0, 300)} as ${request.who} → ${reply.statusCode} ${reply.body.slice(0, 300)}`;
  expect(reply.statusCode, what).toBeLessThan(500);
  // Files, the widget's scripts and the plugin's zip are bytes; a 204 has no body at all.
  const servesFile =
    (op.path.startsWith('/files/') || NOT_JSON.some((path) => op.path === path)) && reply.statusCode === 200;
  if (!servesFile && reply.statusCode !== 204) {
    expect(String(reply.headers['content-type']), what).toMatch(/^application\/json/);
    expect(() => JSON.parse(reply.body), what).not.toThrow();
  }
  // A call that ended the identity's session (logout, a profile or password change): it gets a new one.
  const ended = reply.cookies.some((c) => c.name === SESSION_COOKIE && c.value === '');
  if (ended && request.who !== 'stranger') await renewSession(request.who);
}

/** Operations whose success is not JSON (besides /files/). */
const NOT_JSON = [
  '/api/wordpress/plugin.zip',
  '/api/widget/widget.js',
  '/api/widget/widget-app.js',
  '/api/widget/files/{messageId}',
  '/api/clients/{clientid}/export',
];

describe('every operation of the API, fed random and malformed requests', () => {
  it('reads the whole document', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining(['POST /api/send-message', 'GET /api/{text}/search-clients', 'POST /api/auth/logout']),
    );
  });

  // One test per operation, so each is covered as much as the others and a failure names it.
  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', async (_name, op) => {
    // The webhook's path carries its bot key: seeded sometimes, so the secret check and the update parser run.
    const request = op.path.startsWith('/api/webhooks/')
      ? requestArb(op).chain((r) =>
          fc.boolean().map((own) => (own ? { ...r, params: [webhook.path.split('/').pop()!] } : r)),
        )
      : requestArb(op);
    await fc.assert(
      fc.asyncProperty(request, (r) => send(op, r)),
      { numRuns: RUNS, examples: examples(op) },
    );
    const health = await world.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('leaves the server up and its seeded users able to work', async () => {
    expect((await world.t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const profile = await world.t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { cookie: `${SESSION_COOKIE}=${sessions.get('admin')}` },
    });
    expect(profile.statusCode).toBe(200);
  });
});
