/**
 * README "Who may do what", row by row: every row of its table and every rule of its live-events paragraph is
 * one test here, named by the row, run against the real app by real users of each role. The first test checks
 * that this file's table still is the README's, so neither can change without the other.
 *
 * One world for the file: a company whose Telegram bot (fake Bot API) brings real tickets, with two departments
 * and a cast, and a rival company. Each row opens the tickets it changes, so rows do not depend on each other.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import {
  ACCOUNT_MESSAGES,
  type ServerEventName,
  type ServerEventPayload,
  type Ticket,
  type WordpressToken,
} from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackUpdate, textUpdate } from './fakes/telegram/updates';
import { eventually, seedCompany, STRONG_PASSWORD, TestClient, uniqueEmail, type Reply } from './harness';
import { connectLive } from './live';
import { companyWithBot, deliver, startTelegramWorld, type World } from './telegram-world';
import { openVisitor, signIdentity, SITE } from './wordpress-world';

type Row = { calls: string; agent: string; moderator: string; admin: string; check: () => Promise<void> };

/** The README table, cell for cell, each row with the check that proves it. */
const TABLE: Row[] = [
  {
    calls:
      '`health`, `ready` (no tenant data); `/metrics` (outside `/api`: on `METRICS_PORT`, or with the `METRICS_TOKEN` bearer)',
    agent: 'public',
    moderator: 'public',
    admin: 'public',
    check: systemCalls,
  },
  {
    calls: 'login, logout (`POST /auth/logout`), validate, registration and password reset',
    agent: 'public',
    moderator: 'public',
    admin: 'public',
    check: publicCalls,
  },
  {
    calls:
      'own profile, picture, password, language, bubbles, push subscription, notifications, private chat, `GET /auth/agents`',
    agent: 'yes (own data only)',
    moderator: 'yes',
    admin: 'yes',
    check: ownDataCalls,
  },
  {
    calls:
      '`GET /tickets`, `GET /ticket/:ticketid`, closed tickets, `search-ticket`, chat, `search-message`, `get-chat-slice`, pins',
    agent: 'own department and own tickets',
    moderator: 'all departments',
    admin: 'all',
    check: ticketReading,
  },
  {
    calls: '`acceptTicket`',
    agent: 'pending tickets of own department',
    moderator: 'any',
    admin: 'any',
    check: accepting,
  },
  {
    calls: '`send-message`, `send-file` (`retry-message`: moderators and admins too)',
    agent: "the ticket's handler only",
    moderator: 'the handler only',
    admin: 'handler',
    check: sending,
  },
  {
    calls: '`send-note`, `note-mentions` (internal notes, not in SPEC)',
    agent: 'own department and own tickets, any stage',
    moderator: 'all departments',
    admin: 'all',
    check: notes,
  },
  {
    calls: '`close-ticket`, `ticket/reassign-user`, `ticket/change-department`',
    agent: 'the handler, open tickets',
    moderator: 'any open ticket',
    admin: 'any open',
    check: closingAndMoving,
  },
  {
    calls: '`reopen-ticket` (not in SPEC)',
    agent: 'the handler, closed tickets',
    moderator: 'any closed ticket',
    admin: 'any closed',
    check: reopening,
  },
  {
    calls:
      '`get-tickets` (admin panel Tickets), `get-all-clients`, `get-clients`, `search-clients`, `admin/:id/get-client`',
    agent: 'own department and own tickets; all clients',
    moderator: 'all',
    admin: 'all',
    check: adminPanelLists,
  },
  {
    calls: "`:clientid/get-client-panel` (the chat's client panel, the admin client profile's tickets)",
    agent: 'all clients; own department and own tickets',
    moderator: 'all',
    admin: 'all',
    check: clientPanel,
  },
  {
    calls: '`auth/update-client-number`',
    agent: "the ticket's handler",
    moderator: 'yes',
    admin: 'yes',
    check: updateClientNumber,
  },
  { calls: '`auth/update-client`', agent: '403', moderator: 'yes', admin: 'yes', check: updateClient },
  {
    calls:
      "`clients/:clientid/export` (a client's data as a ZIP), `DELETE clients/:clientid` (erase a client); not in SPEC",
    agent: '403',
    moderator: '403',
    admin: "yes (own company's clients; erased: 410 / 409)",
    check: clientDataProtection,
  },
  {
    calls:
      '`admin/:clientid/block`, agents (`get-all-agents`, `get-user`, `register`, `set-admin`, `set-role`, `delete-agent`, `update-account`)',
    agent: '403',
    moderator: '403',
    admin: 'yes (not on oneself: role calls and delete-agent)',
    check: blockAndAgents,
  },
  {
    calls: "`agents/:userid/erase` (erase a disabled former agent's personal data; not in SPEC)",
    agent: '403',
    moderator: '403',
    admin: 'yes (disabled agents only; never oneself)',
    check: agentErase,
  },
  {
    calls:
      'departments (`admin/get-departments`, `create-department`, `delete-department`), Telegram setup, WhatsApp setup (numbers, webhook switch, business profile, templates), WordPress tokens and `wordpress/plugin.zip`',
    agent: '403',
    moderator: '403',
    admin: 'yes',
    check: departmentsAndChannels,
  },
  {
    calls:
      "`GET opening-hours` (the company's time zone, each department's schedule and response-time targets; not in SPEC)",
    agent: 'yes',
    moderator: 'yes',
    admin: 'yes',
    check: openingHoursReading,
  },
  {
    calls:
      '`PUT opening-hours/time-zone`, `PUT opening-hours/:departmentid`, `automatic-messages` (`GET`, `PUT :kind`), `get-response-times` (not in SPEC)',
    agent: '403',
    moderator: '403',
    admin: 'yes',
    check: openingHoursChanging,
  },
  {
    calls: '`retention` (`GET`, `PUT`), `retention/preview` (data retention and its dry run; not in SPEC)',
    agent: '403',
    moderator: '403',
    admin: 'yes',
    check: retentionCalls,
  },
  {
    calls:
      "`storage/usage` (the company's file storage: used of total, the last 24 hours by channel, the quotas; not in SPEC)",
    agent: '403',
    moderator: '403',
    admin: 'yes',
    check: storageUsage,
  },
  {
    calls:
      '`onboarding` (`GET`), `onboarding/dismiss` (the first-run checklist: its steps read from the company, put away per admin; not in SPEC)',
    agent: '403',
    moderator: '403',
    admin: 'yes',
    check: onboardingCalls,
  },
  {
    calls: '`disconnect-telegram` (not in SPEC)',
    agent: '403',
    moderator: '403',
    admin: "yes (own company's bot; none connected: 404)",
    check: telegramDisconnect,
  },
  {
    calls:
      'WordPress variants (`accept-wordpress-ticket`, `get-kreechat-wordpress-messages`, `send-message-to-wordpress`, `send-wordpress-file-to-plugin`, `close-wordpress-ticket`): site token and e-mail name the ticket',
    agent: 'as their twins above',
    moderator: 'as their twins',
    admin: 'as their twins',
    check: wordpressTwins,
  },
  {
    calls: '`widget/…` (the WordPress widget: session, messages, files, department, rating)',
    agent: "a visitor's session only",
    moderator: "a visitor's session only",
    admin: "a visitor's session only",
    check: widgetCalls,
  },
];

/** The live-events paragraph under the table, rule by rule (each quote is checked to be in the README). */
const LIVE: { rule: string; check: () => Promise<void> }[] = [
  {
    rule: "ticket events to the ticket's department, the all-department viewers (moderators, admins) and its handler",
    check: ticketEvents,
  },
  {
    rule: "bubbles, notifications and private messages to their owner's (and, for private messages, the sender's) sockets",
    check: ownerEvents,
  },
  {
    rule: 'presence (`userLogin` / `userLogout`, and `presenceChanged` — not in SPEC — for several flips at once), `newUser` and `clientUpdated` to the company',
    check: companyEvents,
  },
  { rule: '`totalOnlineAgents` to its admins', check: adminEvents },
];

// ---------------------------------------------------------------------------------------------------------------
// The world

/**
 * Who calls. `agent` is the table's agent column (General); `colleague` shares its department but never handles
 * the ticket at hand; `outsider` is an agent of Billing; `hal` accepted General tickets and was then moved to
 * Billing, so they are his "own tickets" outside his department; the moderator sits in Billing, so what they see
 * of General comes from the role; `admin` is the company's first admin (General). `stranger` has no session.
 */
type Who =
  'agent' | 'colleague' | 'outsider' | 'hal' | 'moderator' | 'admin' | 'rivalAdmin' | 'rivalAgent' | 'stranger';

type Person = { id: string; email: string; client: TestClient };

let world: World;
let home: Awaited<ReturnType<typeof companyWithBot>>;
let rival: Awaited<ReturnType<typeof seedCompany>>;
let billing: string;
let cast: Record<Exclude<Who, 'stranger'>, Person>;
/** Hal's tickets: in General, handled by Hal who is now in Billing (the second one is for closing). */
let halsTicket: OpenedTicket;
let halsSecond: OpenedTicket;

beforeAll(async () => {
  world = await startTelegramWorld('webhook');
  home = await companyWithBot(world, { name: 'Home' });
  billing = (await home.adminClient.post('/admin/create-department', { department_name: 'Billing' })).body.departmentid;
  rival = await seedCompany(world.t, { name: 'Rival' });
  const person = ({ user, email, client }: Awaited<ReturnType<typeof home.addAgent>>) => ({
    id: user.id,
    email,
    client,
  });
  cast = {
    agent: person(await home.addAgent({ firstName: 'Gina' })),
    colleague: person(await home.addAgent({ firstName: 'Carl' })),
    outsider: person(await home.addAgent({ firstName: 'Otto', departmentId: billing })),
    hal: person(await home.addAgent({ firstName: 'Hal' })),
    moderator: person(await home.addAgent({ firstName: 'Mona', role: 'moderator', departmentId: billing })),
    admin: { id: home.admin.id, email: home.adminEmail, client: home.adminClient },
    rivalAdmin: { id: rival.admin.id, email: rival.adminEmail, client: rival.adminClient },
    rivalAgent: person(await rival.addAgent({ firstName: 'Rita' })),
  };
  halsTicket = await openTicket('General', 'hal');
  halsSecond = await openTicket('General', 'hal');
  await must(
    home.adminClient.put('/auth/update-account', {
      email: cast.hal.email,
      first_name: 'Hal',
      last_name: 'Agent',
      departmentid: billing,
      userid: cast.hal.id,
    }),
  );
});
afterAll(async () => world?.close());

const clientOf = (who: Who) => (who === 'stranger' ? world.t.client() : cast[who].client);

async function must(reply: Promise<Reply>) {
  const answered = await reply;
  if (answered.status !== 200)
    throw new Error(`setup call failed: ${answered.status} ${JSON.stringify(answered.body)}`);
  return answered.body;
}

let lastChat = 70_000;

type OpenedTicket = Ticket & { chatId: number };

/**
 * A Telegram client writes in, is asked for a department (the company has two) and taps one: a pending ticket
 * there, whose client can be answered. With `handler`, that person accepts it.
 */
async function openTicket(department: 'General' | 'Billing', handler?: Who): Promise<OpenedTicket> {
  const { bot } = home;
  const chatId = ++lastChat;
  const name = `Client ${chatId}`;
  // Each ticket and client a minute newer than the last, so the newest lead every list.
  world.t.clock.advance(60_000);
  const update = () => world.fake.nextUpdateId(bot.token);
  await deliver(world, bot, textUpdate({ updateId: update(), chatId, firstName: name, text: `Hello from ${chatId}` }));
  const question = await world.fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.chat_id === chatId);
  const keyboard = (question.params.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] })
    .inline_keyboard;
  const data = keyboard.flat().find((button) => button.text === department)!.callback_data;
  await deliver(world, bot, callbackUpdate({ updateId: update(), chatId, firstName: name, data, messageId: 1 }));
  const found = await must(home.adminClient.get(`/search-ticket/${encodeURIComponent(name)}/open`));
  const ticket = (found as Ticket[]).find((t) => t.client_name === name)!;
  if (handler) await must(clientOf(handler).post('/acceptTicket', { ticketid: ticket.ticketid }));
  return { ...ticket, chatId };
}

/**
 * Asks each caller in turn (in the order given: refusals before the call that changes something) and compares
 * all statuses at once, so a failure shows the whole row. A refusal carries its message and nothing else.
 */
async function expectStatuses<W extends Who>(
  expected: Record<W, number>,
  call: (client: TestClient, who: W) => Promise<Reply>,
) {
  const actual = {} as Record<W, number>;
  for (const who of Object.keys(expected) as W[]) {
    const reply = await call(clientOf(who), who);
    if (reply.status >= 400) {
      // A refusal says why (SPEC's message and its translatable code) and nothing else.
      const keys = Object.keys(reply.body).filter((key) => key !== 'code');
      expect(keys, `${who} was refused with data: ${JSON.stringify(reply.body)}`).toEqual(['message']);
    }
    actual[who] = reply.status;
  }
  expect(actual).toEqual(expected);
}

const idsOf = (tickets: { ticketid: string }[]) => tickets.map((t) => t.ticketid);

// ---------------------------------------------------------------------------------------------------------------

describe('README “Who may do what”', () => {
  it('is the table these tests check, row for row', () => {
    const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Who may do what'),
      readme.indexOf('\n## ', readme.indexOf('## Who')),
    );
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2)
      .map((line) =>
        line
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim()),
      );
    expect(rows).toEqual(TABLE.map((row) => [row.calls, row.agent, row.moderator, row.admin]));
    const paragraph = section.replace(/\s+/g, ' ');
    for (const { rule } of LIVE) expect(paragraph).toContain(rule);
    expect(paragraph).toContain('server/test/permissions.test.ts');
  });

  for (const row of TABLE) {
    it(`${row.calls} — agent: ${row.agent}; moderator: ${row.moderator}; admin: ${row.admin}`, row.check);
  }

  describe('live events', () => {
    for (const { rule, check } of LIVE) it(rule, check);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The rows

async function systemCalls() {
  const stranger = world.t.client();
  expect((await stranger.get('/health')).body).toEqual({ status: 'ok' });
  const ready = await stranger.get('/ready');
  expect(ready.status).toBe(200);
  // What a probe learns: the state of each dependency, nothing of any company.
  expect(Object.keys(ready.body).sort()).toEqual(['checks', 'status']);
  expect(Object.keys(ready.body.checks).sort()).toEqual(['database', 'migrations', 'redis']);
  // Neither METRICS_PORT nor METRICS_TOKEN here: the main port serves no metrics, to anyone.
  const metrics = await world.t.app.inject({ method: 'GET', url: '/metrics' });
  expect(metrics.statusCode).toBe(404);
  expect(metrics.body).not.toContain('kreechat_');
}

async function publicCalls() {
  for (const who of ['agent', 'moderator', 'admin'] as const) {
    // A browser of its own, so logging out ends no session the other rows use.
    const browser = world.t.client();
    expect((await browser.get('/auth/validate')).body.status).toBe('invalid');
    expect((await browser.post('/auth/login', { email: cast[who].email, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await browser.get('/auth/validate')).body).toMatchObject({ status: 'valid', role: who, id: cast[who].id });
    expect((await browser.post('/auth/logout')).status).toBe(200);
    expect((await browser.get('/auth/validate')).body.status).toBe('invalid');
  }
  // Without a session these calls answer on their merits (here: the body is incomplete), never 401.
  const calls: [string, number][] = [
    ['/precheck', 400],
    ['/send-email-verification', 400],
    ['/verify-email-code', 400],
    ['/register-company-kreechat', 400],
    ['/send-reset-password-code', 400],
    ['/auth/reset-password', 400],
  ];
  for (const [url, status] of calls) {
    expect({ url, status: (await world.t.client().post(url, {})).status }).toEqual({ url, status });
  }
  const wrong = await world.t.client().post('/auth/login', { email: cast.agent.email, password: 'wrong-Passw0rd!' });
  expect(wrong.status).toBe(401);
}

async function ownDataCalls() {
  const roles = ['agent', 'moderator', 'admin'] as const;
  const bubbles = {} as Record<(typeof roles)[number], string>;
  for (const who of roles) {
    const c = cast[who].client;
    expect((await c.get('/auth/profile')).body.email).toBe(cast[who].email);
    expect((await c.post('/auth/change-lang', { lang: 'en' })).status).toBe(200);
    expect((await c.get('/auth/get-user-pref')).body).toEqual({ lang: 'en' });
    const picture = new FormData();
    picture.append('file', new Blob([await png()], { type: 'image/png' }), 'me.png');
    expect((await c.postForm('/auth/change-profile-pic', picture)).status).toBe(200);
    // The call is open to every member and acts on the caller's own account (a wrong current password here: a
    // right one would end the session the other rows use).
    const password = await c.post('/auth/change-password', {
      current_password: 'Not-my-passw0rd!',
      new_password: 'N3w-Secret!pass',
      confirm_password: 'N3w-Secret!pass',
    });
    expect(password).toMatchObject({ status: 403, body: { message: ACCOUNT_MESSAGES.currentPasswordWrong } });
    bubbles[who] = (await must(c.post('/create-bubble', { name: `${who} hello`, content: 'Hello!' }))).bubbleid;
    expect((await c.post('/update-subscription', { subscription: false })).body).toEqual({ subscribed: false });
    expect((await c.get('/notifications')).status).toBe(200);
    expect((await c.post('/reset-notifications-count', {})).status).toBe(200);
    expect((await c.post('/clear-notifications', {})).status).toBe(200);
    const colleagues = (await must(c.get('/auth/agents'))) as { id: string }[];
    expect(colleagues.map((x) => x.id)).toContain(cast.colleague.id);
    expect(colleagues.map((x) => x.id)).not.toContain(cast.rivalAgent.id);
    expect((await c.get(`/${cast.colleague.id}/private-chat`)).status).toBe(200);
    expect((await c.post('/create-private-msg', { receiverid: cast.colleague.id, content: 'Hi' })).status).toBe(200);
  }
  // Each sees and changes only their own bubbles: someone else's id is not found.
  for (const who of roles) {
    const own = ((await must(cast[who].client.get('/bubbles'))) as { bubbleid: string }[]).map((b) => b.bubbleid);
    expect(own).toContain(bubbles[who]);
    for (const other of roles.filter((o) => o !== who)) expect(own).not.toContain(bubbles[other]);
  }
  await expectStatuses({ moderator: 404, admin: 404, rivalAdmin: 404, agent: 200 }, (c) =>
    c.post(`/${bubbles.agent}/edit-bubble`, { name: 'mine now', content: 'x' }),
  );
  await expectStatuses({ moderator: 404, admin: 404, rivalAdmin: 404, agent: 200 }, (c) =>
    c.del(`/${bubbles.agent}/delete-bubble`),
  );
  // Another company's user is nobody to chat with.
  await expectStatuses({ rivalAdmin: 404, rivalAgent: 404 }, (c) => c.get(`/${cast.agent.id}/private-chat`));
  await expectStatuses({ rivalAdmin: 404, rivalAgent: 404 }, (c) =>
    c.post('/create-private-msg', { receiverid: cast.agent.id, content: 'Hi' }),
  );
  for (const [method, url] of [
    ['GET', '/auth/profile'],
    ['GET', '/bubbles'],
    ['GET', '/notifications'],
    ['GET', '/auth/agents'],
    ['GET', `/${cast.agent.id}/private-chat`],
    ['POST', '/auth/change-lang'],
    ['POST', '/auth/change-password'],
    ['POST', '/update-subscription'],
  ] as const) {
    const reply = await world.t.client().request(method, url, method === 'POST' ? {} : undefined);
    expect({ url, status: reply.status }).toEqual({ url, status: 401 });
  }
}

async function ticketReading() {
  const general = await openTicket('General');
  const inBilling = await openTicket('Billing');
  // Who sees which ticket: the rule the row states.
  const sees: Record<string, Who[]> = {
    [general.ticketid]: ['agent', 'moderator', 'admin'],
    [inBilling.ticketid]: ['outsider', 'hal', 'moderator', 'admin'],
    [halsTicket.ticketid]: ['agent', 'hal', 'moderator', 'admin'],
  };
  const viewers: Who[] = ['agent', 'outsider', 'hal', 'moderator', 'admin', 'rivalAdmin'];
  const firstMessage = async (ticketId: string) =>
    (await must(home.adminClient.get(`/${ticketId}/0/chat`))).sections[0].messages[0].messageid as string;

  for (const [ticketId, who] of Object.entries(sees)) {
    const expected = Object.fromEntries(viewers.map((v) => [v, who.includes(v) ? 200 : 404])) as Record<Who, number>;
    const messageId = await firstMessage(ticketId);
    const calls: ((c: TestClient) => Promise<Reply>)[] = [
      (c) => c.get(`/ticket/${ticketId}`),
      (c) => c.get(`/${ticketId}/0/chat`),
      (c) => c.get(`/search-message?ticketid=${ticketId}&keyword=Hello`),
      (c) => c.get(`/get-chat-slice?ticketid=${ticketId}&messageid=${messageId}`),
      (c) => c.get(`/${ticketId}/get-pinned-msg`),
      (c) => c.post(`/${ticketId}/pin-message`, { messageid: messageId }),
      (c) => c.post(`/${ticketId}/unpin-message`, { messageid: messageId }),
    ];
    for (const call of calls) await expectStatuses({ ...expected, stranger: 401 }, call);
    // A chat's address shows the ticket to those who see it, with no more than they see in their lists.
    for (const v of viewers.filter((v) => who.includes(v)))
      expect((await must(clientOf(v).get(`/ticket/${ticketId}`))).ticket).toMatchObject({ ticketid: ticketId });
    // The lists hold exactly the tickets the same people may open.
    for (const v of viewers) {
      const open = idsOf(await must(clientOf(v).get('/tickets')));
      const found = idsOf(await must(clientOf(v).get('/search-ticket/Client/open')));
      expect({ v, open: open.includes(ticketId), found: found.includes(ticketId) }).toEqual({
        v,
        open: who.includes(v),
        found: who.includes(v),
      });
    }
  }

  // An address naming no ticket at all answers as one the viewer may not see.
  await expectStatuses({ agent: 404, moderator: 404, admin: 404, rivalAdmin: 404, stranger: 401 }, (c) =>
    c.get(`/ticket/${randomUUID()}`),
  );

  // Closed tickets: a department's list, or all of them, for those who see them; Hal's own closed ticket is his.
  const closed = await openTicket('General', 'admin');
  await must(home.adminClient.post('/close-ticket', { ticketid: closed.ticketid }));
  const halsClosed = halsSecond;
  await must(cast.hal.client.post('/close-ticket', { ticketid: halsClosed.ticketid }));
  const closedList = (scope: string) => (c: TestClient) => c.get(`/${scope}/closed-tickets?count=0`);
  await expectStatuses(
    { agent: 200, outsider: 403, hal: 403, moderator: 200, admin: 200, rivalAdmin: 404, stranger: 401 },
    closedList(home.department.id),
  );
  await expectStatuses(
    { agent: 403, outsider: 200, hal: 200, moderator: 200, admin: 200, rivalAdmin: 404 },
    closedList(billing),
  );
  await expectStatuses(
    { agent: 403, outsider: 403, hal: 403, moderator: 200, admin: 200, rivalAdmin: 200 },
    closedList('all'),
  );
  const closedIds = async (who: Who, scope: string) =>
    idsOf(await must(clientOf(who).get(`/${scope}/closed-tickets?count=0`)));
  expect(await closedIds('agent', home.department.id)).toEqual(
    expect.arrayContaining([closed.ticketid, halsClosed.ticketid]),
  );
  expect(await closedIds('hal', billing)).toEqual([halsClosed.ticketid]);
  expect(await closedIds('moderator', 'all')).toEqual(expect.arrayContaining([closed.ticketid, halsClosed.ticketid]));
  expect(await closedIds('rivalAdmin', 'all')).toEqual([]);
  expect(idsOf(await must(cast.agent.client.get('/search-ticket/Client/closed')))).toContain(closed.ticketid);
  expect(idsOf(await must(cast.outsider.client.get('/search-ticket/Client/closed')))).toEqual([]);
}

async function accepting() {
  const pending = await openTicket('General');
  await expectStatuses({ outsider: 404, hal: 404, rivalAdmin: 404, stranger: 401, agent: 200, colleague: 409 }, (c) =>
    c.post('/acceptTicket', { ticketid: pending.ticketid }),
  );
  // Moderators (of Billing) and admins (of General) accept in any department.
  const inGeneral = await openTicket('General');
  await expectStatuses({ moderator: 200 }, (c) => c.post('/acceptTicket', { ticketid: inGeneral.ticketid }));
  const inBilling = await openTicket('Billing');
  await expectStatuses({ agent: 404, admin: 200 }, (c) => c.post('/acceptTicket', { ticketid: inBilling.ticketid }));
  const closed = await openTicket('General', 'agent');
  await must(cast.agent.client.post('/close-ticket', { ticketid: closed.ticketid }));
  await expectStatuses({ agent: 409, moderator: 409, admin: 409 }, (c) =>
    c.post('/acceptTicket', { ticketid: closed.ticketid }),
  );
}

async function sending() {
  const ticket = await openTicket('General', 'agent');
  const send = (c: TestClient) => c.post('/send-message', { ticketid: ticket.ticketid, content: 'On it' });
  await expectStatuses(
    { colleague: 403, outsider: 404, moderator: 403, admin: 403, rivalAdmin: 404, stranger: 401, agent: 200 },
    send,
  );
  const file = () => {
    const form = new FormData();
    form.append('ticketid', ticket.ticketid);
    form.append('file', new Blob(['an invoice'], { type: 'text/plain' }), 'invoice.txt');
    return form;
  };
  await expectStatuses(
    { colleague: 403, outsider: 404, moderator: 403, admin: 403, rivalAdmin: 404, agent: 200 },
    (c) => c.postForm('/send-file', file()),
  );
  // A moderator or an admin who accepted a ticket is its handler, and writes like one.
  for (const who of ['moderator', 'admin'] as const) {
    const theirs = await openTicket('General', who);
    await expectStatuses({ agent: 403, [who]: 200 } as Record<Who, number>, (c) =>
      c.post('/send-message', { ticketid: theirs.ticketid, content: 'Hello' }),
    );
  }

  // retry-message: the handler, and moderators and admins for any ticket; the client blocked the bot.
  world.fake.blockChat(home.bot.token, ticket.chatId);
  const failing = (await must(cast.agent.client.post('/send-message', { ticketid: ticket.ticketid, content: '?' })))
    .message.messageid as string;
  const failed = () =>
    eventually(async () => {
      const chat = await must(cast.agent.client.get(`/${ticket.ticketid}/0/chat`));
      const messages = chat.sections.flatMap((s: { messages: unknown[] }) => s.messages);
      return messages.find((m: { messageid: string }) => m.messageid === failing).delivery_status === 'failed';
    });
  await expectStatuses(
    { colleague: 403, outsider: 404, rivalAdmin: 404, stranger: 401, agent: 200, moderator: 200, admin: 200 },
    async (c) => {
      await failed();
      return c.post('/retry-message', { messageid: failing });
    },
  );
}

/** Internal notes: whoever may read the ticket writes them, handler or not, open or closed; nobody else learns of it. */
async function notes() {
  const general = await openTicket('General', 'agent');
  const inBilling = await openTicket('Billing');
  const note = (ticketid: string) => (c: TestClient) => c.post('/send-note', { ticketid, content: 'Internal only' });
  const mentions = (ticketid: string) => (c: TestClient) => c.get(`/note-mentions?ticketid=${ticketid}`);
  for (const call of [note, mentions]) {
    await expectStatuses(
      {
        outsider: 404,
        hal: 404,
        rivalAdmin: 404,
        rivalAgent: 404,
        stranger: 401,
        agent: 200,
        colleague: 200,
        moderator: 200,
        admin: 200,
      },
      call(general.ticketid),
    );
    await expectStatuses(
      { agent: 404, colleague: 404, rivalAdmin: 404, outsider: 200, hal: 200, moderator: 200, admin: 200 },
      call(inBilling.ticketid),
    );
  }
  await must(cast.agent.client.post('/close-ticket', { ticketid: general.ticketid }));
  await expectStatuses({ outsider: 404, colleague: 200, admin: 200 }, note(general.ticketid));
}

async function closingAndMoving() {
  // The handler: on their open ticket; a colleague of the department may not, other departments do not see it.
  const handled = await openTicket('General', 'agent');
  const reassign = (ticketid: string) => (c: TestClient) =>
    c.post('/ticket/reassign-user', { ticketid, newDepartment: billing, newUser: cast.outsider.id });
  const changeDepartment =
    (ticketid: string, departmentId = billing) =>
    (c: TestClient) =>
      c.post('/ticket/change-department', { ticketid, newDepartment: departmentId });
  const close = (ticketid: string) => (c: TestClient) => c.post('/close-ticket', { ticketid });
  for (const call of [reassign, changeDepartment, close]) {
    await expectStatuses({ colleague: 403, outsider: 404, rivalAdmin: 404, stranger: 401 }, call(handled.ticketid));
  }
  await expectStatuses({ agent: 200 }, changeDepartment(handled.ticketid));
  // Now pending in Billing: Gina no longer handles it nor sees it.
  await expectStatuses({ agent: 404, outsider: 403 }, close(handled.ticketid));
  // Moderators and admins: any open ticket, pending or handled by someone else.
  await expectStatuses({ moderator: 200 }, changeDepartment(handled.ticketid, home.department.id));
  await expectStatuses({ admin: 200 }, reassign(handled.ticketid));
  const byModerator = await openTicket('General', 'agent');
  await expectStatuses({ moderator: 200 }, reassign(byModerator.ticketid));
  const byAdmin = await openTicket('General');
  await expectStatuses({ admin: 200 }, changeDepartment(byAdmin.ticketid));

  const toClose = { agent: await openTicket('General', 'agent'), moderator: await openTicket('General', 'colleague') };
  await expectStatuses({ agent: 200 }, close(toClose.agent.ticketid));
  await expectStatuses({ moderator: 200 }, close(toClose.moderator.ticketid));
  await expectStatuses({ admin: 200 }, close(handled.ticketid));
  // Closed is closed, for everyone.
  for (const call of [reassign, changeDepartment, close]) {
    await expectStatuses({ agent: 409, moderator: 409, admin: 409 }, call(toClose.agent.ticketid));
  }
}

async function reopening() {
  const reopen = (ticketid: string) => (c: TestClient) => c.post('/reopen-ticket', { ticketid });
  const closedBy = async (who: Who) => {
    const ticket = await openTicket('General', who);
    await must(clientOf(who).post('/close-ticket', { ticketid: ticket.ticketid }));
    return ticket;
  };
  // The handler's closed ticket: a colleague of the department may not, other departments and companies do not see it.
  const ginas = await closedBy('agent');
  await expectStatuses(
    { colleague: 403, outsider: 404, rivalAdmin: 404, rivalAgent: 404, stranger: 401, agent: 200 },
    reopen(ginas.ticketid),
  );
  // Open now (pending): nobody reopens it.
  await expectStatuses({ agent: 409, moderator: 409, admin: 409 }, reopen(ginas.ticketid));
  // Moderators and admins: anyone's closed ticket.
  await expectStatuses({ moderator: 200 }, reopen((await closedBy('colleague')).ticketid));
  await expectStatuses({ admin: 200 }, reopen((await closedBy('agent')).ticketid));
}

async function adminPanelLists() {
  const general = await openTicket('General');
  const inBilling = await openTicket('Billing');
  /** Every row of the viewer's table, page after page as the screen scrolls. */
  const table = async (who: Who) => {
    const ids = idsOf((await must(clientOf(who).get('/get-tickets'))).tickets);
    for (;;) {
      const page = idsOf((await must(clientOf(who).get(`/${ids.length}/get-tickets`))).tickets);
      if (page.length === 0) return ids;
      ids.push(...page);
    }
  };
  const rows = {
    agent: await table('agent'),
    hal: await table('hal'),
    moderator: await table('moderator'),
    admin: await table('admin'),
    rivalAdmin: await table('rivalAdmin'),
  };
  const has = (ids: string[]) => [general, inBilling, halsTicket].map((t) => ids.includes(t.ticketid));
  expect({
    agent: has(rows.agent),
    hal: has(rows.hal),
    moderator: has(rows.moderator),
    admin: has(rows.admin),
    rivalAdmin: has(rows.rivalAdmin),
  }).toEqual({
    agent: [true, false, true],
    hal: [false, true, true],
    moderator: [true, true, true],
    admin: [true, true, true],
    rivalAdmin: [false, false, false],
  });
  await expectStatuses({ stranger: 401 }, (c) => c.get('/10/get-tickets'));

  // Clients: all of the company's, whichever department their ticket is in; another company's are not found.
  const billingClient = inBilling.clientid;
  for (const who of ['agent', 'moderator', 'admin', 'rivalAdmin'] as const) {
    const c = clientOf(who);
    const mine = who !== 'rivalAdmin';
    const overview = (await must(c.get('/admin/get-all-clients'))).clients as { clientid: string }[];
    const page = (await must(c.get('/0/get-clients'))) as { clientid: string }[];
    const found = (await must(c.get(`/${encodeURIComponent(inBilling.client_name)}/search-clients`))) as {
      clientid: string;
    }[];
    expect({
      who,
      overview: overview.some((x) => x.clientid === billingClient),
      page: page.some((x) => x.clientid === billingClient),
      found: found.some((x) => x.clientid === billingClient),
    }).toEqual({ who, overview: mine, page: mine, found: mine });
  }
  await expectStatuses({ agent: 200, outsider: 200, moderator: 200, admin: 200, rivalAdmin: 404, stranger: 401 }, (c) =>
    c.get(`/admin/${billingClient}/get-client`),
  );
}

async function clientPanel() {
  // One client with a ticket in each department and one Hal handles (in General, Hal now in Billing).
  const general = await openTicket('General');
  const inBilling = await openTicket('Billing');
  const panel = async (who: Who, clientid: string) => {
    const reply = await clientOf(who).get(`/${clientid}/get-client-panel`);
    return reply.status === 200 ? idsOf(reply.body.tickets) : reply.status;
  };
  // Every member reads the panel of any client of the company, listing only the tickets they may see.
  expect({
    agent: await panel('agent', general.clientid),
    agentOfBilling: await panel('agent', inBilling.clientid),
    outsider: await panel('outsider', general.clientid),
    hal: await panel('hal', halsTicket.clientid),
    moderator: await panel('moderator', general.clientid),
    admin: await panel('admin', inBilling.clientid),
  }).toEqual({
    agent: [general.ticketid],
    agentOfBilling: [],
    outsider: [],
    hal: [halsTicket.ticketid],
    moderator: [general.ticketid],
    admin: [inBilling.ticketid],
  });
  await expectStatuses({ rivalAdmin: 404, rivalAgent: 404, stranger: 401 }, (c) =>
    c.get(`/${general.clientid}/get-client-panel`),
  );
}

async function updateClientNumber() {
  const ticket = await openTicket('General', 'agent');
  const body = {
    clientid: ticket.clientid,
    departmentId: ticket.departmentid,
    created_on: ticket.created_on,
    ticketid: ticket.ticketid,
  };
  await expectStatuses(
    { colleague: 403, outsider: 403, rivalAdmin: 404, stranger: 401, agent: 200, moderator: 200, admin: 200 },
    (c, who) => c.post('/auth/update-client-number', { ...body, client_number: `ACC-${who}` }),
  );
  const profile = await must(home.adminClient.get(`/admin/${ticket.clientid}/get-client`));
  expect(profile.client.account_number).toBe('ACC-admin');
}

async function updateClient() {
  const ticket = await openTicket('General', 'agent');
  await expectStatuses({ agent: 403, rivalAdmin: 404, stranger: 401, moderator: 200, admin: 200 }, (c, who) =>
    c.put('/auth/update-client', {
      clientid: ticket.clientid,
      client_name: `Named by ${who}`,
      address: '1 Main St',
      account_number: 'ACC-1',
      note: 'VIP',
    }),
  );
}

/** The export streams a ZIP to the company's admin alone; the erasure is theirs alone too, once. */
async function clientDataProtection() {
  const ticket = await openTicket('General', 'agent');
  const exporting = (c: TestClient) => c.get(`/clients/${ticket.clientid}/export`);
  await expectStatuses(
    { agent: 403, colleague: 403, moderator: 403, rivalAdmin: 404, rivalAgent: 403, stranger: 401, admin: 200 },
    exporting,
  );
  const exported = await exporting(home.adminClient);
  expect(exported.headers['content-type']).toBe('application/zip');
  expect(exported.headers['content-disposition']).toMatch(/^attachment; /);
  await expectStatuses(
    { agent: 403, moderator: 403, rivalAdmin: 404, rivalAgent: 403, stranger: 401, admin: 200 },
    (c) => c.del(`/clients/${ticket.clientid}`),
  );
  await expectStatuses({ admin: 409 }, (c) => c.del(`/clients/${ticket.clientid}`));
  await expectStatuses({ admin: 410, rivalAdmin: 404 }, exporting);
}

async function blockAndAgents() {
  const ticket = await openTicket('General');
  const block = (c: TestClient) => c.post(`/admin/${ticket.clientid}/block`, {});
  await expectStatuses({ agent: 403, moderator: 403, rivalAdmin: 404, stranger: 401, admin: 200 }, block);
  expect((await must(block(home.adminClient))).blocked_on).toBe(false);

  const target = await home.addAgent({ firstName: 'Tess' });
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200, rivalAdmin: 200 }, (c) =>
    c.get('/admin/get-all-agents'),
  );
  const listed = (await must(rival.adminClient.get('/admin/get-all-agents'))).agents as { userid: string }[];
  expect(listed.map((a) => a.userid)).not.toContain(target.user.id);
  await expectStatuses({ agent: 403, moderator: 403, rivalAdmin: 404, admin: 200 }, (c) =>
    c.get(`/admin/${target.user.id}/get-user`),
  );
  await expectStatuses({ agent: 403, moderator: 403, admin: 200 }, (c, who) =>
    c.post('/auth/register', {
      email: uniqueEmail(who),
      pass: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      firstName: 'New',
      lastName: 'Hire',
      department: home.department.id,
      isAdmin: false,
      isModerator: false,
    }),
  );
  await expectStatuses({ agent: 403, moderator: 403, rivalAdmin: 404, admin: 200 }, (c) =>
    c.put('/auth/update-account', {
      email: target.email,
      first_name: 'Tessa',
      last_name: 'Agent',
      departmentid: home.department.id,
      userid: target.user.id,
    }),
  );
  for (const url of ['/auth/set-admin', '/auth/delete-agent']) {
    const toggle = (userid: string) => (c: TestClient) => c.post(url, { userid });
    await expectStatuses({ agent: 403, moderator: 403, rivalAdmin: 404, admin: 200 }, toggle(target.user.id));
    await must(toggle(target.user.id)(home.adminClient));
    // Not on oneself: an admin cannot demote or disable their own account.
    await expectStatuses({ admin: 403, moderator: 403 }, (c, who) => toggle(cast[who].id)(c));
  }
  const setRole = (userid: string, role: string) => (c: TestClient) => c.post('/auth/set-role', { userid, role });
  await expectStatuses(
    { agent: 403, moderator: 403, rivalAdmin: 404, admin: 200 },
    setRole(target.user.id, 'moderator'),
  );
  await must(setRole(target.user.id, 'agent')(home.adminClient));
  await expectStatuses({ admin: 403, moderator: 403 }, (c, who) => setRole(cast[who].id, 'agent')(c));
  // Nor their own e-mail address (README, Account changes): that is changed on the profile, with the password.
  const ownEmail = await home.adminClient.put('/auth/update-account', {
    email: uniqueEmail('admin.moved'),
    first_name: 'Ada',
    last_name: 'Admin',
    departmentid: home.department.id,
    userid: cast.admin.id,
  });
  expect(ownEmail).toMatchObject({ status: 403, body: { message: ACCOUNT_MESSAGES.ownEmailOnProfile } });
}

/**
 * The rival company connects a bot of its own and disconnects it: Home's bot, which every other row's tickets use,
 * stays connected throughout, and Home's agents and moderators are refused before anything is touched.
 */
async function agentErase() {
  const erase = (id: string) => `/agents/${id}/erase`;
  // An enabled agent is refused to the admin (409) before anyone else is asked about a disabled one.
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, rivalAdmin: 404, admin: 409 }, (c) =>
    c.post(erase(cast.colleague.id)),
  );
  await expectStatuses({ admin: 403 }, (c) => c.post(erase(cast.admin.id)));
  const leaving = await home.addAgent({ firstName: 'Lea' });
  await must(home.adminClient.post('/auth/delete-agent', { userid: leaving.user.id }));
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, rivalAdmin: 404, admin: 200 }, (c) =>
    c.post(erase(leaving.user.id)),
  );
  const agents = (await must(home.adminClient.get('/admin/get-all-agents'))).agents as {
    userid: string;
    first_name: string;
    erased_on: string | null;
  }[];
  expect(agents.find((a) => a.userid === leaving.user.id)).toMatchObject({ first_name: 'Former' });
  expect(agents.find((a) => a.userid === leaving.user.id)?.erased_on).not.toBeNull();
  // The rival's own former agent is the rival admin's to erase, not Home's.
  const rivals = await rival.addAgent({ firstName: 'Rex' });
  await must(rival.adminClient.post('/auth/delete-agent', { userid: rivals.user.id }));
  await expectStatuses({ admin: 404, rivalAdmin: 200 }, (c) => c.post(erase(rivals.user.id)));
}

async function retentionCalls() {
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) => c.get('/retention'));
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) =>
    c.get('/retention/preview?months=6'),
  );
  // Ten years: none of this world's tickets is anywhere near, so no other row's chat is swept.
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) =>
    c.put('/retention', { months: 120 }),
  );
  // The rival admin reads and sets the rival's own setting, never Home's.
  expect((await must(rival.adminClient.get('/retention'))).months).toBeNull();
  await must(rival.adminClient.put('/retention', { months: 3 }));
  expect((await must(home.adminClient.get('/retention'))).months).toBe(120);
  await must(rival.adminClient.put('/retention', { months: null }));
  await must(home.adminClient.put('/retention', { months: null }));
}

async function storageUsage() {
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) => c.get('/storage/usage'));
  // Home's admin sends a file; the rival's admin still reads only the rival's figures, and Home's include it.
  const ticket = await openTicket('General', 'admin');
  const form = new FormData();
  form.append('ticketid', ticket.ticketid);
  form.append('file', new Blob([Buffer.from('usage check\n')]), 'usage.txt');
  await must(home.adminClient.postForm('/send-file', form));
  const [mine, theirs] = await Promise.all([
    must(home.adminClient.get('/storage/usage')),
    must(rival.adminClient.get('/storage/usage')),
  ]);
  expect(mine.usedBytes).toBeGreaterThan(0);
  expect(mine.lastDay.some((row: { source: string }) => row.source === 'agents')).toBe(true);
  expect(theirs).toMatchObject({ usedBytes: 0, files: 0, lastDayBytes: 0, lastDay: [] });
}

async function onboardingCalls() {
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) => c.get('/onboarding'));
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) =>
    c.post('/onboarding/dismiss', { dismissed: false }),
  );
  // Each admin reads and puts away their own company's list only.
  const mine = await must(home.adminClient.get('/onboarding'));
  expect(mine.channels[0]).toEqual({ platform: 'telegram', connected: true, addresses: [`@${home.bot.username}`] });
  expect(mine.steps).toMatchObject({ channel: true, agent: true, testMessage: true });
  await must(rival.adminClient.post('/onboarding/dismiss', { dismissed: true }));
  expect((await must(home.adminClient.get('/onboarding'))).dismissed).toBe(false);
  await must(rival.adminClient.post('/onboarding/dismiss', { dismissed: false }));
}

async function telegramDisconnect() {
  const rivalBot = world.fake.addBot();
  await must(rival.adminClient.post('/setup-telegram', { bot_id: rivalBot.token }));
  const disconnect = (c: TestClient) => c.post('/disconnect-telegram', {});
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, rivalAgent: 403 }, disconnect);
  await expectStatuses({ rivalAdmin: 200 }, disconnect);
  await expectStatuses({ rivalAdmin: 404 }, disconnect);
  expect((await home.adminClient.get('/admin/get-telegram-token')).body).toMatchObject({ tokenStatus: true });
  expect((await rival.adminClient.get('/admin/get-telegram-token')).body).toMatchObject({ tokenStatus: false });
}

async function departmentsAndChannels() {
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) =>
    c.get('/admin/get-departments'),
  );
  await expectStatuses({ agent: 403, moderator: 403, admin: 200 }, (c) =>
    c.post('/admin/create-department', { department_name: 'Temporary' }),
  );
  const temporary = (
    (await must(home.adminClient.get('/admin/get-departments'))).departments as {
      departmentid: string;
      department_name: string;
    }[]
  ).find((d) => d.department_name === 'Temporary')!;
  await expectStatuses({ agent: 403, moderator: 403, rivalAdmin: 404, admin: 200 }, (c) =>
    c.post('/admin/delete-department', { departmentid: temporary.departmentid }),
  );
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) =>
    c.get('/admin/get-telegram-token'),
  );
  // Connecting the same bot again: the admin may, the others are refused before Telegram is asked anything.
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) =>
    c.post('/setup-telegram', { bot_id: home.bot.token }),
  );
  // WhatsApp: the admin reads the setup; the others are refused before Graph is asked anything.
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) => c.get('/whatsapp-setup'));
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) =>
    c.get('/whatsapp-phone-numbers'),
  );
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) => c.get('/whatsapp-templates'));
  for (const call of [
    (c: TestClient) => c.post('/setup-whatsapp', { token: 'code' }),
    (c: TestClient) => c.post('/toggle-phone-number-webhook', { phoneNumberId: '1234' }),
    (c: TestClient) => c.get('/1234/get-business-profile'),
    (c: TestClient) => c.post('/submit-whatsapp-template', { template_title: 'a', template_text: 'b' }),
  ]) {
    await expectStatuses({ agent: 403, moderator: 403, stranger: 401 }, call);
  }
  // WordPress: tokens and the plugin, the admin's only; another company's token is not found.
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) =>
    c.get('/get-wordpress-tokens'),
  );
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) =>
    c.get('/wordpress/plugin.zip'),
  );
  const site = { tokenName: 'Shop', siteUrl: SITE };
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 201 }, (c) =>
    c.post('/generate-wp-token', site),
  );
  const [made] = (await must(home.adminClient.get('/get-wordpress-tokens'))) as WordpressToken[];
  const removal = `/delete-wordpress-token/${made!.token_id}/${encodeURIComponent(made!.created_at)}`;
  await expectStatuses({ agent: 403, moderator: 403, rivalAdmin: 404, admin: 200 }, (c) => c.del(removal));
}

async function openingHoursReading() {
  await expectStatuses({ stranger: 401, agent: 200, moderator: 200, admin: 200, rivalAdmin: 200 }, (c) =>
    c.get('/opening-hours'),
  );
  const own = (await must(cast.agent.client.get('/opening-hours'))).departments as { department_name: string }[];
  expect(own.map((d) => d.department_name)).toEqual(expect.arrayContaining(['General', 'Billing']));
  // The rival's answer names only the rival's departments.
  const rivals = (await must(cast.rivalAgent.client.get('/opening-hours'))).departments as { departmentid: string }[];
  expect(rivals.map((d) => d.departmentid)).not.toContain(billing);
}

async function openingHoursChanging() {
  const general = (
    (await must(home.adminClient.get('/opening-hours'))).departments as {
      departmentid: string;
      department_name: string;
    }[]
  ).find((d) => d.department_name === 'General')!;
  // Open 24/7 still and without targets (the week is kept for later), so the other rows' tickets get no
  // out-of-hours or still-waiting messages from this row.
  const hours = {
    always_open: true,
    week: { mon: [{ from: '09:00', to: '17:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    special_dates: [],
    first_response_min: null,
    next_response_min: null,
    still_waiting_min: null,
  };
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, rivalAdmin: 404, admin: 200 }, (c) =>
    c.put(`/opening-hours/${general.departmentid}`, hours),
  );
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) =>
    c.put('/opening-hours/time-zone', { time_zone: 'Europe/Amsterdam' }),
  );
  // The rival admin's zone is the rival's own: Home's stays as its admin set it.
  expect((await rival.adminClient.put('/opening-hours/time-zone', { time_zone: 'Asia/Tokyo' })).status).toBe(200);
  const read = await must(cast.agent.client.get('/opening-hours'));
  expect(read.time_zone).toBe('Europe/Amsterdam');
  expect(read.departments.find((d: { departmentid: string }) => d.departmentid === general.departmentid)).toMatchObject(
    hours,
  );

  // Automatic messages: the still-waiting text stays switched off, so no other row's ticket hears from it.
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) => c.get('/automatic-messages'));
  const text = { enabled: false, texts: { en: 'Still on it, {client_name}.' } };
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) =>
    c.put('/automatic-messages/stillWaiting', text),
  );
  // The rival admin reads the built-in texts, and their own change stays theirs.
  const stillWaiting = (body: { messages: { kind: string; texts: Record<string, string> }[] }) =>
    body.messages.find((m) => m.kind === 'stillWaiting')!.texts;
  expect(stillWaiting(await must(rival.adminClient.get('/automatic-messages')))).toEqual({});
  await must(rival.adminClient.put('/automatic-messages/stillWaiting', { enabled: false, texts: { en: 'Rival' } }));
  expect(stillWaiting(await must(home.adminClient.get('/automatic-messages')))).toEqual(text.texts);

  // Response times: the admin's own departments only.
  const period = '/get-response-times?from=2020-01-01&to=2020-12-31';
  await expectStatuses({ agent: 403, moderator: 403, stranger: 401, admin: 200 }, (c) => c.get(period));
  const ids = (body: { departments: { departmentid: string }[] }) => body.departments.map((d) => d.departmentid);
  expect(ids(await must(home.adminClient.get(period)))).toContain(general.departmentid);
  expect(ids(await must(rival.adminClient.get(period)))).not.toContain(general.departmentid);
}

/**
 * A signed-in WordPress visitor of Home's site writes into General: a pending ticket, named by the site token and
 * e-mail (those calls reach only a visitor the site signed in: a guest's e-mail is only what they typed).
 */
async function wordpressTicket() {
  const made = await home.adminClient.post('/generate-wp-token', { tokenName: 'Shop', siteUrl: SITE });
  const [tokenId, secret] = (made.body.token as string).split('.') as [string, string];
  const email = `visitor.${++lastChat}@example.test`;
  const exp = Math.floor(world.t.clock.now().getTime() / 1000) + 600;
  const identity = signIdentity(secret, { tokenId, email, name: 'Wanda', exp, nonce: randomBytes(16).toString('hex') });
  const visitor = await openVisitor(world.t, tokenId, { identity });
  const general = (
    (await must(home.adminClient.get('/admin/get-departments'))).departments as {
      departmentid: string;
      department_name: string;
    }[]
  ).find((d) => d.department_name === 'General')!.departmentid;
  const sent = await visitor.send('Hello from the site', { departmentId: general });
  if (sent.status !== 200) throw new Error(`visitor: ${sent.status} ${JSON.stringify(sent.body)}`);
  return { tokenId, email, visitor, named: { companyWordpressToken: tokenId, clientEmail: email } };
}

async function wordpressTwins() {
  const { tokenId, email, named } = await wordpressTicket();
  const accept = { company_wordpress_token: tokenId, companyid: home.company.id, client_email: email };
  await expectStatuses({ outsider: 404, hal: 404, rivalAdmin: 404, stranger: 401, agent: 200, colleague: 409 }, (c) =>
    c.post('/accept-wordpress-ticket', accept),
  );
  const history = `/get-kreechat-wordpress-messages?companyWordpressToken=${tokenId}&clientEmail=${email}`;
  await expectStatuses({ outsider: 404, rivalAdmin: 404, stranger: 401, colleague: 200, moderator: 200 }, (c) =>
    c.get(history),
  );
  const headers = { 'x-company-wordpress-token': tokenId, 'x-client-email': email };
  await expectStatuses(
    { colleague: 403, outsider: 404, moderator: 403, admin: 403, rivalAdmin: 404, stranger: 401, agent: 200 },
    (c) => c.post('/send-message-to-wordpress', { content: 'On it' }, headers),
  );
  const file = () => {
    const form = new FormData();
    form.append('companyWordpressToken', tokenId);
    form.append('clientEmail', email);
    form.append('file', new Blob(['an invoice'], { type: 'text/plain' }), 'invoice.txt');
    return form;
  };
  await expectStatuses({ colleague: 403, outsider: 404, rivalAdmin: 404, agent: 200 }, (c) =>
    c.postForm('/send-wordpress-file-to-plugin', file()),
  );
  await expectStatuses({ colleague: 403, outsider: 404, rivalAdmin: 404, stranger: 401, agent: 200 }, (c) =>
    c.post('/close-wordpress-ticket', named),
  );
}

async function widgetCalls() {
  const { visitor } = await wordpressTicket();
  // An agent's session is no widget session: the widget's calls take a visitor's bearer, from the site only.
  await expectStatuses({ agent: 401, moderator: 401, admin: 401, rivalAdmin: 401, stranger: 401 }, (c) =>
    c.get('/widget/messages', { origin: SITE }),
  );
  expect((await visitor.get('/widget/messages')).status).toBe(200);
  const stolen = await world.t.client().get('/widget/messages', {
    origin: 'https://evil.test',
    authorization: `Bearer ${visitor.session}`,
  });
  expect(stolen.status).toBe(403);
}

// ---------------------------------------------------------------------------------------------------------------
// The live events

type Member = Exclude<Who, 'stranger'>;
type Tab = Awaited<ReturnType<typeof connectLive>>;

/** Open tabs of the given people (connected now, so each joins the rooms of their current department). */
async function tabsOf<W extends Member>(people: readonly W[]) {
  const tabs = {} as Record<W, Tab>;
  for (const who of people) {
    tabs[who] = await connectLive(world.t.baseUrl, cast[who].client);
    expect(tabs[who].connected).toBe(true);
  }
  return { tabs, close: () => Object.values<Tab>(tabs).forEach((tab) => tab.close()) };
}

let syncs = 0;
/**
 * Everything emitted before this call has reached the tab: the person's own new bubble, emitted after it, arrives
 * on the same socket after it. What the tab has not received by then, it will not.
 */
async function settled(who: Member, tab: Tab) {
  const bubble = await must(cast[who].client.post('/create-bubble', { name: `sync ${++syncs}`, content: 'sync' }));
  await tab.waitFor('newBubble', (p) => p.bubble.bubbleid === bubble.bubbleid);
}

/** For each tab, once everything sent so far has arrived: whether it received an `event` that `match`es. */
async function received<W extends Member, E extends ServerEventName>(
  tabs: Record<W, Tab>,
  event: E,
  match: (payload: ServerEventPayload<E>) => boolean = () => true,
) {
  const seen = {} as Record<W, boolean>;
  for (const who of Object.keys(tabs) as W[]) {
    await settled(who, tabs[who]);
    seen[who] = tabs[who].of(event).some(match);
  }
  return seen;
}

async function ticketEvents() {
  const { tabs, close } = await tabsOf(['agent', 'colleague', 'hal', 'moderator', 'admin', 'outsider', 'rivalAdmin']);
  try {
    // A new General ticket: its department, the moderator (of Billing) and the admin; not Billing's agents.
    const ticket = await openTicket('General');
    expect(await received(tabs, 'newTicket', (p) => p.ticket.ticketid === ticket.ticketid)).toEqual({
      agent: true,
      colleague: true,
      hal: false,
      moderator: true,
      admin: true,
      outsider: false,
      rivalAdmin: false,
    });
    await must(cast.agent.client.post('/acceptTicket', { ticketid: ticket.ticketid }));
    expect(await received(tabs, 'acceptTicket', (p) => p.ticket.ticketid === ticket.ticketid)).toEqual({
      agent: true,
      colleague: true,
      hal: false,
      moderator: true,
      admin: true,
      outsider: false,
      rivalAdmin: false,
    });

    // The client writes on Hal's ticket: Hal (its handler, now in Billing) hears it; Otto, also of Billing, not.
    const text = textUpdate({
      updateId: world.fake.nextUpdateId(home.bot.token),
      chatId: halsTicket.chatId,
      text: 'Any news?',
    });
    await deliver(world, home.bot, text);
    const isIt = (p: { message: { ticketid: string; content: string } }) =>
      p.message.ticketid === halsTicket.ticketid && p.message.content === 'Any news?';
    expect(await received(tabs, 'newMessage', isIt)).toEqual({
      agent: true,
      colleague: true,
      hal: true,
      moderator: true,
      admin: true,
      outsider: false,
      rivalAdmin: false,
    });
  } finally {
    close();
  }
}

async function ownerEvents() {
  const { tabs, close } = await tabsOf(['agent', 'colleague', 'moderator', 'admin']);
  try {
    const { agent, colleague } = cast;
    const bubble = await must(agent.client.post('/create-bubble', { name: 'Greeting', content: 'Hi there' }));
    const { chatid } = await must(agent.client.get(`/${colleague.id}/private-chat`));
    const { message } = await must(
      agent.client.post('/create-private-msg', { receiverid: colleague.id, content: 'Lunch?' }),
    );
    const { notification } = await must(
      agent.client.post(`/${colleague.id}/save-notification`, { senderid: agent.id, chatid, content: 'Lunch?' }),
    );
    expect(await received(tabs, 'newBubble', (p) => p.bubble.bubbleid === bubble.bubbleid)).toEqual({
      agent: true,
      colleague: false,
      moderator: false,
      admin: false,
    });
    expect(await received(tabs, 'newPrivateMessage', (p) => p.message.id === message.id)).toEqual({
      agent: true,
      colleague: true,
      moderator: false,
      admin: false,
    });
    expect(
      await received(tabs, 'newNotification', (p) => p.notification.created_on === notification.created_on),
    ).toEqual({ agent: false, colleague: true, moderator: false, admin: false });
  } finally {
    close();
  }
}

async function companyEvents() {
  const { tabs, close } = await tabsOf(['agent', 'outsider', 'moderator', 'admin', 'rivalAdmin']);
  const inCompany = { agent: true, outsider: true, moderator: true, admin: true, rivalAdmin: false };
  try {
    const newcomer = await home.addAgent({ firstName: 'Nia' });
    const newcomerTab = await connectLive(world.t.baseUrl, newcomer.client);
    // A flip travels alone (userLogin / userLogout) or with others (presenceChanged): either way, the same audience.
    const heard = async (status: 'online' | 'offline') => {
      const seen = {} as Record<keyof typeof tabs, boolean>;
      for (const who of Object.keys(tabs) as (keyof typeof tabs)[]) {
        await settled(who, tabs[who]);
        seen[who] = tabs[who].presence(newcomer.user.id).includes(status);
      }
      return seen;
    };
    await tabs.agent.waitForFlip(newcomer.user.id, 'online');
    expect(await heard('online')).toEqual(inCompany);
    // Logging out ends the socket at once (no grace period for a reload).
    await must(newcomer.client.post('/auth/logout'));
    await tabs.agent.waitForFlip(newcomer.user.id, 'offline');
    newcomerTab.close();
    expect(await heard('offline')).toEqual(inCompany);

    const { agent } = await must(
      home.adminClient.post('/auth/register', {
        email: uniqueEmail('hire'),
        pass: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        firstName: 'Ned',
        lastName: 'Hire',
        department: billing,
      }),
    );
    expect(await received(tabs, 'newUser', (p) => p.agent.userid === agent.userid)).toEqual(inCompany);

    const ticket = await openTicket('Billing');
    await must(
      home.adminClient.put('/auth/update-client', {
        clientid: ticket.clientid,
        client_name: 'Renamed Client',
        address: '2 Side St',
        account_number: 'ACC-2',
        note: 'moved',
      }),
    );
    const renamed = (p: { client: { clientid: string; client_name: string } }) =>
      p.client.clientid === ticket.clientid && p.client.client_name === 'Renamed Client';
    expect(await received(tabs, 'clientUpdated', renamed)).toEqual(inCompany);
  } finally {
    close();
  }
}

async function adminEvents() {
  const { tabs, close } = await tabsOf(['agent', 'moderator', 'admin', 'rivalAdmin']);
  try {
    const before = tabs.admin.of('totalOnlineAgents').length;
    const newcomer = await home.addAgent({ firstName: 'Omar' });
    const newcomerTab = await connectLive(world.t.baseUrl, newcomer.client);
    await eventually(() => tabs.admin.of('totalOnlineAgents').length > before);
    newcomerTab.close();
    expect(await received(tabs, 'totalOnlineAgents')).toEqual({
      agent: false,
      moderator: false,
      admin: true,
      rivalAdmin: false,
    });
  } finally {
    close();
  }
}

const png = async () =>
  (await import('sharp'))
    .default({ create: { width: 8, height: 8, channels: 3, background: '#5cf6fc' } })
    .png()
    .toBuffer();
