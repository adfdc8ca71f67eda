import { PUSH_ENDPOINT_NOT_HTTPS, PUSH_SERVICE_NOT_ALLOWED } from '@kreechat/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '../../db/schema';
import { startFakePushService, type FakePushService } from '../../../test/fakes/push/fake-push-service';
import { callbackUpdate, textUpdate } from '../../../test/fakes/telegram/updates';
import { seedCompany, type TestClient } from '../../../test/harness';
import { companyWithBot, deliver, startTelegramWorld, type FakeBot, type World } from '../../../test/telegram-world';
import { PUSH_TTL_SECONDS } from './push.service';

let chatCounter = 910_000;

describe('web push', () => {
  let push: FakePushService;
  let world: World;
  beforeAll(async () => {
    push = await startFakePushService();
    world = await startTelegramWorld('webhook', { PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,${push.hostRule}` });
  });
  afterAll(async () => {
    await world?.close();
    await push?.close();
  });

  const publicKey = async (client: TestClient) => {
    const reply = await client.get('/push/public-key');
    expect(reply.status).toBe(200);
    return reply.body.publicKey as string;
  };

  /** What the bell does: subscribe the browser with the server's key, then hand the subscription over. */
  async function subscribeBrowser(client: TestClient) {
    const subscription = push.subscribe(await publicKey(client));
    const reply = await client.post('/subscribe', subscription);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ subscribed: true });
    return subscription;
  }

  /**
   * A Telegram client writes (and, where the company has several departments, taps `department` on the bot's
   * question); resolves once KreeChat made the ticket and every push went out.
   */
  async function clientWrites(bot: FakeBot, text: string, department?: string) {
    const chatId = ++chatCounter;
    const next = () => world.fake.nextUpdateId(bot.token);
    await deliver(world, bot, textUpdate({ updateId: next(), chatId, text, firstName: 'Ivan' }));
    if (department) {
      const question = await world.fake.waitForCall(
        bot.token,
        'sendMessage',
        (c) => String(c.params.chat_id) === String(chatId),
      );
      const buttons = (
        question.params.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }
      ).inline_keyboard.flat();
      const data = buttons.find((b) => b.text === department)!.callback_data;
      await deliver(world, bot, callbackUpdate({ updateId: next(), chatId, data, messageId: 1 }));
    }
    await world.t.services.push.idle();
  }

  it('gives the browser a stable VAPID public key and refuses strangers', async () => {
    const { adminClient } = await seedCompany(world.t);
    const key = await publicKey(adminClient);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await publicKey(adminClient)).toBe(key);
    const stranger = world.t.client();
    expect((await stranger.get('/push/public-key')).status).toBe(401);
    expect((await stranger.post('/update-subscription', { subscription: true })).status).toBe(401);
  });

  it('stores an allowed subscription and refuses other services, plain http and malformed keys', async () => {
    const { addAgent, adminClient } = await seedCompany(world.t);
    const agent = await addAgent();
    expect((await agent.client.get('/auth/validate')).body.isPushSubscribed).toBe(false);

    const subscription = await subscribeBrowser(agent.client);
    expect((await agent.client.get('/auth/validate')).body.isPushSubscribed).toBe(true);
    const listed = await adminClient.get('/admin/get-all-agents');
    const row = listed.body.agents.find((a: { userid: string }) => a.userid === agent.user.id);
    expect(row.push_subscription).toBe('subscribed');

    const foreign = await agent.client.post('/subscribe', {
      ...subscription,
      endpoint: 'https://push.evil.test/x',
    });
    expect(foreign).toMatchObject({ status: 400, body: { message: PUSH_SERVICE_NOT_ALLOWED } });
    const otherPort = await agent.client.post('/subscribe', {
      ...subscription,
      endpoint: subscription.endpoint.replace(push.hostRule, '127.0.0.1:1'),
    });
    expect(otherPort).toMatchObject({ status: 400, body: { message: PUSH_SERVICE_NOT_ALLOWED } });
    const http = await agent.client.post('/subscribe', {
      ...subscription,
      endpoint: 'http://fcm.googleapis.com/fcm/send/x',
    });
    expect(http).toMatchObject({ status: 400, body: { message: PUSH_ENDPOINT_NOT_HTTPS } });
    const badKey = await agent.client.post('/subscribe', { ...subscription, keys: { p256dh: 'abc', auth: 'x' } });
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toMatch(/p256dh|auth/);
  });

  it('checks a browser subscription for its owner only, and turns pushes off and on', async () => {
    const { addAgent } = await seedCompany(world.t);
    const agent = await addAgent();
    const colleague = await addAgent();
    const subscription = await subscribeBrowser(agent.client);

    expect((await agent.client.post('/check-subscription', subscription)).body).toEqual({ subscribed: true });
    expect((await colleague.client.post('/check-subscription', subscription)).body).toEqual({ subscribed: false });
    const unknown = push.subscribe(await publicKey(agent.client));
    expect((await agent.client.post('/check-subscription', unknown)).body).toEqual({ subscribed: false });

    expect((await agent.client.post('/update-subscription', { subscription: false })).body).toEqual({
      subscribed: false,
    });
    expect((await agent.client.get('/auth/validate')).body.isPushSubscribed).toBe(false);
    expect((await agent.client.post('/check-subscription', subscription)).body).toEqual({ subscribed: false });
    expect((await agent.client.post('/update-subscription', { subscription: true })).body).toEqual({
      subscribed: true,
    });
    expect((await agent.client.get('/auth/validate')).body.isPushSubscribed).toBe(true);

    // Turning on without ever subscribing a browser leaves nothing to push to.
    expect((await colleague.client.post('/update-subscription', { subscription: true })).body).toEqual({
      subscribed: false,
    });
    expect((await agent.client.post('/update-subscription', { subscription: 'yes' })).status).toBe(400);
  });

  it('another company can neither see nor switch off a subscription', async () => {
    const ours = await seedCompany(world.t);
    const theirs = await seedCompany(world.t, { name: 'Other Co' });
    const agent = await ours.addAgent();
    const subscription = await subscribeBrowser(agent.client);

    expect((await theirs.adminClient.post('/check-subscription', subscription)).body).toEqual({ subscribed: false });
    await theirs.adminClient.post('/update-subscription', { subscription: false });
    expect((await agent.client.post('/check-subscription', subscription)).body).toEqual({ subscribed: true });
  });

  it("pushes a new Telegram ticket, decrypted, to the department's subscribed agents only", async () => {
    const { bot, addAgent, department, company } = await companyWithBot(world);
    const agent = await addAgent({ departmentId: department.id });
    const spanish = await addAgent({ departmentId: department.id });
    await world.t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, spanish.user.id));
    const sales = await world.t.services.departments.create(company.id, 'Sales');
    const elsewhere = await addAgent({ departmentId: sales.id });
    const muted = await addAgent({ departmentId: department.id });
    const mine = await subscribeBrowser(agent.client);
    const spanishBrowser = await subscribeBrowser(spanish.client);
    const elsewhereBrowser = await subscribeBrowser(elsewhere.client);
    const mutedBrowser = await subscribeBrowser(muted.client);
    await muted.client.post('/update-subscription', { subscription: false });

    await clientWrites(bot, 'My order never arrived', 'General');

    const [received, ...more] = push.pushesTo(mine.id);
    expect(more).toEqual([]);
    const open = await agent.client.get('/tickets');
    const ticket = open.body.find((t: { client_name: string }) => t.client_name === 'Ivan');
    expect(received).toMatchObject({
      ttl: PUSH_TTL_SECONDS,
      urgency: 'high',
      payload: {
        title: 'New Ticket!',
        body: 'Ivan: My order never arrived',
        url: '/',
        tag: `ticket:${ticket.ticketid}`,
      },
    });
    expect(push.pushesTo(spanishBrowser.id).map((r) => r.payload)).toEqual([
      expect.objectContaining({ title: '¡Nuevo ticket!' }),
    ]);
    expect(push.pushesTo(elsewhereBrowser.id)).toEqual([]);
    expect(push.pushesTo(mutedBrowser.id)).toEqual([]);
    expect(push.rejected).toEqual([]);
  });

  it('pushes a private message to its receiver, not to the sender', async () => {
    const { addAgent } = await seedCompany(world.t);
    const sender = await addAgent({ firstName: 'Mia' });
    const receiver = await addAgent();
    const senderBrowser = await subscribeBrowser(sender.client);
    const receiverBrowser = await subscribeBrowser(receiver.client);

    // The private chat module emits this event to both people's sockets after it stores the message.
    const event = {
      message: {
        id: crypto.randomUUID(),
        chatid: 'chat-1',
        senderid: sender.user.id,
        receiverid: receiver.user.id,
        type: 'text',
        content: 'Can you take the Telegram queue?',
        created_on: new Date().toISOString(),
      },
      sender: { id: sender.user.id, firstName: 'Mia', lastName: 'Agent', profile_pic: null },
    };
    world.t.services.realtime.toUser(receiver.user.id, 'newPrivateMessage', event);
    world.t.services.realtime.toUser(sender.user.id, 'newPrivateMessage', event);
    await world.t.services.push.idle();

    expect(push.pushesTo(receiverBrowser.id).map((r) => r.payload)).toEqual([
      { title: 'Message from Mia Agent', body: 'Can you take the Telegram queue?', url: '/', tag: 'private:chat-1' },
    ]);
    expect(push.pushesTo(senderBrowser.id)).toEqual([]);
  });

  it('forgets a subscription the push service reports gone (410), and keeps one that failed otherwise', async () => {
    const { bot, addAgent, department } = await companyWithBot(world);
    const gone = await addAgent({ departmentId: department.id });
    const flaky = await addAgent({ departmentId: department.id });
    const goneBrowser = await subscribeBrowser(gone.client);
    const flakyBrowser = await subscribeBrowser(flaky.client);
    push.answer(goneBrowser.id, 410);
    push.answer(flakyBrowser.id, 500);

    await clientWrites(bot, 'Hello?');

    const rows = await world.t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.companyId, department.companyId));
    expect(rows.map((r) => r.endpoint)).toEqual([flakyBrowser.endpoint]);
    expect((await gone.client.get('/auth/validate')).body.isPushSubscribed).toBe(false);
    expect((await flaky.client.get('/auth/validate')).body.isPushSubscribed).toBe(true);
  });
});
