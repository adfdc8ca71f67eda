import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, inboundUpdates } from '../../db/schema';
import { textUpdate } from '../../../test/fakes/telegram/updates';
import { connectLive } from '../../../test/live';
import { TestClient } from '../../../test/harness';
import { companyWithBot, deliver, startTelegramWorld, type World } from '../../../test/telegram-world';

let world: World;
beforeAll(async () => {
  world = await startTelegramWorld('webhook');
});
afterAll(async () => world?.close());

describe('the Telegram webhook', () => {
  it('refuses a missing or wrong secret header and stores nothing; answers 404 for an unknown bot', async () => {
    const { bot } = await companyWithBot(world);
    const update = textUpdate({ updateId: world.fake.nextUpdateId(bot.token), chatId: 9001, text: 'forged' });
    expect((await world.fake.deliverToWebhook(bot.token, update, { secret: null })).status).toBe(401);
    expect((await world.fake.deliverToWebhook(bot.token, update, { secret: 'x'.repeat(48) })).status).toBe(403);
    const rows = await world.t.database.db
      .select()
      .from(inboundUpdates)
      .where(eq(inboundUpdates.channelKey, `tg:${bot.id}`));
    expect(rows).toEqual([]);
    const unknown = await world.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/telegram/no-such-bot',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(update),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 400 to a body that is not an update', async () => {
    const { bot } = await companyWithBot(world);
    const hook = world.fake.webhook(bot.token)!;
    const reply = await world.t.app.inject({
      method: 'POST',
      url: new URL(hook.url).pathname,
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook.secret_token! },
      payload: JSON.stringify({ hello: 'world' }),
    });
    expect(reply.statusCode).toBe(400);
  });
});

describe('connecting a bot', () => {
  it('maps a refusal by the Bot API to telegramError, and agents may not connect bots', async () => {
    const company = await (await import('../../../test/harness')).seedCompany(world.t);
    const revoked = world.fake.addBot();
    world.fake.revoke(revoked.token);
    const refused = await company.adminClient.post('/setup-telegram', { bot_id: revoked.token });
    expect(refused.status).toBe(400);
    expect(refused.body.telegramError).toEqual({ error_code: 401, description: 'Unauthorized' });
    const never = await company.adminClient.post('/setup-telegram', {
      bot_id: '123456:AAbbccddeeffgghhiijjkkllmmnnooppqqr',
    });
    expect(never.body.telegramError.error_code).toBe(404);
    expect((await company.adminClient.post('/setup-telegram', { bot_id: '   ' })).body.message).toBe(
      'Cannot submit an empty field!',
    );
    expect((await company.adminClient.post('/setup-telegram', { bot_id: 'not a token' })).body.message).toBe(
      'Invalid Telegram Bot ID!',
    );
    expect((await company.adminClient.get('/admin/get-telegram-token')).body).toEqual({
      tokenStatus: false,
      username: null,
    });
    const { client } = await company.addAgent();
    expect((await client.post('/setup-telegram', { bot_id: world.fake.addBot().token })).status).toBe(403);
    expect((await client.get('/admin/get-telegram-token')).status).toBe(403);
  });

  it('replaces the token cleanly: the new bot receives, the old one no longer points here', async () => {
    const { bot, adminClient, addAgent, department } = await companyWithBot(world);
    const next = world.fake.addBot({ username: 'kree_next_bot' });
    expect((await adminClient.post('/setup-telegram', { bot_id: next.token })).body).toMatchObject({
      username: 'kree_next_bot',
      mode: 'webhook',
    });
    expect(world.fake.webhook(bot.token)).toBeUndefined();
    const agent = await addAgent({ departmentId: department.id });
    await deliver(
      world,
      next,
      textUpdate({ updateId: world.fake.nextUpdateId(next.token), chatId: 31337, text: 'via the new bot' }),
    );
    expect((await agent.client.get('/tickets')).body).toHaveLength(1);
  });
});

describe('another company and another department are kept out', () => {
  it('of every ticket call, every file and every event', async () => {
    const home = await companyWithBot(world, { name: 'Home' });
    const billing = (await home.adminClient.post('/admin/create-department', { department_name: 'Billing' })).body
      .departmentid;
    const handler = await home.addAgent({ departmentId: home.department.id });
    const otherDepartment = await home.addAgent({ departmentId: billing });
    const rival = await companyWithBot(world, { name: 'Rival' });
    const rivalAgent = await rival.addAgent();
    const rivalLive = await connectLive(world.t.baseUrl, rival.adminClient);
    const otherLive = await connectLive(world.t.baseUrl, otherDepartment.client);

    // Two departments: the client is asked, then taps General.
    await deliver(
      world,
      home.bot,
      textUpdate({ updateId: world.fake.nextUpdateId(home.bot.token), chatId: 5150, text: 'secret stuff' }),
    );
    const question = await world.fake.waitForCall(home.bot.token, 'sendMessage');
    const general = (question.params.reply_markup as { inline_keyboard: { callback_data: string }[][] })
      .inline_keyboard[0]![0]!.callback_data;
    const { callbackUpdate } = await import('../../../test/fakes/telegram/updates');
    await deliver(
      world,
      home.bot,
      callbackUpdate({ updateId: world.fake.nextUpdateId(home.bot.token), chatId: 5150, data: general, messageId: 1 }),
    );
    const [ticket] = (await handler.client.get('/tickets')).body;
    await handler.client.post('/acceptTicket', { ticketid: ticket.ticketid });
    const sent = (await handler.client.post('/send-message', { ticketid: ticket.ticketid, content: 'hello' })).body
      .message;

    for (const outsider of [rival.adminClient, rivalAgent.client, otherDepartment.client]) {
      expect((await outsider.get(`/${ticket.ticketid}/0/chat`)).status).toBe(404);
      expect((await outsider.post('/acceptTicket', { ticketid: ticket.ticketid })).status).toBe(404);
      expect((await outsider.post('/close-ticket', { ticketid: ticket.ticketid })).status).toBe(404);
      expect((await outsider.post('/send-message', { ticketid: ticket.ticketid, content: 'x' })).status).toBe(404);
      expect((await outsider.post('/retry-message', { messageid: sent.messageid })).status).toBe(404);
      expect((await outsider.get('/tickets')).body.map((x: { ticketid: string }) => x.ticketid)).not.toContain(
        ticket.ticketid,
      );
    }
    expect((await otherDepartment.client.get(`/${home.department.id}/closed-tickets?count=0`)).status).toBe(403);
    expect((await otherDepartment.client.get('/all/closed-tickets?count=0')).status).toBe(403);
    expect((await rival.adminClient.get(`/${home.department.id}/closed-tickets?count=0`)).status).toBe(404);

    const [client] = await world.t.database.db.select().from(clients).where(eq(clients.id, ticket.clientid));
    expect((await rival.adminClient.post(`/admin/${client!.id}/block`, {})).status).toBe(404);
    expect((await handler.client.post(`/admin/${client!.id}/block`, {})).status).toBe(403);

    expect(rivalLive.events).toEqual([]);
    expect(otherLive.events).toEqual([]);
    rivalLive.close();
    otherLive.close();
  });

  it("serves a client's file to members of its company only", async () => {
    const home = await companyWithBot(world);
    const agent = await home.addAgent();
    const rival = await companyWithBot(world);
    const bytes = Buffer.from('%PDF-1.4\n% a tiny document\n');
    world.fake.addFile(home.bot.token, { file_id: 'doc-files-1', bytes });
    const { documentUpdate } = await import('../../../test/fakes/telegram/updates');
    await deliver(
      world,
      home.bot,
      documentUpdate({
        updateId: world.fake.nextUpdateId(home.bot.token),
        chatId: 7170,
        file_id: 'doc-files-1',
        file_name: 'invoice.pdf',
        mime_type: 'application/pdf',
        file_size: bytes.length,
      }),
    );
    const [ticket] = (await agent.client.get('/tickets')).body;
    const [doc] = (await agent.client.get(`/${ticket.ticketid}/0/chat`)).body.sections[0].messages;
    expect(doc).toMatchObject({ type: 'document', file_name: 'invoice.pdf' });
    const as = (client: TestClient) => ({ cookie: `kc_session=${client.cookie('kc_session')}` });
    const mine = await world.t.app.inject({ method: 'GET', url: doc.path, headers: as(agent.client) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toMatch(/^attachment/);
    const theirs = await world.t.app.inject({ method: 'GET', url: doc.path, headers: as(rival.adminClient) });
    expect(theirs.statusCode).toBe(404);
    const probing = await world.t.app.inject({
      method: 'GET',
      url: '/files/..%2F..%2Fetc/passwd',
      headers: as(agent.client),
    });
    expect(probing.statusCode).toBe(404);
  });

  it('refuses sends to a closed ticket, empty texts, and anyone but the handler', async () => {
    const home = await companyWithBot(world);
    const handler = await home.addAgent();
    const colleague = await home.addAgent();
    await deliver(
      world,
      home.bot,
      textUpdate({ updateId: world.fake.nextUpdateId(home.bot.token), chatId: 6160, text: 'hi' }),
    );
    const [ticket] = (await handler.client.get('/tickets')).body;
    expect(
      (await handler.client.post('/send-message', { ticketid: ticket.ticketid, content: 'before accept' })).status,
    ).toBe(403);
    await handler.client.post('/acceptTicket', { ticketid: ticket.ticketid });
    const empty = await handler.client.post('/send-message', { ticketid: ticket.ticketid, content: '   ' });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Cannot send an empty message' } });
    expect(
      (await colleague.client.post('/send-message', { ticketid: ticket.ticketid, content: 'not mine' })).status,
    ).toBe(403);
    expect((await colleague.client.post('/close-ticket', { ticketid: ticket.ticketid })).status).toBe(403);
    // An admin may step in and close it.
    expect((await home.adminClient.post('/close-ticket', { ticketid: ticket.ticketid })).status).toBe(200);
    expect(
      (await handler.client.post('/send-message', { ticketid: ticket.ticketid, content: 'too late' })).status,
    ).toBe(409);
  });

  it('gives a socket without a valid session nothing, and drops a socket whose session ended', async () => {
    const stranger = await connectLive(world.t.baseUrl, new TestClient(world.t.app));
    expect(stranger.connected).toBe(false);
    stranger.close();

    const home = await companyWithBot(world);
    const agent = await home.addAgent();
    const live = await connectLive(world.t.baseUrl, agent.client);
    expect(live.connected).toBe(true);
    const gone = new Promise((resolve) => live.socket.once('disconnect', resolve));
    await agent.client.post('/auth/logout');
    await gone;
  });
});
