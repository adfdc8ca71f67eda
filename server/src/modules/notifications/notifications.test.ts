import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundOrigin } from '../inbound-updates';
import { eventually, seedCompany, startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { connectLive } from '../../../test/live';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
});
afterAll(async () => t?.close());

let externalCounter = 0;

/** A client writing in over a channel, through the shared intake as the Telegram adapter would. */
function clientOf(companyId: string, name: string) {
  const origin: InboundOrigin = {
    companyId,
    platform: 'telegram',
    channelRef: 'bot-test',
    client: { externalId: `client-${++externalCounter}`, name, language: 'en' },
  };
  return {
    origin,
    /** `recorded`: as a channel update with its payload, which takes the intake's one-statement hot path. */
    say: (text: string, options: { recorded?: boolean } = {}) => {
      const id = ++externalCounter;
      return t.services.intake.receive(
        options.recorded
          ? { ...origin, update: { channelKey: 'test', updateId: String(id), payload: { text } } }
          : origin,
        { externalId: `m-${id}`, sentAt: t.clock.now(), content: { type: 'text', text } },
      );
    },
  };
}

async function privateMessage(from: { client: TestClient }, to: string, content: string) {
  const reply = await from.client.post('/create-private-msg', { receiverid: to, content });
  return reply.body.message as { chatid: string };
}

describe('notifications', () => {
  it('saves a private message notification for the receiver, live, refreshed by the next message, reset and cleared', async () => {
    const { addAgent } = await seedCompany(t);
    const ann = await addAgent({ firstName: 'Ann' });
    const bob = await addAgent();
    const bobLive = await connectLive(t.baseUrl, bob.client);
    const annLive = await connectLive(t.baseUrl, ann.client);

    const { chatid } = await privateMessage(ann, bob.user.id, 'Are you there?');
    const saved = await ann.client.post(`/${bob.user.id}/save-notification`, {
      senderid: ann.user.id,
      chatid,
      content: 'Are you there?',
      type: 'text',
    });
    expect(saved.status).toBe(200);
    const live = await bobLive.waitFor('newNotification');
    expect(live.count).toBe(1);
    expect(live.notification).toMatchObject({
      type: 'text',
      name: 'Ann Agent',
      content: 'Are you there?',
      senderid: ann.user.id,
      ticketid: null,
      rating: null,
    });

    t.clock.advance(60_000);
    await ann.client.post(`/${bob.user.id}/save-notification`, { senderid: ann.user.id, chatid, content: 'Hello?' });
    await bobLive.waitFor('newNotification', (p) => p.notification.content === 'Hello?');

    const inbox = await bob.client.get('/notifications');
    expect(inbox.body.count).toBe(1);
    expect(inbox.body.sections).toEqual([
      {
        date: '2026-03-02',
        notifications: [expect.objectContaining({ content: 'Hello?', created_on: '2026-03-02T09:01:00.000Z' })],
      },
    ]);
    // Only the receiver: Ann's inbox stays empty and her socket heard nothing of it.
    expect((await ann.client.get('/notifications')).body).toEqual({ sections: [], count: 0 });
    expect(annLive.of('newNotification')).toEqual([]);

    expect((await bob.client.post('/reset-notifications-count', {})).body).toEqual({ count: 0 });
    const seen = await bob.client.get('/notifications');
    expect(seen.body.count).toBe(0);
    expect(seen.body.sections[0].notifications).toHaveLength(1);

    // Once seen, the next message is a new entry.
    t.clock.advance(60_000);
    await ann.client.post(`/${bob.user.id}/save-notification`, { senderid: ann.user.id, chatid, content: 'Ping' });
    const after = await bob.client.get('/notifications');
    expect(after.body.count).toBe(1);
    expect(after.body.sections[0].notifications.map((n: { content: string }) => n.content)).toEqual(['Ping', 'Hello?']);

    expect((await bob.client.post('/clear-notifications', {})).body).toEqual({ count: 0 });
    expect((await bob.client.get('/notifications')).body).toEqual({ sections: [], count: 0 });
    bobLive.close();
    annLive.close();
  });

  it('refuses a foreign sender, a wrong chat, an empty text, another company’s receiver and strangers', async () => {
    const { addAgent } = await seedCompany(t);
    const ann = await addAgent();
    const bob = await addAgent();
    const carl = await addAgent();
    const { chatid } = await privateMessage(ann, bob.user.id, 'hi');
    const { chatid: otherChat } = await privateMessage(ann, carl.user.id, 'hi');
    const body = { senderid: ann.user.id, chatid, content: 'hi' };

    const spoofed = await carl.client.post(`/${bob.user.id}/save-notification`, body);
    expect(spoofed).toMatchObject({ status: 403, body: { message: 'You can only notify about your own messages' } });
    const wrongChat = await ann.client.post(`/${bob.user.id}/save-notification`, { ...body, chatid: otherChat });
    expect(wrongChat).toMatchObject({ status: 404, body: { message: 'Chat not found' } });
    const empty = await ann.client.post(`/${bob.user.id}/save-notification`, { ...body, content: '  ' });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Cannot send an empty message' } });
    const badId = await ann.client.post('/not-a-uuid/save-notification', body);
    expect(badId.status).toBe(400);

    const other = await seedCompany(t);
    const stranger = await other.addAgent();
    const foreign = await ann.client.post(`/${stranger.user.id}/save-notification`, body);
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Colleague not found' } });
    // The stranger cannot reach into this company's inbox either.
    const intruder = await stranger.client.post(`/${bob.user.id}/save-notification`, {
      ...body,
      senderid: stranger.user.id,
    });
    expect(intruder.status).toBe(404);
    expect((await bob.client.get('/notifications')).body.count).toBe(0);

    const anonymous = t.client();
    expect((await anonymous.get('/notifications')).status).toBe(401);
    expect((await anonymous.post('/reset-notifications-count', {})).status).toBe(401);
    expect((await anonymous.post('/clear-notifications', {})).status).toBe(401);
  });

  it('tells an away handler about client messages (one entry per ticket), not an online one; and about ratings', async () => {
    const { addAgent, company } = await seedCompany(t);
    const handler = await addAgent({ firstName: 'Hana' });
    const ivan = clientOf(company.id, 'Ivan');

    const first = await ivan.say('Hello, my parcel is lost');
    if (first.outcome !== 'appended') throw new Error(`unexpected ${first.outcome}`);
    const ticketId = first.ticketId;
    const accepted = await handler.client.post('/acceptTicket', { ticketid: ticketId });
    expect(accepted.status).toBe(200);

    // Online (a workspace socket is open): nothing for the inbox.
    const live = await connectLive(t.baseUrl, handler.client);
    await ivan.say('Are you there?');
    await eventually(async () => (await handler.client.get(`/${ticketId}/0/chat`)).body.sections.length > 0);
    // The check runs after the commit, off the intake's path: give it time to (wrongly) store something.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await handler.client.get('/notifications')).body.count).toBe(0);
    // Away: the socket closed and the grace period passed.
    live.close();
    await eventually(async () => !(await t.services.realtime.isOnline(company.id, handler.user.id)), 10_000);
    await ivan.say('Hello???');
    await ivan.say('Anyone?', { recorded: true });
    const inbox = await eventually(async () => {
      const reply = await handler.client.get('/notifications');
      return reply.body.sections[0]?.notifications[0]?.content === 'Anyone?' ? reply.body : undefined;
    });
    expect(inbox.count).toBe(1);
    expect(inbox.sections[0].notifications).toEqual([
      expect.objectContaining({
        type: 'text',
        name: 'Ivan',
        ticketid: ticketId,
        ticket_platform: 'telegram',
        ticket_created_on: accepted.body.ticket.created_on,
        senderid: null,
      }),
    ]);

    // Closed and rated: a rating entry for the handler, live.
    const back = await connectLive(t.baseUrl, handler.client);
    expect((await handler.client.post('/close-ticket', { ticketid: ticketId })).status).toBe(200);
    expect((await t.services.intake.rate(ivan.origin, ticketId, 2)).outcome).toBe('rated');
    const rated = await back.waitFor('newNotification', (p) => p.notification.type === 'rating');
    expect(rated.notification).toMatchObject({ name: 'Ivan', rating: 2, ticketid: ticketId });
    expect(rated.count).toBe(2);
    back.close();
  });
});
