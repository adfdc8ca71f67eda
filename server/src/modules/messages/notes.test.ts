import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionToken, TICKET_NOT_FOUND } from '@kreechat/contract';
import { messages, notifications, outbox } from '../../db/schema';
import { textUpdate } from '../../../test/fakes/telegram/updates';
import { textMessage, wamid } from '../../../test/fakes/whatsapp/webhooks';
import { seedCompany, type TestApp, type TestClient } from '../../../test/harness';
import { connectLive } from '../../../test/live';
import { companyWithBot, deliver, startTelegramWorld, type World } from '../../../test/telegram-world';
import { clientSays, companyWithNumber, startWhatsAppWorld, type WhatsAppWorld } from '../../../test/whatsapp-world';
import { connectWidget, startWordpressWorld } from '../../../test/wordpress-world';

let chatCounter = 910_000;
let phoneCounter = 447_700_900_000;

async function writeNote(agent: TestClient, ticketid: string, content: string) {
  const reply = await agent.post('/send-note', { ticketid, content });
  if (reply.status !== 200) throw new Error(`send-note: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.message as { messageid: string; type: string; content: string };
}

async function outboxRowsOf(t: TestApp, messageId: string) {
  return t.database.db.select().from(outbox).where(eq(outbox.messageId, messageId));
}

describe('internal notes on Telegram', () => {
  let world: World;
  beforeAll(async () => {
    world = await startTelegramWorld('polling');
  });
  afterAll(async () => world?.close());

  async function acceptedTicket() {
    const company = await companyWithBot(world);
    const agent = await company.addAgent({ departmentId: company.department.id, firstName: 'Ann' });
    const chatId = ++chatCounter;
    const live = await connectLive(world.t.baseUrl, agent.client);
    await deliver(
      world,
      company.bot,
      textUpdate({ updateId: world.fake.nextUpdateId(company.bot.token), chatId, text: 'Where is my parcel?' }),
    );
    const { ticket } = await live.waitFor('newTicket');
    await agent.client.post('/acceptTicket', { ticketid: ticket.ticketid });
    return { ...company, agent, chatId, live, ticketid: ticket.ticketid };
  }

  it('never reaches the bot: no outbox row, no Bot API call, while the reply beside it goes out', async () => {
    const { agent, bot, chatId, ticketid, live } = await acceptedTicket();
    const note = await writeNote(agent.client, ticketid, 'Secret-TG: customer is a VIP, refund without asking');
    expect(note).toMatchObject({ type: 'note', isagent: true, senderid: agent.user.id, delivery_status: 'sent' });
    await live.waitFor('newMessage', (p) => p.message.messageid === note.messageid);
    await agent.client.post('/send-message', { ticketid, content: 'We are on it' });
    await world.fake.waitForCall(
      bot.token,
      'sendMessage',
      (c) => String(c.params.chat_id) === String(chatId) && c.params.text === 'We are on it',
    );
    await world.t.services.worker.idle();
    expect(await outboxRowsOf(world.t, note.messageid)).toEqual([]);
    expect(JSON.stringify(world.fake.calls(bot.token))).not.toContain('Secret-TG');

    // In the agents' chat.
    const chat = await agent.client.get(`/${ticketid}/0/chat`);
    const all = chat.body.sections.flatMap((s: { messages: { messageid: string }[] }) => s.messages);
    expect(all.map((m: { messageid: string }) => m.messageid)).toContain(note.messageid);
    live.close();
  });

  it('any agent who sees the ticket writes notes, searchable and pinnable; others and other companies get 404', async () => {
    const { agent, addAgent, department, adminClient, ticketid, live } = await acceptedTicket();
    live.close();
    const colleague = await addAgent({ departmentId: department.id, firstName: 'Cid' });
    const fromColleague = await writeNote(colleague.client, ticketid, 'Checked the warehouse: parcel lost');
    expect(fromColleague.type).toBe('note');
    expect((await colleague.client.post('/send-message', { ticketid, content: 'hi' })).status).toBe(403);

    const found = await agent.client.get(`/search-message?ticketid=${ticketid}&keyword=warehouse`);
    expect(found.body.map((m: { messageid: string }) => m.messageid)).toEqual([fromColleague.messageid]);

    const pinned = await agent.client.post(`/${ticketid}/pin-message`, { messageid: fromColleague.messageid });
    expect(pinned.status).toBe(200);
    expect(pinned.body.pin).toMatchObject({ messageid: fromColleague.messageid, type: 'note' });
    const pins = await adminClient.get(`/${ticketid}/get-pinned-msg`);
    expect(pins.body.map((p: { messageid: string }) => p.messageid)).toContain(fromColleague.messageid);

    const other = await seedCompany(world.t, { name: 'Other Co' });
    const refused = await other.adminClient.post('/send-note', { ticketid, content: 'peeking' });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(TICKET_NOT_FOUND);
    expect((await other.adminClient.get(`/note-mentions?ticketid=${ticketid}`)).status).toBe(404);
    expect((await other.adminClient.get(`/search-message?ticketid=${ticketid}&keyword=warehouse`)).status).toBe(404);
    expect((await agent.client.post('/send-note', { ticketid, content: '   ' })).status).toBe(400);
  });

  it('a mention notifies a colleague who sees the ticket (live, inbox); others mentioned are ignored', async () => {
    const { agent, addAgent, department, ticketid, company, admin, live } = await acceptedTicket();
    live.close();
    const bea = await addAgent({ departmentId: department.id, firstName: 'Bea' });
    const otherDept = await world.t.services.departments.create(company.id, 'Billing');
    const outsider = await addAgent({ departmentId: otherDept.id, firstName: 'Out' });
    const beaLive = await connectLive(world.t.baseUrl, bea.client);
    const outsiderLive = await connectLive(world.t.baseUrl, outsider.client);

    const mentionable = await agent.client.get(`/note-mentions?ticketid=${ticketid}`);
    expect(mentionable.status).toBe(200);
    const ids = mentionable.body.agents.map((a: { userid: string }) => a.userid);
    expect(ids).toEqual(expect.arrayContaining([bea.user.id, admin.id]));
    expect(ids).not.toContain(outsider.user.id);
    expect(ids).not.toContain(agent.user.id);

    const text =
      `${mentionToken(bea.user.id, 'Bea Agent')} please call them; ` +
      `${mentionToken(outsider.user.id, 'Out Agent')} ${mentionToken(agent.user.id, 'Ann Agent')} ` +
      `${mentionToken(randomUUID(), 'Nobody')} ${mentionToken(bea.user.id, 'Bea Agent')}`;
    const note = await writeNote(agent.client, ticketid, text);
    expect(note.content).toBe(text);

    const heard = await beaLive.waitFor('newNotification', (p) => p.notification.type === 'mention');
    expect(heard.notification).toMatchObject({
      type: 'mention',
      name: 'Ann Agent',
      ticketid,
      senderid: agent.user.id,
      content: '@Bea Agent please call them; @Out Agent @Ann Agent @Nobody @Bea Agent',
    });
    expect(heard.count).toBe(1);
    const inbox = await bea.client.get('/notifications');
    expect(inbox.body.count).toBe(1);
    expect(inbox.body.sections[0].notifications[0]).toMatchObject({ type: 'mention', ticketid });

    // One entry for Bea however often she is named; nobody else's inbox got one.
    const rows = await world.t.database.db.select().from(notifications).where(eq(notifications.ticketId, ticketid));
    expect(rows.filter((r) => r.type === 'mention').map((r) => r.userId)).toEqual([bea.user.id]);
    await world.t.services.worker.idle();
    expect(outsiderLive.of('newNotification')).toEqual([]);
    expect((await outsider.client.get('/notifications')).body.count).toBe(0);
    // The outsider cannot read the note either.
    expect((await outsider.client.get(`/${ticketid}/0/chat`)).status).toBe(404);
    expect(outsiderLive.of('newMessage')).toEqual([]);
    beaLive.close();
    outsiderLive.close();
  });
});

describe('internal notes on WhatsApp', () => {
  let world: WhatsAppWorld;
  beforeAll(async () => {
    world = await startWhatsAppWorld();
  });
  afterAll(async () => world?.close());

  it('never reaches the Graph API, while the reply beside it does', async () => {
    const { business, addAgent, department } = await companyWithNumber(world);
    const agent = await addAgent({ departmentId: department.id });
    const live = await connectLive(world.t.baseUrl, agent.client);
    const from = String(++phoneCounter);
    await clientSays(world, business, { ...textMessage({ from, body: 'My screen broke' }), id: wamid(from) });
    const { ticket } = await live.waitFor('newTicket');
    await agent.client.post('/acceptTicket', { ticketid: ticket.ticketid });

    const note = await writeNote(agent.client, ticket.ticketid, 'Secret-WA: warranty expired last week');
    await agent.client.post('/send-message', { ticketid: ticket.ticketid, content: 'Sorry to hear that' });
    await world.fake.waitForSent((m) => m.waId === from && m.type === 'text');
    await world.t.services.worker.idle();
    expect(await outboxRowsOf(world.t, note.messageid)).toEqual([]);
    expect(world.fake.sent({ to: from }).map((m) => m.request)).toEqual([
      expect.objectContaining({ text: expect.objectContaining({ body: 'Sorry to hear that' }) }),
    ]);
    expect(JSON.stringify(world.fake.sent())).not.toContain('Secret-WA');
    live.close();
  });
});

describe('internal notes on the WordPress widget', () => {
  let world: Awaited<ReturnType<typeof startWordpressWorld>>;
  beforeAll(async () => {
    world = await startWordpressWorld({ listen: true });
  });
  afterAll(async () => world?.close());

  it('are not in the visitor’s messages, live events or files', async () => {
    const visitor = await world.visitor({ guest: { name: 'Gus', email: 'gus@example.test' } });
    const widget = await connectWidget(world.t.baseUrl, visitor.session!);
    expect(widget.error).toBeUndefined();
    expect((await visitor.send('Hello from the shop')).status).toBe(200);
    const agent = await world.addAgent({ departmentId: world.department.id });
    const [ticket] = (await agent.client.get('/tickets')).body as { ticketid: string }[];
    await agent.client.post('/acceptTicket', { ticketid: ticket!.ticketid });

    const note = await writeNote(agent.client, ticket!.ticketid, 'Secret-WP: guest again, be brief');
    await world.reply(agent.client, ticket!.ticketid, 'Hi Gus!');
    await widget.waitFor('message', (m) => m.text === 'Hi Gus!');
    await world.t.services.worker.idle();

    const history = await visitor.messages();
    expect(history.messages.map((m: { text: string }) => m.text)).toEqual(['Hello from the shop', 'Hi Gus!']);
    expect(JSON.stringify(await visitor.messages(`?after=0`))).not.toContain('Secret-WP');
    expect(JSON.stringify(widget.heard)).not.toContain('Secret-WP');
    expect((await visitor.get(`/widget/files/${note.messageid}`)).status).toBe(404);
    const [stored] = await world.t.database.db.select().from(messages).where(eq(messages.id, note.messageid));
    expect(stored?.type).toBe('note');
    widget.close();
  });
});
