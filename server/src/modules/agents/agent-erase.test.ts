/**
 * Erasing a former agent's personal data, through the real app: only a disabled agent of the admin's own company,
 * never oneself; afterwards no name, e-mail, password, photo, session, push subscription or bubble is left, the
 * agent's messages and tickets read "Former agent", and the account cannot come back.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AGENT_ERASE_MESSAGES, mentionToken, type Message } from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRecords, bubbles, messages, notifications, pushSubscriptions, sessions, users } from '../../db/schema';
import { verifyPassword } from '../../platform/passwords';
import { startFakePushService, type FakePushService } from '../../../test/fakes/push/fake-push-service';
import { seedCompany, startTestApp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../../test/harness';
import { erasedEmail } from './agent-erase.service';

let t: TestApp;
let push: FakePushService;
let home: Awaited<ReturnType<typeof seedCompany>>;
let rival: Awaited<ReturnType<typeof seedCompany>>;

beforeAll(async () => {
  push = await startFakePushService();
  t = await startTestApp({ PUSH_ENDPOINT_HOSTS: push.hostRule });
  home = await seedCompany(t, { name: 'Home' });
  rival = await seedCompany(t, { name: 'Rival' });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** An agent who worked here: a photo, a bubble, a push subscription, a handled and closed ticket, a private note. */
async function formerColleague() {
  const agent = await home.addAgent({ firstName: 'Nia' });
  const carl = await home.addAgent({ firstName: 'Carl' });
  const picture = new FormData();
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c63' } })
    .png()
    .toBuffer();
  picture.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
  expect((await agent.client.postForm('/auth/change-profile-pic', picture)).status).toBe(200);
  expect((await agent.client.post('/create-bubble', { name: 'Hi', content: 'Hello, Nia here!' })).status).toBe(200);
  const key = (await agent.client.get('/push/public-key')).body.publicKey as string;
  expect((await agent.client.post('/subscribe', push.subscribe(key))).status).toBe(200);

  const opened = await t.services.intake.receive(
    {
      companyId: home.company.id,
      platform: 'telegram',
      channelRef: 'test-bot',
      client: { externalId: randomUUID(), name: 'Ivan Petrov', language: 'en' },
    },
    { externalId: randomUUID(), sentAt: t.clock.now(), content: { type: 'text', text: 'Where is my parcel?' } },
  );
  if (opened.outcome !== 'appended') throw new Error(`intake answered ${opened.outcome}`);
  const ticketId = opened.ticketId;
  expect((await agent.client.post('/acceptTicket', { ticketid: ticketId })).status).toBe(200);
  expect((await agent.client.post('/send-message', { ticketid: ticketId, content: 'On its way!' })).status).toBe(200);
  const note = `${mentionToken(carl.user.id, 'Carl Agent')} can you check the depot?`;
  expect((await agent.client.post('/send-note', { ticketid: ticketId, content: note })).status).toBe(200);
  const thanks = `${mentionToken(agent.user.id, 'Nia Agent')} thanks, done.`;
  expect((await carl.client.post('/send-note', { ticketid: ticketId, content: thanks })).status).toBe(200);
  expect((await agent.client.post('/close-ticket', { ticketid: ticketId })).status).toBe(200);
  expect((await agent.client.post('/create-private-msg', { receiverid: carl.user.id, content: 'Lunch?' })).status).toBe(
    200,
  );
  const photo = (await userRow(agent.user.id)).profilePic!;
  expect(photo).toBeTruthy();
  return { agent, carl, ticketId, photo };
}

describe('erasing a former agent', () => {
  it('is refused while the agent is enabled, on oneself, to non-admins and across companies', async () => {
    const { agent } = await formerColleague();
    const moderator = await home.addAgent({ role: 'moderator' });
    const erase = (id: string) => `/agents/${id}/erase`;
    expect(await home.adminClient.post(erase(agent.user.id))).toMatchObject({
      status: 409,
      body: { message: AGENT_ERASE_MESSAGES.notDisabled },
    });
    expect(await home.adminClient.post(erase(home.admin.id))).toMatchObject({
      status: 403,
      body: { message: AGENT_ERASE_MESSAGES.ownAccount },
    });
    expect((await home.adminClient.post('/auth/delete-agent', { userid: agent.user.id })).status).toBe(200);
    const colleague = await home.addAgent();
    expect((await colleague.client.post(erase(agent.user.id))).status).toBe(403);
    expect((await moderator.client.post(erase(agent.user.id))).status).toBe(403);
    expect((await t.client().post(erase(agent.user.id))).status).toBe(401);
    // Another company's admin: no such agent, and nothing changed.
    expect(await rival.adminClient.post(erase(agent.user.id))).toMatchObject({
      status: 404,
      body: { message: 'Agent not found' },
    });
    expect(await home.adminClient.post(erase(randomUUID()))).toMatchObject({ status: 404 });
    expect((await home.adminClient.post('/agents/not-an-id/erase')).status).toBe(400);
    const row = await userRow(agent.user.id);
    expect(row.erasedAt).toBeNull();
    expect(row.email).toBe(agent.email);
  });

  it('leaves no personal data, keeps the work as "Former agent", and the account cannot come back', async () => {
    const { agent, carl, ticketId, photo } = await formerColleague();
    expect((await t.services.storage.open(home.company.id, photo)) !== undefined).toBe(true);
    expect((await home.adminClient.post('/auth/delete-agent', { userid: agent.user.id })).status).toBe(200);

    const erased = await home.adminClient.post(`/agents/${agent.user.id}/erase`);
    expect(erased).toMatchObject({
      status: 200,
      body: { userid: agent.user.id, erased_on: t.clock.now().toISOString() },
    });

    const row = await userRow(agent.user.id);
    expect(row).toMatchObject({
      firstName: 'Former',
      lastName: 'agent',
      email: erasedEmail(agent.user.id),
      profilePic: null,
      erasedAt: t.clock.now(),
    });
    expect(row.disabledAt).not.toBeNull();
    expect(await verifyPassword(row.passwordHash, STRONG_PASSWORD)).toBe(false);
    expect(await t.services.storage.open(home.company.id, photo)).toBeUndefined();
    const db = t.database.db;
    expect(await db.select().from(sessions).where(eq(sessions.userId, agent.user.id))).toEqual([]);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, agent.user.id))).toEqual([]);
    expect(await db.select().from(bubbles).where(eq(bubbles.userId, agent.user.id))).toEqual([]);

    // Login is impossible with the old address, the placeholder, or any password.
    for (const email of [agent.email, erasedEmail(agent.user.id)]) {
      expect((await t.client().post('/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(401);
    }
    expect((await agent.client.get('/auth/validate')).body.status).toBe('invalid');

    // The work stays, by "Former agent": the chat, the ticket's close note and closer, Carl's notification.
    const chat = await home.adminClient.get(`/${ticketId}/0/chat`);
    const chatMessages = (chat.body.sections as { messages: Message[] }[]).flatMap((s) => s.messages);
    const byAgent = chatMessages.filter((m) => m.senderid === agent.user.id);
    expect(byAgent.map((m) => [m.type, m.created_by, m.content])).toEqual([
      ['text', 'Former agent', 'On its way!'],
      ['note', 'Former agent', expect.stringContaining('can you check the depot?')],
      ['close', 'Former agent', 'Ticket closed by Former agent'],
    ]);
    const found = await home.adminClient.get(`/search-ticket/${encodeURIComponent('Ivan Petrov')}/closed`);
    const ticket = (found.body as { ticketid: string; closed_by_name: string }[]).find((x) => x.ticketid === ticketId);
    expect(ticket?.closed_by_name).toBe('Former agent');
    const fromAgent = await db
      .select({ name: notifications.name })
      .from(notifications)
      .where(eq(notifications.senderId, agent.user.id));
    expect(fromAgent.length).toBeGreaterThan(0);
    expect(fromAgent.every((n) => n.name === 'Former agent')).toBe(true);
    expect(JSON.stringify((await carl.client.get('/notifications')).body)).not.toContain('Nia');
    const stillMessages = await db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.createdById, agent.user.id));
    expect(stillMessages.length).toBe(3);
    // Mentioned by a colleague: the note keeps the mention, by the new name; the agent's own inbox is gone.
    const carlsNote = chatMessages.find((m) => m.senderid === carl.user.id && m.type === 'note');
    expect(carlsNote?.content).toBe(`${mentionToken(agent.user.id, 'Former agent')} thanks, done.`);
    expect(await db.select().from(notifications).where(eq(notifications.userId, agent.user.id))).toEqual([]);

    // Nowhere among colleagues; in the admin table as erased, with no address of theirs.
    const colleagues = (await carl.client.get('/auth/agents')).body as { id: string }[];
    expect(colleagues.map((c) => c.id)).not.toContain(agent.user.id);
    const listed = (
      (await home.adminClient.get('/admin/get-all-agents')).body.agents as Record<string, unknown>[]
    ).find((a) => a.userid === agent.user.id);
    expect(listed).toMatchObject({
      first_name: 'Former',
      last_name: 'agent',
      email: erasedEmail(agent.user.id),
      erased_on: t.clock.now().toISOString(),
      profile_pic: null,
    });

    // Recorded: the admin did it, to this agent; the admin's profile lists it.
    const recorded = await db
      .select()
      .from(actionRecords)
      .where(and(eq(actionRecords.companyId, home.company.id), eq(actionRecords.actionType, 'agent_erase')));
    expect(recorded.map((r) => [r.userId, r.subjectUserId])).toContainEqual([home.admin.id, agent.user.id]);
    const adminProfile = await home.adminClient.get(`/admin/${home.admin.id}/get-user`);
    expect(adminProfile.status).toBe(200);
    expect(adminProfile.body.actions.map((a: { action_type: string }) => a.action_type)).toContain('agent_erase');

    // The account stays as it is: not enabled, edited, promoted or erased again.
    for (const [call, body] of [
      ['/auth/delete-agent', { userid: agent.user.id }],
      ['/auth/set-admin', { userid: agent.user.id }],
    ] as const) {
      expect(await home.adminClient.post(call, body)).toMatchObject({
        status: 409,
        body: { message: AGENT_ERASE_MESSAGES.erased },
      });
    }
    const update = await home.adminClient.put('/auth/update-account', {
      userid: agent.user.id,
      email: uniqueEmail('back'),
      first_name: 'Nia',
      last_name: 'Again',
      departmentid: home.department.id,
    });
    expect(update).toMatchObject({ status: 409, body: { message: AGENT_ERASE_MESSAGES.erased } });
    expect(await home.adminClient.post(`/agents/${agent.user.id}/erase`)).toMatchObject({
      status: 409,
      body: { message: AGENT_ERASE_MESSAGES.erased },
    });
    expect((await userRow(agent.user.id)).disabledAt).not.toBeNull();

    // The old address is free for a new account.
    const again = await home.adminClient.post('/auth/register', {
      email: agent.email,
      pass: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      firstName: 'Nia',
      lastName: 'Returning',
      department: home.department.id,
    });
    expect(again.status).toBe(200);
  });
});
