import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_WEEK, type Ticket } from '@kreechat/contract';
import { departmentSettings, tickets } from '../../db/schema';
import type { InboundOrigin } from '../inbound-updates';
import {
  login,
  seedCompany,
  startTestApp,
  STRONG_PASSWORD,
  type TestApp,
  type TestClient,
} from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The replies go to a bot that does not exist: sent, they would fail, and a failed reply answers nobody
  // (delivery's failed-reply-wait tests). Kept pending, they are still being tried and count as answers.
  await t.services.worker.stop();
});
afterAll(async () => t?.close());

const MINUTE = 60_000;
const DAY = 86_400_000;
let externalCounter = 0;

/** A client writing in over a channel through the shared intake, as an adapter would. */
function clientOf(companyId: string) {
  const origin: InboundOrigin = {
    companyId,
    platform: 'telegram',
    channelRef: 'bot-test',
    client: { externalId: `waiting-client-${++externalCounter}`, name: 'Wanda Waiting', language: 'en' },
  };
  return async (text: string, path: 'fast' | 'slow') => {
    const id = ++externalCounter;
    // A recorded channel update is what takes intake's one-statement hot path; without one it goes the full way.
    const outcome = await t.services.intake.receive(
      path === 'fast'
        ? { ...origin, update: { channelKey: 'clock-test', updateId: String(id), payload: { text } } }
        : origin,
      { externalId: `m-${id}`, sentAt: t.clock.now(), content: { type: 'text', text } },
    );
    if (outcome.outcome !== 'appended') throw new Error(`intake answered ${outcome.outcome}`);
    return outcome.ticketId;
  };
}

async function ticketRow(id: string) {
  const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
  return row!;
}

async function post(client: TestClient, path: string, body: object) {
  const reply = await client.post(path, body);
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** The open tickets' cards as the workspace lists them. */
async function openCards(client: TestClient): Promise<Ticket[]> {
  const reply = await client.get('/tickets');
  return reply.body as Ticket[];
}

/** Moves the test clock forward to the next `weekday` (0 Sunday … 6 Saturday) at `hour`:`minute` UTC. */
function advanceTo(weekday: number, hour: number, minute: number) {
  const now = t.clock.now();
  const target = new Date(now);
  target.setUTCHours(hour, minute, 0, 0);
  target.setUTCDate(target.getUTCDate() + ((weekday - target.getUTCDay() + 7) % 7 || 7));
  t.clock.advance(target.getTime() - now.getTime());
  return target;
}

describe('who waits since when, and the first response', () => {
  it('a client message starts the wait on the fast and the slow path; a reply ends it, a note does not', async () => {
    const home = await seedCompany(t);
    const agent = await home.addAgent({ firstName: 'Rita' });
    const say = clientOf(home.company.id);
    const ticketId = await say('Hello?', 'slow');
    await post(agent.client, '/acceptTicket', { ticketid: ticketId });
    await post(agent.client, '/send-message', { ticketid: ticketId, content: 'Hi, how can I help?' });
    expect((await ticketRow(ticketId)).awaitingSince).toBeNull();

    t.clock.advance(MINUTE);
    const slowAt = t.clock.now();
    expect(await say('My order is late', 'slow')).toBe(ticketId);
    expect((await ticketRow(ticketId)).awaitingSince).toEqual(slowAt);

    // A second message while waiting keeps the oldest unanswered one's time, on either path.
    t.clock.advance(MINUTE);
    await say('Order 4411', 'fast');
    t.clock.advance(MINUTE);
    await say('Hello??', 'slow');
    expect((await ticketRow(ticketId)).awaitingSince).toEqual(slowAt);

    // A note is between agents: the client still waits.
    await post(agent.client, '/send-note', { ticketid: ticketId, content: 'Checking with the warehouse' });
    expect((await ticketRow(ticketId)).awaitingSince).toEqual(slowAt);

    t.clock.advance(MINUTE);
    const view = await post(agent.client, '/send-message', { ticketid: ticketId, content: 'It ships today' });
    expect(view.message.isagent).toBe(true);
    expect((await ticketRow(ticketId)).awaitingSince).toBeNull();

    // The fast path alone starts a new wait.
    t.clock.advance(MINUTE);
    const fastAt = t.clock.now();
    await say('Thanks! One more thing', 'fast');
    const waiting = await ticketRow(ticketId);
    expect(waiting.awaitingSince).toEqual(fastAt);
    const card = (await openCards(agent.client)).find((c) => c.ticketid === ticketId);
    expect(card?.awaiting_since).toBe(fastAt.toISOString());

    // Closed, nobody waits; the client writing in reopens it and waits from then.
    await post(agent.client, '/close-ticket', { ticketid: ticketId });
    expect((await ticketRow(ticketId)).awaitingSince).toBeNull();
    t.clock.advance(MINUTE);
    const reopenAt = t.clock.now();
    expect(await say('It did not arrive', 'fast')).toBe(ticketId);
    const reopened = await ticketRow(ticketId);
    expect(reopened.stage).toBe('pending');
    expect(reopened.awaitingSince).toEqual(reopenAt);
  });

  it('records the first response once, in working seconds that skip the closed night', async () => {
    const home = await seedCompany(t);
    // Weekdays 09:00–17:00 in the company's zone (UTC by default).
    const workday = [{ from: '09:00', to: '17:00' }];
    await t.database.db.insert(departmentSettings).values({
      departmentId: home.department.id,
      companyId: home.company.id,
      alwaysOpen: false,
      week: { ...EMPTY_WEEK, mon: workday, tue: workday, wed: workday, thu: workday, fri: workday },
      specialDates: [],
      firstResponseMin: 60,
    });
    const agent = await home.addAgent({ firstName: 'Nina' });
    const say = clientOf(home.company.id);

    // Tuesday 16:30: half an hour before closing.
    advanceTo(2, 16, 30);
    await login(agent.client, agent.email, STRONG_PASSWORD);
    const ticketId = await say('Is anyone there?', 'slow');
    t.clock.advance(10 * MINUTE);
    await post(agent.client, '/acceptTicket', { ticketid: ticketId });
    const unanswered = await ticketRow(ticketId);
    expect(unanswered.firstResponseAt).toBeNull();
    expect(unanswered.firstResponseWorkSec).toBeNull();

    // Wednesday 09:15: 30 minutes on Tuesday and 15 on Wednesday; the 16 closed hours between do not count.
    const answeredAt = advanceTo(3, 9, 15);
    // Its session ended overnight.
    await login(agent.client, agent.email, STRONG_PASSWORD);
    await post(agent.client, '/send-message', { ticketid: ticketId, content: 'Good morning!' });
    const answered = await ticketRow(ticketId);
    expect(answered.firstResponseAt).toEqual(answeredAt);
    expect(answered.firstResponseWorkSec).toBe(45 * 60);
    const card = (await openCards(agent.client)).find((c) => c.ticketid === ticketId);
    expect(card?.first_response_on).toBe(answeredAt.toISOString());

    // The next reply, a day later, is not the first one.
    t.clock.advance(DAY);
    await login(agent.client, agent.email, STRONG_PASSWORD);
    await post(agent.client, '/send-message', { ticketid: ticketId, content: 'Anything else?' });
    const later = await ticketRow(ticketId);
    expect(later.firstResponseAt).toEqual(answeredAt);
    expect(later.firstResponseWorkSec).toBe(45 * 60);
  });

  it('a note is no first response', async () => {
    const home = await seedCompany(t);
    const agent = await home.addAgent({ firstName: 'Otto' });
    const ticketId = await clientOf(home.company.id)('Hi', 'slow');
    await post(agent.client, '/acceptTicket', { ticketid: ticketId });
    t.clock.advance(5 * MINUTE);
    await post(agent.client, '/send-note', { ticketid: ticketId, content: 'VIP' });
    const row = await ticketRow(ticketId);
    expect(row.firstResponseAt).toBeNull();
    expect(row.firstResponseWorkSec).toBeNull();
  });
});
