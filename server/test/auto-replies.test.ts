/**
 * The desk's automatic messages over a real Telegram conversation (the fake Bot API): the greeting, the
 * out-of-hours text once per closed period, the reopened text, the still-waiting reminder, edited texts, switched
 * off, in the chat history and through the outbox across an outage. The clock is the test's (TestClock starts on
 * Monday 2 March 2026, 09:00 UTC, 10:00 in Amsterdam).
 */
import { eq } from 'drizzle-orm';
import type { AutoMessageKind, DepartmentHoursBody, Message } from '@kreechat/contract';
import { EMPTY_WEEK } from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '../src/modules/automatic-messages';
import { tickets } from '../src/db/schema';
import { callbackUpdate, textUpdate } from './fakes/telegram/updates';
import { companyWithBot, deliver, startTelegramWorld, type World } from './telegram-world';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const OFFICE: DepartmentHoursBody = {
  always_open: false,
  week: {
    ...EMPTY_WEEK,
    ...Object.fromEntries(
      (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((d) => [d, [{ from: '09:00', to: '17:00' }]]),
    ),
  },
  special_dates: [],
  first_response_min: null,
  next_response_min: null,
  still_waiting_min: null,
};
const ALWAYS: DepartmentHoursBody = { ...OFFICE, always_open: true };

let world: World;
let chatCounter = 730_000;

beforeAll(async () => {
  // The admins' sessions outlive the nights and weekends the clock skips.
  world = await startTelegramWorld('webhook', { SESSION_TTL: '30d' });
});
afterAll(async () => world?.close());

async function desk(options: { zone?: string; hours?: DepartmentHoursBody; on?: AutoMessageKind[] } = {}) {
  const company = await companyWithBot(world);
  const admin = company.adminClient;
  const zone = await admin.put('/opening-hours/time-zone', { time_zone: options.zone ?? 'Europe/Amsterdam' });
  expect(zone.status).toBe(200);
  const hours = await admin.put(`/opening-hours/${company.department.id}`, options.hours ?? ALWAYS);
  expect(hours.status).toBe(200);
  for (const kind of options.on ?? []) await setMessage(kind, true);

  async function setMessage(kind: AutoMessageKind, enabled: boolean, texts: Record<string, string> = {}) {
    const reply = await admin.put(`/automatic-messages/${kind}`, { enabled, texts });
    expect(reply.status).toBe(200);
  }

  /** A client of this desk, writing from their own Telegram chat. */
  function client(options: { languageCode?: string; firstName?: string } = {}) {
    const chatId = ++chatCounter;
    return {
      chatId,
      async write(text: string) {
        await deliver(
          world,
          company.bot,
          textUpdate({
            updateId: world.fake.nextUpdateId(company.bot.token),
            chatId,
            text,
            date: Math.floor(world.t.clock.now().getTime() / 1000),
            firstName: options.firstName ?? 'Ivan',
            languageCode: options.languageCode,
          }),
        );
      },
      /** Taps the department's button under the bot's question. */
      async choose(departmentId: string) {
        await deliver(
          world,
          company.bot,
          callbackUpdate({
            updateId: world.fake.nextUpdateId(company.bot.token),
            chatId,
            data: `dept:${departmentId}`,
            messageId: 1,
          }),
        );
      },
      /** What Telegram delivered to this chat so far, in order. */
      received: () =>
        world.fake
          .calls(company.bot.token, 'sendMessage')
          .filter((c) => Number(c.params.chat_id) === chatId)
          .map((c) => String(c.params.text)),
    };
  }

  async function ticketOf(chat: { chatId: number }) {
    const rows = await world.t.database.db.select().from(tickets).where(eq(tickets.companyId, company.company.id));
    for (const row of rows) {
      const identity = await world.t.services.clients.identity(row.clientId, 'telegram');
      if (identity === String(chat.chatId)) return row;
    }
    throw new Error(`no ticket for chat ${chat.chatId}`);
  }

  async function history(ticketId: string): Promise<Message[]> {
    const view = await admin.get(`/${ticketId}/0/chat`);
    expect(view.status).toBe(200);
    return view.body.sections.flatMap((s: { messages: Message[] }) => s.messages);
  }

  return { ...company, setMessage, client, ticketOf, history };
}

/** Moves the test's clock forward to `iso` (it never goes back: the tests of this file run in order). */
function moveTo(iso: string) {
  const ms = new Date(iso).getTime() - world.t.clock.now().getTime();
  expect(ms).toBeGreaterThanOrEqual(0);
  world.t.clock.advance(ms);
}

/** Lets the outbox worker send everything due now. */
async function settle() {
  world.t.services.worker.kick();
  await world.t.services.worker.idle();
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{([a-z_]+)\}/g, (_, name: string) => values[name] ?? '');

describe('greeting and the reopened text', () => {
  it('greets a new client once, in their language (ru), as an automatic message of the chat that reaches Telegram', async () => {
    const d = await desk({ on: ['greeting'] });
    const ivan = d.client({ languageCode: 'ru' });
    await ivan.write('Здравствуйте');
    await ivan.write('Есть кто?');
    await settle();
    const ticket = await d.ticketOf(ivan);
    const greeting = fill(DEFAULT_TEXTS.ru.greeting, {
      client_name: 'Ivan',
      ticket_number: ticket.id.slice(0, 8),
      department: 'General',
    });
    expect(ivan.received()).toEqual([greeting]);

    const chat = await d.history(ticket.id);
    expect(chat.map((m) => [m.content, m.automatic, m.isagent])).toEqual([
      ['Здравствуйте', null, false],
      [greeting, 'greeting', true],
      ['Есть кто?', null, false],
    ]);
    expect(chat[1]).toMatchObject({ senderid: null, delivery_status: 'sent' });
    // It arrived inside opening hours, and the client waits since their first message.
    expect(ticket.arrivedClosed).toBe(false);
    expect(ticket.awaitingSince?.getTime()).toBe(Math.floor(world.t.clock.now().getTime() / 1000) * 1000);
  });

  it('uses the texts an admin edited, and the reopened text when a closed ticket comes back', async () => {
    const d = await desk({ on: ['greeting'] });
    await d.setMessage('greeting', true, { en: 'Hi {client_name}, ticket {ticket_number} for {department}.' });
    await d.setMessage('reopened', true, { en: 'Back again, {client_name}? Ticket {ticket_number} is open.' });
    const ana = d.client({ languageCode: 'en-GB', firstName: 'Ana' });
    await ana.write('hello');
    const ticket = await d.ticketOf(ana);
    const number = ticket.id.slice(0, 8);
    expect((await d.adminClient.post('/acceptTicket', { ticketid: ticket.id })).status).toBe(200);
    expect((await d.adminClient.post('/close-ticket', { ticketid: ticket.id })).status).toBe(200);
    // The closing text joins the chat once Telegram took it: wait for that before the client writes again.
    await settle();
    await ana.write('one more thing');
    await settle();
    const received = ana.received();
    // en-GB is not one of the 8 as written: English.
    expect(received[0]).toBe(`Hi Ana, ticket ${number} for General.`);
    expect(received.at(-1)).toBe(`Back again, Ana? Ticket ${number} is open.`);
    expect(received.filter((t) => t.startsWith('Hi Ana'))).toHaveLength(1);
    const chat = await d.history(ticket.id);
    expect(chat.filter((m) => m.automatic).map((m) => m.automatic)).toEqual(['greeting', 'closing', 'reopened']);
  });

  it('sends nothing while the kinds are off (the default), and without the department question a new client goes to the first department', async () => {
    const d = await desk();
    const second = await d.adminClient.post('/admin/create-department', { department_name: 'Sales' });
    expect(second.status).toBe(200);
    await d.setMessage('chooseDepartment', false);
    const ana = d.client();
    await ana.write('hello');
    await ana.write('anyone?');
    await settle();
    expect(ana.received()).toEqual([]);
    const ticket = await d.ticketOf(ana);
    expect(ticket.departmentId).toBe(d.department.id);
    expect((await d.history(ticket.id)).map((m) => m.content)).toEqual(['hello', 'anyone?']);
  });
});

describe('out of hours', () => {
  it('answers once per closed period with the next opening, instead of the greeting; again in the next closed period', async () => {
    const d = await desk({ hours: OFFICE, on: ['greeting', 'outOfHours'] });
    // Monday 17:30 in Amsterdam: closed until Tuesday 09:00.
    moveTo('2026-03-02T16:30:00Z');
    const ana = d.client({ firstName: 'Ana' });
    await ana.write('hello?');
    await ana.write('still there?');
    await settle();
    expect(ana.received()).toHaveLength(1);
    expect(ana.received()[0]).toContain(
      'Thanks for your message, Ana. We are closed now and open again Tuesday, 09:00',
    );
    const ticket = await d.ticketOf(ana);
    expect(ticket.arrivedClosed).toBe(true);
    const chat = await d.history(ticket.id);
    expect(chat.map((m) => m.automatic)).toEqual([null, 'outOfHours', null]);

    // Tuesday 10:00, open: nothing. Tuesday 18:00, closed again: told again, with Wednesday's opening.
    world.t.clock.advance(16.5 * HOUR);
    await ana.write('good morning');
    world.t.clock.advance(8 * HOUR);
    await ana.write('and good evening');
    await settle();
    expect(ana.received()).toHaveLength(2);
    expect(ana.received()[1]).toContain('Wednesday, 09:00');
  });
});

describe('a client who picks a department', () => {
  it('is greeted once the ticket starts with the tap; a ticket started while closed is marked so', async () => {
    // Monday 16:58 in Amsterdam: open while she writes, closed (17:00) when she taps.
    moveTo('2026-03-09T15:58:00Z');
    const d = await desk({ hours: OFFICE, on: ['greeting'] });
    const sales = await d.adminClient.post('/admin/create-department', { department_name: 'Sales' });
    expect(sales.status).toBe(200);
    expect((await d.adminClient.put(`/opening-hours/${sales.body.departmentid}`, OFFICE)).status).toBe(200);
    const ana = d.client({ firstName: 'Ana' });
    const wroteAt = Math.floor(world.t.clock.now().getTime() / 1000) * 1000;
    await ana.write('I want to buy something');
    await settle();
    // The department question (a bot text of the channel), nothing automatic yet.
    expect(ana.received()).toHaveLength(1);
    world.t.clock.advance(3 * MINUTE);
    await ana.choose(sales.body.departmentid);
    await settle();
    const ticket = await d.ticketOf(ana);
    expect(ticket).toMatchObject({ departmentId: sales.body.departmentid, arrivedClosed: true });
    expect(ticket.awaitingSince?.getTime()).toBe(wroteAt);
    expect(ana.received()[1]).toBe(
      fill(DEFAULT_TEXTS.en.greeting, {
        client_name: 'Ana',
        ticket_number: ticket.id.slice(0, 8),
        department: 'Sales',
      }),
    );
    expect((await d.history(ticket.id)).map((m) => m.automatic)).toEqual([null, 'greeting']);
  });
});

describe('still waiting', () => {
  it('fires once after N minutes of working time with nobody accepting; never after an accept, never while closed', async () => {
    const d = await desk({ hours: { ...OFFICE, still_waiting_min: 5 }, on: ['stillWaiting'] });
    // Monday 16:50 in Amsterdam, a fortnight later.
    moveTo('2026-03-16T15:50:00Z');

    const waiting = d.client({ firstName: 'Ana', languageCode: 'ru' });
    const accepted = d.client({ firstName: 'Bob' });
    await waiting.write('hello');
    await accepted.write('hello');
    const acceptedTicket = await d.ticketOf(accepted);
    expect((await d.adminClient.post('/acceptTicket', { ticketid: acceptedTicket.id })).status).toBe(200);

    world.t.clock.advance(4 * MINUTE);
    await world.t.services.stillWaiting.sweepOnce();
    await settle();
    expect(waiting.received()).toEqual([]);

    // 17:10: ten minutes since she wrote, but closed at 17:00 — nothing (the out-of-hours text speaks then).
    world.t.clock.advance(16 * MINUTE);
    await world.t.services.stillWaiting.sweepOnce();
    await settle();
    expect(waiting.received()).toEqual([]);

    // Tuesday 09:00: her ten working minutes passed before the closing; now open, she is told, once.
    world.t.clock.advance(15 * HOUR + 50 * MINUTE);
    await world.t.services.stillWaiting.sweepOnce();
    await world.t.services.stillWaiting.sweepOnce();
    await settle();
    const ticket = await d.ticketOf(waiting);
    expect(waiting.received()).toEqual([
      fill(DEFAULT_TEXTS.ru.stillWaiting, { client_name: 'Ana', department: 'General' }),
    ]);
    expect(ticket.stillWaitingAt).not.toBeNull();
    expect(accepted.received()).toEqual([]);
    expect((await d.history(ticket.id)).map((m) => m.automatic)).toEqual([null, 'stillWaiting']);
  });
});

describe('through the outbox', () => {
  it('an automatic message committed while Telegram is down is delivered once it is back, once', async () => {
    const d = await desk({ on: ['greeting'] });
    const ana = d.client({ firstName: 'Ana' });
    world.fake.setOutage('drop');
    try {
      await ana.write('hello');
      await settle();
      const ticket = await d.ticketOf(ana);
      expect((await d.history(ticket.id))[1]).toMatchObject({ automatic: 'greeting', delivery_status: 'pending' });
    } finally {
      world.fake.setOutage(undefined);
    }
    expect(ana.received()).toEqual([]);
    world.t.clock.advance(MINUTE);
    await settle();
    expect(ana.received()).toHaveLength(1);
    expect(ana.received()[0]).toContain('Hello Ana!');
    const ticket = await d.ticketOf(ana);
    expect((await d.history(ticket.id))[1]).toMatchObject({ automatic: 'greeting', delivery_status: 'sent' });
  });
});
