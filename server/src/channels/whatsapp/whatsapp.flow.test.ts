import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, inboundUpdates, messages, outbox, tickets, whatsappAccounts } from '../../db/schema';
import {
  buttonReplyMessage,
  imageMessage,
  messageStatus,
  statusPayload,
  reactionMessage,
  textMessage,
  wamid,
} from '../../../test/fakes/whatsapp/webhooks';
import { eventually, login, STRONG_PASSWORD } from '../../../test/harness';
import { connectLive } from '../../../test/live';
import {
  clientSays,
  companyWithNumber,
  processed,
  startWhatsAppWorld,
  VERIFY_TOKEN,
  type WhatsAppWorld,
} from '../../../test/whatsapp-world';

let phoneCounter = 5511_900_000_000;
const newClient = () => String(++phoneCounter);

describe('the WhatsApp core loop', () => {
  let world: WhatsAppWorld;
  beforeAll(async () => {
    world = await startWhatsAppWorld();
  });
  afterAll(async () => world?.close());

  it('connects a number with a system user token: subscribed, registered, the token sealed in the database', async () => {
    const { company, business, adminClient } = await companyWithNumber(world);
    const subscription = world.fake.subscription(business.wabaId);
    expect(subscription?.overrideCallbackUri).toBe(`${world.t.baseUrl}/api/webhooks/whatsapp`);
    // Already on the Cloud API (Graph's platform_type): not registered again (10 calls per 72 h per number).
    expect(world.fake.phoneNumber(business.phoneNumberId).registerCalls).toHaveLength(0);
    const [row] = await world.t.database.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.companyId, company.id));
    expect(row?.accessToken).not.toContain(business.token);
    expect(row?.registrationPin).toBeNull();

    const info = await adminClient.get('/whatsapp-setup');
    expect(info.body.numbers).toEqual([
      expect.objectContaining({ phoneNumberId: business.phoneNumberId, wabaId: business.wabaId }),
    ]);
    expect(JSON.stringify(info.body)).not.toContain(business.token);
    const numbers = await adminClient.get('/whatsapp-phone-numbers');
    expect(numbers.status).toBe(200);
    expect(numbers.body).toEqual([
      expect.objectContaining({
        id: business.phoneNumberId,
        verified_name: business.verifiedName,
        code_verification_status: 'VERIFIED',
        quality_rating: 'GREEN',
        throughput: { level: 'STANDARD' },
        webhook_status: true,
      }),
    ]);
  });

  it("refuses a wrong token with Graph's message, and a number another company holds", async () => {
    const { business } = await companyWithNumber(world);
    const other = await companyWithNumber(world);
    const wrong = await other.adminClient.post('/connect-whatsapp-number', {
      wabaId: other.business.wabaId,
      phoneNumberId: other.business.phoneNumberId,
      accessToken: 'EAAnot-a-token',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/token/i);
    const taken = await other.adminClient.post('/connect-whatsapp-number', {
      wabaId: business.wabaId,
      phoneNumberId: business.phoneNumberId,
      accessToken: business.token,
    });
    expect(taken.status).toBe(409);
  });

  it('embedded signup: the code is exchanged once, the token waits for this session, then the number connects', async () => {
    const { adminClient, company } = await companyWithNumber(world);
    const waba = world.fake.addWaba();
    const phone = world.fake.addPhoneNumber(waba);
    const code = world.fake.issueCode({ wabaIds: [waba] });
    expect((await adminClient.post('/setup-whatsapp', { token: code })).body).toEqual({ status: 'ok' });
    // The code is single use (Meta's own rule): a second exchange is refused with Graph's message.
    const again = await adminClient.post('/setup-whatsapp', { token: code });
    expect(again.status).toBe(400);
    const done = await adminClient.post('/setup-whatsapp-webhook', {
      business_data: { phone_number_id: phone.phoneNumberId, waba_id: waba, business_id: '777' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ phoneNumberId: phone.phoneNumberId, wabaId: waba });
    const rows = await world.t.database.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.companyId, company.id));
    expect(rows.map((r) => r.phoneNumberId)).toContain(phone.phoneNumberId);
    // The held token was used up: the second call alone finds nothing.
    const stale = await adminClient.post('/setup-whatsapp-webhook', {
      business_data: { phone_number_id: phone.phoneNumberId, waba_id: waba },
    });
    expect(stale.status).toBe(409);
  });

  it('refuses an authorization code of 100,000 characters with a 400, before asking Graph', async () => {
    const { adminClient } = await companyWithNumber(world);
    const huge = await adminClient.post('/setup-whatsapp', { token: 'A'.repeat(100_000) });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toMatch(/authorization code is too long/);
  });

  it("answers Meta's verification handshake with our token only", async () => {
    const url = `${world.t.baseUrl}/api/webhooks/whatsapp`;
    const ok = await world.fake.verifyCallback(url, VERIFY_TOKEN, 'challenge-123');
    expect(ok).toMatchObject({ status: 200, body: 'challenge-123' });
    expect((await world.fake.verifyCallback(url, 'wrong', 'x')).status).toBe(403);
  });

  it('a client writes, the agent accepts and replies, receipts tick in any order, close, rate with a button', async () => {
    const { business, addAgent, department } = await companyWithNumber(world);
    const agent = await addAgent({ departmentId: department.id });
    const live = await connectLive(world.t.baseUrl, agent.client);
    const from = newClient();

    await clientSays(
      world,
      business,
      { ...textMessage({ from, body: 'Hola, my screen broke' }), id: wamid(from) },
      'Ana',
    );
    const { ticket } = await live.waitFor('newTicket');
    expect(ticket).toMatchObject({ client_name: 'Ana', platform: 'whatsapp', stage: 'pending' });

    await agent.client.post('/acceptTicket', { ticketid: ticket.ticketid });
    const reply = await agent.client.post('/send-message', { ticketid: ticket.ticketid, content: 'Sorry! Checking.' });
    expect(reply.status).toBe(200);
    const sent = await world.fake.waitForSent((m) => m.waId === from && m.type === 'text');
    expect(sent.request).toMatchObject({ to: from, text: { body: 'Sorry! Checking.' } });
    await live.waitFor(
      'messageStatus',
      (p) => p.message.messageid === reply.body.message.messageid && p.message.delivery_status === 'sent',
    );

    // Read before delivered: the furthest state wins, and a late 'delivered' does not move it back.
    await world.fake.deliverStatus(sent.wamid, 'read');
    await live.waitFor(
      'messageStatus',
      (p) => p.message.messageid === reply.body.message.messageid && p.message.delivery_status === 'read',
    );
    await world.fake.deliverStatus(sent.wamid, 'delivered');
    await eventually(() => processed(world.t, business.phoneNumberId, `status:${sent.wamid}:delivered`));
    const [stored] = await world.t.database.db
      .select({ status: messages.deliveryStatus })
      .from(messages)
      .where(eq(messages.id, reply.body.message.messageid));
    expect(stored?.status).toBe('read');

    // Close: three rating buttons; the client taps the third.
    await agent.client.post('/close-ticket', { ticketid: ticket.ticketid });
    const closing = await world.fake.waitForSent((m) => m.waId === from && m.type === 'interactive');
    const buttons = (
      closing.request as { interactive: { action: { buttons: { reply: { id: string; title: string } }[] } } }
    ).interactive.action.buttons;
    expect(buttons).toHaveLength(3);
    const tap = buttonReplyMessage({
      from,
      reply: buttons[2]!.reply,
      context: { from: business.displayPhoneNumber, id: closing.wamid },
    });
    await clientSays(world, business, { ...tap, id: wamid(from) });
    await eventually(async () => {
      const [row] = await world.t.database.db.select().from(tickets).where(eq(tickets.id, ticket.ticketid));
      return row?.rating === 3;
    });
    live.close();
  });

  it('asks for the department with reply buttons when there are several, and holds the message until chosen', async () => {
    const { business, company } = await companyWithNumber(world);
    const billing = await world.t.services.departments.create(company.id, 'Billing and invoices department');
    const from = newClient();
    await clientSays(world, business, { ...textMessage({ from, body: 'Where is my invoice?' }), id: wamid(from) });
    const question = await world.fake.waitForSent((m) => m.waId === from && m.type === 'interactive');
    const action = (
      question.request as {
        interactive: { type: string; action: { buttons: { reply: { id: string; title: string } }[] } };
      }
    ).interactive;
    expect(action.type).toBe('button');
    const titles = action.action.buttons.map((b) => b.reply.title);
    expect(titles).toContain('General');
    expect(titles.every((title) => [...title].length <= 20)).toBe(true);
    // A receipt for a message KreeChat never sent (the number is also used elsewhere) is taken and dropped at once.
    const foreign = wamid(from);
    const report = await world.fake.deliver(
      statusPayload(business, [messageStatus({ id: foreign, status: 'delivered', recipientId: from })]),
    );
    expect(report.delivered).toBe(true);
    await eventually(() => processed(world.t, business.phoneNumberId, `status:${foreign}:delivered`), 1_000);
    // The question's own receipts are known at once (a bot text has no message row, but its wamid is kept).
    await world.fake.deliverStatus(question.wamid, 'read');
    await eventually(() => processed(world.t, business.phoneNumberId, `status:${question.wamid}:read`), 1_500);
    const choice = action.action.buttons.find((b) => b.reply.id.includes(billing.id))!;
    const tap = buttonReplyMessage({
      from,
      reply: choice.reply,
      context: { from: business.displayPhoneNumber, id: question.wamid },
    });
    await clientSays(world, business, { ...tap, id: wamid(from) });
    const [client] = await world.t.database.db.select().from(clients).where(eq(clients.companyId, company.id));
    const [ticket] = await world.t.database.db.select().from(tickets).where(eq(tickets.clientId, client!.id));
    expect(ticket?.departmentId).toBe(billing.id);
    const held = await world.t.database.db.select().from(messages).where(eq(messages.ticketId, ticket!.id));
    expect(held.map((m) => m.content)).toContain('Where is my invoice?');
  });

  it('stores a redelivered message once, and refuses a bad signature storing nothing', async () => {
    const { business, company } = await companyWithNumber(world);
    const from = newClient();
    const message = { ...textMessage({ from, body: 'only once' }), id: wamid(from) };
    const payload = world.fake.inboundPayload(business.phoneNumberId, message);
    const reports = await world.fake.deliverDuplicates(payload, { copies: 3, concurrent: true });
    expect(reports.every((r) => r.delivered)).toBe(true);
    await eventually(() => processed(world.t, business.phoneNumberId, message.id));
    await world.t.services.whatsapp.idle();
    const stored = await world.t.database.db.select().from(messages).where(eq(messages.companyId, company.id));
    expect(stored.filter((m) => m.content === 'only once')).toHaveLength(1);

    const forged = { ...textMessage({ from, body: 'forged' }), id: wamid(from) };
    const refused = await world.fake.deliver(world.fake.inboundPayload(business.phoneNumberId, forged), {
      signature: 'sha256=' + '0'.repeat(64),
      attempts: 1,
    });
    expect(refused.attempts[0]?.status).toBe(401);
    const missing = await world.fake.deliver(world.fake.inboundPayload(business.phoneNumberId, forged), {
      signature: null,
      attempts: 1,
    });
    expect(missing.attempts[0]?.status).toBe(401);
    const rows = await world.t.database.db.select().from(inboundUpdates).where(eq(inboundUpdates.updateId, forged.id));
    expect(rows).toHaveLength(0);
  });

  it("downloads a client's image with the number's token, and takes reactions and their removal", async () => {
    const { business, company, addAgent, department } = await companyWithNumber(world);
    const agent = await addAgent({ departmentId: department.id });
    const from = newClient();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const media = world.fake.addMedia(png, 'image/png', { phoneNumberId: business.phoneNumberId });
    const image = {
      ...imageMessage({ from, media: world.fake.mediaRef(media), caption: 'the crack' }),
      id: wamid(from),
    };
    await clientSays(world, business, image);
    const [stored] = await world.t.database.db.select().from(messages).where(eq(messages.externalId, image.id));
    expect(stored).toMatchObject({ type: 'image', content: 'the crack' });
    expect(stored?.filePath).toBeTruthy();
    expect(world.fake.downloads().some((d) => d.mediaId === media && d.status === 200)).toBe(true);

    const [ticket] = await world.t.database.db.select().from(tickets).where(eq(tickets.id, stored!.ticketId));
    await agent.client.post('/acceptTicket', { ticketid: ticket!.id });
    const reply = await agent.client.post('/send-message', { ticketid: ticket!.id, content: 'Got it' });
    const sent = await world.fake.waitForSent((m) => m.waId === from && m.type === 'text');
    await eventually(async () => {
      const [row] = await world.t.database.db
        .select()
        .from(messages)
        .where(eq(messages.id, reply.body.message.messageid));
      return row?.externalId === sent.wamid;
    });
    // A reply quotes the message it answers (`context.id`), in the stored chat and in the live event.
    const live = await connectLive(world.t.baseUrl, agent.client);
    const answer = {
      ...textMessage({ from, body: 'yes, that one', context: { from: business.displayPhoneNumber, id: sent.wamid } }),
      id: wamid(from),
    };
    await clientSays(world, business, answer);
    const quoted = await live.waitFor('newMessage', (p) => p.message.content === 'yes, that one');
    expect(quoted.message.reply_to).toMatchObject({ content: 'Got it', isagent: true });
    const history = await agent.client.get(`/${ticket!.id}/0/chat`);
    const all = history.body.sections.flatMap((section: { messages: { content: string }[] }) => section.messages);
    expect(all.find((m: { content: string }) => m.content === 'yes, that one').reply_to).toMatchObject({
      content: 'Got it',
    });
    live.close();
    await clientSays(world, business, {
      ...reactionMessage({ from, messageId: sent.wamid, emoji: '👍' }),
      id: wamid(from),
    });
    const [liked] = await world.t.database.db.select().from(messages).where(eq(messages.externalId, sent.wamid));
    expect(liked?.reaction).toBe('👍');
    await clientSays(world, business, { ...reactionMessage({ from, messageId: sent.wamid }), id: wamid(from) });
    const [unliked] = await world.t.database.db.select().from(messages).where(eq(messages.externalId, sent.wamid));
    expect(unliked?.reaction).toBeNull();
    expect(company.id).toBeTruthy();
  });

  it('retries a send Meta rate-limits (130429, 131056) and delivers it once', async () => {
    const { business, addAgent, department } = await companyWithNumber(world);
    const agent = await addAgent({ departmentId: department.id });
    const from = newClient();
    await clientSays(world, business, { ...textMessage({ from, body: 'hello' }), id: wamid(from) });
    const [ticket] = await world.t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.channelRef, (await accountId(world, business.phoneNumberId))!));
    await agent.client.post('/acceptTicket', { ticketid: ticket!.id });
    world.fake.failNextSends(130429, 1);
    world.fake.failNextSends(131056, 1);
    const reply = await agent.client.post('/send-message', { ticketid: ticket!.id, content: 'after the limit' });
    // 130429 waits about a second, the pair limit about six (channel-apis.md §2.11); the test's clock moves on.
    for (const wait of [1_000, 6_000]) {
      await eventually(
        () =>
          world.fake.requests().filter((r) => r.path.endsWith('/messages') && r.status !== 200).length >=
          (wait === 1_000 ? 1 : 2),
      );
      await world.t.services.worker.idle();
      world.t.clock.advance(wait);
      world.t.services.worker.kick();
    }
    await eventually(async () => {
      const [row] = await world.t.database.db
        .select()
        .from(messages)
        .where(eq(messages.id, reply.body.message.messageid));
      return row?.deliveryStatus === 'sent';
    }, 20_000);
    expect(world.fake.sent({ to: from }).filter((m) => m.type === 'text')).toHaveLength(1);
  });

  it('keeps a number whose webhook is switched off quiet, and another company cannot switch it', async () => {
    const { business, adminClient, company } = await companyWithNumber(world);
    const other = await companyWithNumber(world);
    expect(
      (await other.adminClient.post('/toggle-phone-number-webhook', { phoneNumberId: business.phoneNumberId })).status,
    ).toBe(404);
    expect((await other.adminClient.get(`/${business.phoneNumberId}/get-business-profile`)).status).toBe(404);
    const agent = await other.addAgent();
    expect((await agent.client.get('/whatsapp-phone-numbers')).status).toBe(403);

    const off = await adminClient.post('/toggle-phone-number-webhook', { phoneNumberId: business.phoneNumberId });
    expect(off.body).toEqual({ webhook_status: false });
    expect(world.fake.phoneNumber(business.phoneNumberId).webhookOverride).toBeUndefined();
    const from = newClient();
    const quiet = { ...textMessage({ from, body: 'anyone?' }), id: wamid(from) };
    await clientSays(world, business, quiet);
    const stored = await world.t.database.db.select().from(messages).where(eq(messages.companyId, company.id));
    expect(stored.some((m) => m.content === 'anyone?')).toBe(false);
    const on = await adminClient.post('/toggle-phone-number-webhook', { phoneNumberId: business.phoneNumberId });
    expect(on.body).toEqual({ webhook_status: true });
  });

  it('stores and sends nothing for a number switched off right after its traffic, yet records receipts of our sends', async () => {
    const { business, adminClient, company, addAgent, department } = await companyWithNumber(world);
    const agent = await addAgent({ departmentId: department.id });
    const known = newClient();
    await clientSays(world, business, { ...textMessage({ from: known, body: 'first' }), id: wamid(known) });
    const db = world.t.database.db;
    const [ticket] = await db.select().from(tickets).where(eq(tickets.companyId, company.id));
    await agent.client.post('/acceptTicket', { ticketid: ticket!.id });
    const reply = await agent.client.post('/send-message', { ticketid: ticket!.id, content: 'On it.' });
    const sent = await world.fake.waitForSent((m) => m.waId === known && m.type === 'text');
    const count = async () => ({
      clients: (await db.select().from(clients).where(eq(clients.companyId, company.id))).length,
      tickets: (await db.select().from(tickets).where(eq(tickets.companyId, company.id))).length,
      messages: (await db.select().from(messages).where(eq(messages.companyId, company.id))).length,
      outbox: (await db.select().from(outbox).where(eq(outbox.companyId, company.id))).length,
      sent: world.fake.sent({ phoneNumberId: business.phoneNumberId }).length,
    });
    const before = await count();

    // Switched off while the number's row is still fresh in the webhook's memory: Meta delivers anyway.
    await adminClient.post('/toggle-phone-number-webhook', { phoneNumberId: business.phoneNumberId });
    const stranger = newClient();
    await clientSays(world, business, { ...textMessage({ from: known, body: 'still there?' }), id: wamid(known) });
    await clientSays(world, business, { ...textMessage({ from: stranger, body: 'hello?' }), id: wamid(stranger) });
    const media = world.fake.addMedia(Buffer.from('img'), 'image/png', { phoneNumberId: business.phoneNumberId });
    await clientSays(world, business, {
      ...imageMessage({ from: stranger, media: world.fake.mediaRef(media) }),
      id: wamid(stranger),
    });
    expect(await count()).toEqual(before);

    await world.fake.deliverStatus(sent.wamid, 'read');
    await eventually(async () => {
      const [row] = await db.select().from(messages).where(eq(messages.id, reply.body.message.messageid));
      return row?.deliveryStatus === 'read';
    });
  });
});

async function accountId(world: WhatsAppWorld, phoneNumberId: string) {
  const [row] = await world.t.database.db
    .select({ id: whatsappAccounts.id })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.phoneNumberId, phoneNumberId));
  return row?.id;
}

describe('a WhatsApp number that must be registered', () => {
  let world: WhatsAppWorld;
  beforeAll(async () => {
    world = await startWhatsAppWorld();
  });
  afterAll(async () => world?.close());

  it('registers a number not yet on the Cloud API with a 6-digit PIN kept sealed for the company', async () => {
    const { seedCompany } = await import('../../../test/harness');
    const company = await seedCompany(world.t);
    const business = world.fake.addBusiness({ platformType: 'NOT_APPLICABLE' });
    const reply = await company.adminClient.post('/connect-whatsapp-number', {
      wabaId: business.wabaId,
      phoneNumberId: business.phoneNumberId,
      accessToken: business.token,
    });
    expect(reply.status).toBe(200);
    const state = world.fake.phoneNumber(business.phoneNumberId);
    expect(state.registered).toBe(true);
    expect(state.pin).toMatch(/^\d{6}$/);
    const [row] = await world.t.database.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.phoneNumberId, business.phoneNumberId));
    expect(row?.registrationPin).not.toContain(state.pin!);
  });
});

describe('the WhatsApp 24-hour window and read receipts', () => {
  let world: WhatsAppWorld;
  beforeAll(async () => {
    world = await startWhatsAppWorld();
  });
  afterAll(async () => world?.close());

  async function acceptedTicket() {
    const company = await companyWithNumber(world);
    const agent = await company.addAgent({ departmentId: company.department.id });
    const from = newClient();
    await clientSays(world, company.business, { ...textMessage({ from, body: 'first words' }), id: wamid(from) });
    const [ticket] = await world.t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.channelRef, (await accountId(world, company.business.phoneNumberId))!));
    await agent.client.post('/acceptTicket', { ticketid: ticket!.id });
    return { ...company, agent, from, ticket: ticket! };
  }

  it('opening the chat as the handler marks the client’s last message read on WhatsApp, once', async () => {
    const { agent, ticket, from } = await acceptedTicket();
    const [last] = await world.t.database.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    await agent.client.get(`/${ticket.id}/0/chat`);
    await agent.client.get(`/${ticket.id}/0/chat`);
    await eventually(() => world.fake.reads().some((r) => r.messageId === last!.externalId));
    await world.t.services.worker.idle();
    expect(world.fake.reads().filter((r) => r.messageId === last!.externalId)).toHaveLength(1);
    expect(from).toBeTruthy();
  });

  it('after 24 hours free text is refused by Meta (131047, shown with its reason); an approved template goes out', async () => {
    const { agent, ticket, from, business, adminClient } = await acceptedTicket();
    const open = await agent.client.get(`/${ticket.id}/whatsapp-window`);
    expect(open.body).toMatchObject({ open: true, templates: [] });

    const submitted = await adminClient.post('/submit-whatsapp-template', {
      template_title: 'Follow up',
      template_text: 'Hello! Do you still need help with your request?',
      language: 'en_US',
    });
    expect(submitted.body).toMatchObject({ name: 'follow_up', status: 'PENDING' });
    await world.fake.approveTemplate('follow_up');

    world.t.clock.advance(25 * 60 * 60 * 1000);
    // A day later the agent's session has long expired: they log in again.
    await login(agent.client, agent.email, STRONG_PASSWORD);
    const closed = await agent.client.get(`/${ticket.id}/whatsapp-window`);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.open, JSON.stringify({ body: closed.body, now: world.t.clock.now() })).toBe(false);
    expect(closed.body.templates).toEqual([
      { name: 'follow_up', language: 'en_US', body: 'Hello! Do you still need help with your request?' },
    ]);

    const late = await agent.client.post('/send-message', { ticketid: ticket.id, content: 'still there?' });
    await eventually(async () => {
      const [row] = await world.t.database.db
        .select()
        .from(messages)
        .where(eq(messages.id, late.body.message.messageid));
      return row?.deliveryStatus === 'failed' && /131047/.test(row.deliveryError ?? '');
    }, 10_000);

    const sent = await agent.client.post('/send-whatsapp-template', {
      ticketid: ticket.id,
      name: 'follow_up',
      language: 'en_US',
    });
    expect(sent.status).toBe(200);
    const template = await world.fake.waitForSent((m) => m.waId === from && m.type === 'template');
    expect(template.request).toMatchObject({ template: { name: 'follow_up', language: { code: 'en_US' } } });
    expect(template.failure).toBeUndefined();
    expect(sent.body.message.content).toBe('Hello! Do you still need help with your request?');
    // An unapproved or unknown template is refused before anything is sent.
    const unknown = await agent.client.post('/send-whatsapp-template', {
      ticketid: ticket.id,
      name: 'nope',
      language: 'en_US',
    });
    expect(unknown.status).toBe(400);
    expect(business.phoneNumberId).toBeTruthy();
  });

  it('keeps another department and another company out of the window and template calls', async () => {
    const { ticket, company, addAgent } = await acceptedTicket();
    const sales = await world.t.services.departments.create(company.id, 'Sales');
    const elsewhere = await addAgent({ departmentId: sales.id });
    expect((await elsewhere.client.get(`/${ticket.id}/whatsapp-window`)).status).toBe(404);
    expect(
      (await elsewhere.client.post('/send-whatsapp-template', { ticketid: ticket.id, name: 'x', language: 'en_US' }))
        .status,
    ).toBe(404);
    const stranger = await companyWithNumber(world);
    expect((await stranger.adminClient.get(`/${ticket.id}/whatsapp-window`)).status).toBe(404);
    expect(
      (
        await stranger.adminClient.post('/send-whatsapp-template', {
          ticketid: ticket.id,
          name: 'x',
          language: 'en_US',
        })
      ).status,
    ).toBe(404);
  });
});
