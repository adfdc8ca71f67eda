import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEventPayload } from '@kreechat/contract';
import { tickets } from '../../db/schema';
import type { InboundOrigin } from '../inbound-updates';
import { seedCompany, startTestApp, type TestApp, type TestClient } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The test plays the channel: each job is claimed and reported sent or failed by hand.
  await t.services.worker.stop();
});
afterAll(async () => t?.close());

const MINUTE = 60_000;
let counter = 0;

let statusEvents: ServerEventPayload<'messageStatus'>[] = [];
beforeEach(() => {
  statusEvents = [];
  vi.spyOn(t.services.realtime, 'toTicket').mockImplementation((_audience, event, payload) => {
    if (event === 'messageStatus') statusEvents.push(payload as ServerEventPayload<'messageStatus'>);
  });
});

/** A company whose agent has accepted the ticket of a client who wrote in over Telegram. */
async function chatWithClient() {
  const home = await seedCompany(t);
  const agent = await home.addAgent({ firstName: 'Rita' });
  const origin: InboundOrigin = {
    companyId: home.company.id,
    platform: 'telegram',
    channelRef: 'bot-test',
    client: { externalId: `failed-reply-client-${++counter}`, name: 'Wanda Waiting', language: 'en' },
  };
  /** The client writes; answers when. */
  async function say(text: string) {
    t.clock.advance(MINUTE);
    const at = t.clock.now();
    const outcome = await t.services.intake.receive(origin, {
      externalId: `m-${++counter}`,
      sentAt: at,
      content: { type: 'text', text },
    });
    if (outcome.outcome !== 'appended') throw new Error(`intake answered ${outcome.outcome}`);
    return { at, ticketId: outcome.ticketId };
  }
  const first = await say('Hello?');
  const ticketId = first.ticketId;
  expect((await agent.client.post('/acceptTicket', { ticketid: ticketId })).status).toBe(200);
  /** The agent replies; answers the message's id and when it was written. */
  async function reply(content: string) {
    t.clock.advance(MINUTE);
    const at = t.clock.now();
    const sent = await agent.client.post('/send-message', { ticketid: ticketId, content });
    expect(sent.status).toBe(200);
    return { id: sent.body.message.messageid as string, at };
  }
  return { home, agent, ticketId, firstAt: first.at, say, reply, recipient: origin.client.externalId };
}

/**
 * The channel's answer to the job of this message: the chat's jobs before it (the desk's greeting) are sent first.
 * Other chats' jobs claimed on the way stay leased (the test clock rarely moves that far).
 */
async function channel(chat: { recipient: string }, messageId: string, outcome: 'sent' | 'failed') {
  for (let round = 0; round < 5; round++) {
    for (const job of await t.services.delivery.claim(100)) {
      if (job.recipient !== chat.recipient) continue;
      if (job.kind !== 'message' || job.message.id !== messageId) {
        await t.services.delivery.sent(job, undefined);
        continue;
      }
      if (outcome === 'sent') return t.services.delivery.sent(job, `ext-${messageId}`);
      return t.services.delivery.failed(job, { code: 'clientBlocked', reason: 'Forbidden: bot was blocked' });
    }
  }
  throw new Error(`no job came due for message ${messageId}`);
}

async function ticketRow(id: string) {
  const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
  return row!;
}

async function card(client: TestClient, ticketId: string) {
  const cards = (await client.get('/tickets')).body as { ticketid: string; awaiting_since: string | null }[];
  return cards.find((c) => c.ticketid === ticketId);
}

describe("a reply that fails for good answers nobody: the client's wait comes back", () => {
  it('a failed first response brings back the wait and clears the first response, live; other companies untouched', async () => {
    const other = await chatWithClient();
    const otherReply = await other.reply('Hi there');
    const otherBefore = await ticketRow(other.ticketId);

    const chat = await chatWithClient();
    const answer = await chat.reply('How can I help?');
    expect(await ticketRow(chat.ticketId)).toMatchObject({ awaitingSince: null, firstResponseAt: answer.at });

    await channel(chat, answer.id, 'failed');
    expect(await ticketRow(chat.ticketId)).toMatchObject({
      awaitingSince: chat.firstAt,
      firstResponseAt: null,
      firstResponseWorkSec: null,
    });
    expect((await card(chat.agent.client, chat.ticketId))?.awaiting_since).toBe(chat.firstAt.toISOString());
    // The cards learn it live: the status event brings the ticket as it now stands.
    expect(statusEvents).toHaveLength(1);
    expect(statusEvents[0]!.message).toMatchObject({ messageid: answer.id, delivery_status: 'failed' });
    expect(statusEvents[0]!.ticket).toMatchObject({
      ticketid: chat.ticketId,
      awaiting_since: chat.firstAt.toISOString(),
      first_response_on: null,
    });

    // The next reply is the first response again.
    const next = await chat.reply('Sorry, are you there?');
    expect(await ticketRow(chat.ticketId)).toMatchObject({ awaitingSince: null, firstResponseAt: next.at });

    expect(await ticketRow(other.ticketId)).toEqual(otherBefore);
    expect(otherBefore).toMatchObject({ awaitingSince: null, firstResponseAt: otherReply.at });
  });

  it("the wait runs from the client's first message after the last reply that reached them", async () => {
    const chat = await chatWithClient();
    const first = await chat.reply('Hello!');
    await channel(chat, first.id, 'sent');
    const asked = await chat.say('Where is my order?');
    await chat.say('Order 4411');
    const second = await chat.reply('Let me look');
    await channel(chat, second.id, 'failed');
    // The first reply reached the client and stays the first response.
    expect(await ticketRow(chat.ticketId)).toMatchObject({ awaitingSince: asked.at, firstResponseAt: first.at });
    expect(statusEvents.at(-1)?.ticket?.awaiting_since).toBe(asked.at.toISOString());
  });

  it('a later reply still pending keeps the wait cleared and becomes the first response; a receipt of failure counts too', async () => {
    const chat = await chatWithClient();
    const first = await chat.reply('Hello!');
    const second = await chat.reply('How can I help?');
    await channel(chat, first.id, 'failed');
    const ticket = await ticketRow(chat.ticketId);
    expect(ticket).toMatchObject({
      awaitingSince: null,
      firstResponseAt: second.at,
      // Open around the clock (no hours set): every second since the ticket began counts.
      firstResponseWorkSec: (second.at.getTime() - ticket.createdAt.getTime()) / 1000,
    });

    await channel(chat, second.id, 'sent');
    expect(await ticketRow(chat.ticketId)).toMatchObject({ awaitingSince: null, firstResponseAt: second.at });

    // The channel reports later that it could not deliver it after all (WhatsApp's failed status).
    const applied = await t.services.delivery.receipt(
      { companyId: chat.home.company.id, channelRef: 'bot-test', recipient: chat.recipient },
      `ext-${second.id}`,
      'failed',
    );
    expect(applied).toBe('applied');
    expect(await ticketRow(chat.ticketId)).toMatchObject({
      awaitingSince: chat.firstAt,
      firstResponseAt: null,
      firstResponseWorkSec: null,
    });
    expect(statusEvents.at(-1)?.ticket?.awaiting_since).toBe(chat.firstAt.toISOString());
  });

  it('a retry answers again from the moment it is sent again', async () => {
    const chat = await chatWithClient();
    const answer = await chat.reply('How can I help?');
    await channel(chat, answer.id, 'failed');
    expect((await ticketRow(chat.ticketId)).awaitingSince).toEqual(chat.firstAt);

    t.clock.advance(MINUTE);
    const retriedAt = t.clock.now();
    statusEvents = [];
    const retried = await chat.agent.client.post('/retry-message', { messageid: answer.id });
    expect(retried.status).toBe(200);
    const ticket = await ticketRow(chat.ticketId);
    expect(ticket).toMatchObject({
      awaitingSince: null,
      firstResponseAt: retriedAt,
      firstResponseWorkSec: (retriedAt.getTime() - ticket.createdAt.getTime()) / 1000,
    });
    expect(statusEvents).toHaveLength(1);
    expect(statusEvents[0]!.ticket).toMatchObject({ awaiting_since: null, first_response_on: retriedAt.toISOString() });

    await channel(chat, answer.id, 'sent');
    expect(await ticketRow(chat.ticketId)).toMatchObject({ awaitingSince: null, firstResponseAt: retriedAt });
  });

  it('a closed ticket stays without a wait when a reply before the close fails', async () => {
    const chat = await chatWithClient();
    const answer = await chat.reply('Solved, bye!');
    expect((await chat.agent.client.post('/close-ticket', { ticketid: chat.ticketId })).status).toBe(200);
    await channel(chat, answer.id, 'failed');
    expect(await ticketRow(chat.ticketId)).toMatchObject({ stage: 'closed', awaitingSince: null });
    expect(statusEvents.at(-1)?.ticket).toBeUndefined();
  });
});
