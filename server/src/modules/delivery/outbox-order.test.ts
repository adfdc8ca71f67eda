import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { textUpdate } from '../../../test/fakes/telegram/updates';
import { eventually } from '../../../test/harness';
import { companyWithBot, deliver, startTelegramWorld, type FakeBot, type World } from '../../../test/telegram-world';
import { backoffMs, LEASE_MS } from './delivery.service';

const GIVE_UP_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 60_000;
/** Long enough for the worker's heartbeat (every LEASE_MS / 3 of real time) to come round once. */
const HEARTBEAT_WAIT_MS = LEASE_MS / 2;

let chatCounter = 910_000;

describe('backoffMs', () => {
  it('doubles from 1 s, never above the cap, never below half of its ceiling', () => {
    expect(backoffMs(1, 60_000, () => 1)).toBe(1_000);
    expect(backoffMs(1, 60_000, () => 0)).toBe(500);
    expect(backoffMs(4, 60_000, () => 1)).toBe(8_000);
    for (const attempts of [7, 8, 30, 1_000]) {
      expect(backoffMs(attempts, 60_000, () => 1)).toBe(60_000);
      expect(backoffMs(attempts, 60_000, () => 0)).toBe(30_000);
    }
  });
});

// The clock is the test's: backoffs and the give-up time pass when the test moves it.
describe('the outbox keeps each chat in order through a channel outage', () => {
  let world: World;
  beforeAll(async () => {
    world = await startTelegramWorld('webhook', {
      OUTBOX_GIVE_UP_MS: String(GIVE_UP_MS),
      OUTBOX_MAX_BACKOFF_MS: String(MAX_BACKOFF_MS),
    });
  });
  afterAll(async () => world?.close());

  async function setUp() {
    const company = await companyWithBot(world);
    const agent = await company.addAgent({ departmentId: company.department.id });
    const seen = new Set<string>();
    /** A client writes from a new chat; the agent accepts the ticket. */
    async function openChat() {
      const chatId = ++chatCounter;
      await deliver(
        world,
        company.bot,
        textUpdate({ updateId: world.fake.nextUpdateId(company.bot.token), chatId, text: 'hello' }),
      );
      const tickets: { ticketid: string }[] = (await agent.client.get('/tickets')).body;
      const ticket = tickets.find((t) => !seen.has(t.ticketid))!;
      seen.add(ticket.ticketid);
      expect((await agent.client.post('/acceptTicket', { ticketid: ticket.ticketid })).status).toBe(200);
      return { chatId, ticketid: ticket.ticketid };
    }
    async function reply(chat: { ticketid: string }, content: string) {
      const sent = await agent.client.post('/send-message', { ticketid: chat.ticketid, content });
      expect(sent.status).toBe(200);
      return sent.body.message as { messageid: string; delivery_status: string };
    }
    async function statusOf(chat: { ticketid: string }, messageid: string) {
      const view = await agent.client.get(`/${chat.ticketid}/0/chat`);
      return view.body.sections
        .flatMap((s: { messages: { messageid: string }[] }) => s.messages)
        .find((m: { messageid: string }) => m.messageid === messageid) as {
        delivery_status: string;
        delivery_failure: string | null;
        delivery_error: string | null;
      };
    }
    return { ...company, agent, openChat, reply, statusOf };
  }

  /** The texts Telegram took for a chat, in the order it took them. */
  const received = (bot: FakeBot, chatId: number) =>
    world.fake
      .calls(bot.token, 'sendMessage')
      .filter((c) => Number(c.params.chat_id) === chatId)
      .map((c) => String(c.params.text));

  async function settle() {
    world.t.services.worker.kick();
    await world.t.services.worker.idle();
  }

  it('holds a chat behind its first reply while that one waits out a backoff; other chats go on', async () => {
    const { bot, openChat, reply } = await setUp();
    const a = await openChat();
    const b = await openChat();
    world.fake.failNext(bot.token, 'sendMessage', { error_code: 502, description: 'Bad Gateway' });
    await reply(a, 'a0');
    await world.fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'a0');
    await settle();
    await reply(a, 'a1');
    await reply(a, 'a2');
    await reply(b, 'b0');
    await settle();
    // a0 failed once and waits; a1 and a2 must not overtake it. b's chat is not held up.
    expect(received(bot, a.chatId)).toEqual(['a0']);
    expect(received(bot, b.chatId)).toEqual(['b0']);
    const [head] = await world.t.database.db.select().from(outbox).where(eq(outbox.lastError, 'Bad Gateway'));
    expect(head).toMatchObject({ status: 'pending', attempts: 1 });
    // The wait is the first backoff: between 0.5 and 1 s.
    const wait = head!.nextAttemptAt.getTime() - world.t.clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(500);
    expect(wait).toBeLessThanOrEqual(1_000);

    world.t.clock.advance(1_000);
    await settle();
    expect(received(bot, a.chatId)).toEqual(['a0', 'a0', 'a1', 'a2']);
  });

  it("the issue's outage: 502s, then dropped connections, while replies keep coming: each chat in order, none doubled", async () => {
    const { bot, openChat, reply, statusOf } = await setUp();
    const chats = [await openChat(), await openChat()];
    // One reply every 1.2 s, alternating chats: 0 2 4 6 8 to the first, 1 3 5 7 9 to the second.
    world.fake.setOutage('badGateway');
    const sent: { messageid: string }[] = [];
    for (let i = 0; i < 10; i++) {
      if (i === 5) world.fake.setOutage('drop');
      sent.push(await reply(chats[i % 2]!, `r${i}`));
      await settle();
      world.t.clock.advance(1_200);
    }
    await settle();
    expect(received(bot, chats[0]!.chatId)).toEqual([]);
    // Shown as still being sent meanwhile.
    expect((await statusOf(chats[0]!, sent[0]!.messageid)).delivery_status).toBe('pending');
    const rows = await world.t.database.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(rows.filter((r) => r.attempts > 0).length).toBe(2); // only each chat's head was tried

    // 20 s later Telegram is back: within one capped backoff everything is sent, each chat in order.
    world.t.clock.advance(20_000);
    world.fake.setOutage(undefined);
    world.t.clock.advance(MAX_BACKOFF_MS);
    await settle();
    expect(received(bot, chats[0]!.chatId)).toEqual(['r0', 'r2', 'r4', 'r6', 'r8']);
    expect(received(bot, chats[1]!.chatId)).toEqual(['r1', 'r3', 'r5', 'r7', 'r9']);
    expect((await statusOf(chats[1]!, sent[9]!.messageid)).delivery_status).toBe('sent');
  });

  it('fails a message still not taken OUTBOX_GIVE_UP_MS after it was queued; the chat goes on, and Retry sends it', async () => {
    const { bot, openChat, reply, statusOf, agent } = await setUp();
    const chat = await openChat();
    world.fake.setOutage('drop');
    try {
      const first = await reply(chat, 'given up');
      await settle();
      world.t.clock.advance(GIVE_UP_MS / 2);
      const second = await reply(chat, 'queued later');
      // Half the give-up time: still being tried, still shown as sending.
      for (let waited = 0; waited < GIVE_UP_MS / 2 - MAX_BACKOFF_MS; waited += MAX_BACKOFF_MS) {
        await settle();
        world.t.clock.advance(MAX_BACKOFF_MS);
      }
      await settle();
      expect((await statusOf(chat, first.messageid)).delivery_status).toBe('pending');

      // Past the give-up time: the last backoff ends right at it, the try fails, the message is failed.
      world.t.clock.advance(MAX_BACKOFF_MS);
      await settle();
      world.t.clock.advance(MAX_BACKOFF_MS);
      await settle();
      const failed = await statusOf(chat, first.messageid);
      expect(failed.delivery_status).toBe('failed');
      // A code the web app translates; Telegram never answered, so there are no words of its own.
      expect(failed.delivery_failure).toBe('unreachable');
      expect(failed.delivery_error).toBeNull();
      expect((await statusOf(chat, second.messageid)).delivery_status).toBe('pending');

      // Telegram is back: the next message goes; Retry sends the failed one after it.
      world.fake.setOutage(undefined);
      world.t.clock.advance(MAX_BACKOFF_MS);
      await settle();
      expect(received(bot, chat.chatId)).toEqual(['queued later']);
      expect((await statusOf(chat, second.messageid)).delivery_status).toBe('sent');
      const retried = await agent.client.post('/retry-message', { messageid: first.messageid });
      expect(retried.body.message.delivery_status).toBe('pending');
      await settle();
      expect(received(bot, chat.chatId)).toEqual(['queued later', 'given up']);
      expect((await statusOf(chat, first.messageid)).delivery_status).toBe('sent');
    } finally {
      world.fake.setOutage(undefined);
    }
  });

  it('waits out a 429 without counting it as an attempt, and holds the chat meanwhile', async () => {
    const { bot, openChat, reply } = await setUp();
    const chat = await openChat();
    world.fake.failNext(bot.token, 'sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 30',
      retry_after: 30,
    });
    await reply(chat, 'limited');
    await world.fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'limited');
    await settle();
    await reply(chat, 'after it');
    await settle();
    const [row] = await world.t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.lastError, 'Too Many Requests: retry after 30'));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.nextAttemptAt.getTime() - world.t.clock.now().getTime()).toBe(30_000);
    world.t.clock.advance(29_000);
    await settle();
    expect(received(bot, chat.chatId)).toEqual(['limited']);
    world.t.clock.advance(1_000);
    await settle();
    expect(received(bot, chat.chatId)).toEqual(['limited', 'limited', 'after it']);
  });

  it("renews the lease while a slow send is in flight; a dead claimer's job comes due LEASE_MS after its last renewal", async () => {
    const { bot, openChat, reply } = await setUp();
    const chat = await openChat();
    world.fake.setLatency(HEARTBEAT_WAIT_MS);
    try {
      await reply(chat, 'slow');
      await world.fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'slow');
      const row = async () =>
        (
          await world.t.database.db
            .select()
            .from(outbox)
            .where(eq(outbox.recipient, String(chat.chatId)))
        )[0]!;
      // Past the first lease while Telegram has not answered: the heartbeat extends it, nobody takes the job.
      world.t.clock.advance(LEASE_MS - 1_000);
      await eventually(async () => (await row()).lockedUntil!.getTime() > world.t.clock.now().getTime() + 5_000, 5_000);
      world.t.clock.advance(LEASE_MS - 1_000);
      expect(await world.t.services.delivery.claim()).toEqual([]);
      await world.t.services.worker.idle();
      expect(received(bot, chat.chatId)).toEqual(['slow']);
    } finally {
      world.fake.setLatency(0);
    }

    // A claim nobody renews (its process died) is free again once the lease has run out, not before.
    await world.t.services.worker.stop();
    try {
      await reply(chat, 'orphan');
      const [claimed] = await world.t.services.delivery.claim();
      expect(claimed).toMatchObject({ kind: 'message', recipient: String(chat.chatId) });
      world.t.clock.advance(LEASE_MS - 1);
      expect(await world.t.services.delivery.claim()).toEqual([]);
      world.t.clock.advance(2);
      const [again] = await world.t.services.delivery.claim();
      expect(again?.outboxId).toBe(claimed!.outboxId);
      await world.t.services.delivery.sent(again!, undefined);
    } finally {
      world.t.services.worker.start();
    }
  });

  it('claims each chat only at its head, and no job twice, when claims run side by side', async () => {
    const { openChat, reply } = await setUp();
    const chats = [await openChat(), await openChat(), await openChat()];
    await world.t.services.worker.stop();
    try {
      for (let round = 0; round < 3; round++) for (const chat of chats) await reply(chat, `c${round}`);
      const claims = await Promise.all([1, 2, 3, 4].map(() => world.t.services.delivery.claim(2)));
      const jobs = claims.flat();
      expect(new Set(jobs.map((j) => j.outboxId)).size).toBe(jobs.length);
      // Each chat's first reply only: the later ones wait until it is sent.
      expect(jobs.map((j) => (j.kind === 'message' ? j.message.content : j.kind)).sort()).toEqual(['c0', 'c0', 'c0']);
      expect(new Set(jobs.map((j) => j.recipient)).size).toBe(3);
      for (const job of jobs) await world.t.services.delivery.sent(job, undefined);
      const next = await world.t.services.delivery.claim(10);
      expect(next.map((j) => (j.kind === 'message' ? j.message.content : j.kind))).toEqual(['c1', 'c1', 'c1']);
      for (const job of next) await world.t.services.delivery.sent(job, undefined);
    } finally {
      world.t.services.worker.start();
    }
    await eventually(async () => (await world.t.services.delivery.backlog()).size === 0);
  });
});
