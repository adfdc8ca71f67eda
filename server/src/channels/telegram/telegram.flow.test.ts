import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, inboundUpdates, notifications, telegramBots, tickets } from '../../db/schema';
import { callbackUpdate, photoUpdate, reactionUpdate, textUpdate } from '../../../test/fakes/telegram/updates';
import { eventually } from '../../../test/harness';
import { connectLive } from '../../../test/live';
import { companyWithBot, deliver, startTelegramWorld, type Mode, type World } from '../../../test/telegram-world';

let chatCounter = 700_000;
const newChat = () => ++chatCounter;

describe.each<Mode>(['polling', 'webhook'])('the Telegram core loop (%s)', (mode) => {
  let world: World;
  beforeAll(async () => {
    world = await startTelegramWorld(mode);
  });
  afterAll(async () => world?.close());

  const say = (
    bot: { token: string },
    chatId: number,
    text: string,
    extra: { firstName?: string; languageCode?: string } = {},
  ) => textUpdate({ updateId: world.fake.nextUpdateId(bot.token), chatId, text, ...extra });

  it('connects the bot through the admin call, keeping the token on the server', async () => {
    const { adminClient, bot } = await companyWithBot(world);
    const status = await adminClient.get('/admin/get-telegram-token');
    expect(status.body).toEqual({ tokenStatus: true, username: bot.username });
    expect(JSON.stringify(status.body)).not.toContain(bot.token.split(':')[1]);
    if (mode === 'webhook') {
      const hook = world.fake.webhook(bot.token)!;
      expect(hook.url).toMatch(new RegExp(`^${world.t.baseUrl}/api/webhooks/telegram/[\\w-]+$`));
      expect(hook.url).not.toContain(bot.token);
      expect(hook.secret_token!.length).toBeGreaterThanOrEqual(32);
      expect(hook.allowed_updates).toEqual(
        expect.arrayContaining(['message', 'edited_message', 'callback_query', 'message_reaction']),
      );
    } else {
      expect(world.fake.webhook(bot.token)).toBeUndefined();
      await eventually(() => world.fake.activePolls(bot.token) === 1);
    }
  });

  it('a first message makes a client and a pending ticket the agent sees live, then accept, reply, close, rate, reopen', async () => {
    const { bot, addAgent, department, company } = await companyWithBot(world);
    const agent = await addAgent({ departmentId: department.id });
    const live = await connectLive(world.t.baseUrl, agent.client);
    expect(live.connected).toBe(true);
    const chatId = newChat();

    await deliver(world, bot, say(bot, chatId, 'My order never arrived', { firstName: 'Ivan', languageCode: 'en' }));
    const { ticket } = await live.waitFor('newTicket');
    expect(ticket).toMatchObject({
      client_name: 'Ivan',
      stage: 'pending',
      userid: null,
      platform: 'telegram',
      departmentid: department.id,
    });
    const open = await agent.client.get('/tickets');
    expect(open.body.map((x: { ticketid: string }) => x.ticketid)).toContain(ticket.ticketid);
    expect(open.body.find((x: { ticketid: string }) => x.ticketid === ticket.ticketid).last_message).toBe(
      'My order never arrived',
    );

    // Accept, and a colleague's second accept is refused.
    const accepted = await agent.client.post('/acceptTicket', { ticketid: ticket.ticketid });
    expect(accepted.body.ticket).toMatchObject({ userid: agent.user.id, stage: 'accepted', accepted: true });
    await live.waitFor('acceptTicket', (p) => p.ticket.ticketid === ticket.ticketid);
    const colleague = await addAgent({ departmentId: department.id });
    expect((await colleague.client.post('/acceptTicket', { ticketid: ticket.ticketid })).status).toBe(409);

    // The reply reaches Telegram once, even when the browser submits twice.
    const key = `k-${chatId}-reply`;
    const first = await agent.client.post('/send-message', {
      ticketid: ticket.ticketid,
      content: 'Sorry! Checking now.',
      idempotencyKey: key,
    });
    const second = await agent.client.post('/send-message', {
      ticketid: ticket.ticketid,
      content: 'Sorry! Checking now.',
      idempotencyKey: key,
    });
    expect(first.body.message.messageid).toBe(second.body.message.messageid);
    const sent = await world.fake.waitForCall(
      bot.token,
      'sendMessage',
      (c) => String(c.params.chat_id) === String(chatId) && c.params.text === 'Sorry! Checking now.',
    );
    expect(sent).toBeTruthy();
    await live.waitFor(
      'messageStatus',
      (p) => p.message.messageid === first.body.message.messageid && p.message.delivery_status === 'sent',
    );
    await world.t.services.worker.idle();
    expect(
      world.fake.calls(bot.token, 'sendMessage').filter((c) => c.params.text === 'Sorry! Checking now.'),
    ).toHaveLength(1);

    // The client's next message appears live in the open chat.
    await deliver(world, bot, say(bot, chatId, 'Thanks'));
    await live.waitFor('newMessage', (p) => p.message.content === 'Thanks' && p.message.isagent === false);
    const chat = await agent.client.get(`/${ticket.ticketid}/0/chat?tz=Europe/Sofia`);
    const all = chat.body.sections.flatMap((s: { messages: unknown[] }) => s.messages);
    expect(all.map((m: { content: string }) => m.content)).toEqual([
      'My order never arrived',
      'Sorry! Checking now.',
      'Thanks',
    ]);
    expect(chat.body.nextCursor).toBeNull();

    // Close: the client gets the closing text with exactly three rating buttons.
    const closed = await agent.client.post('/close-ticket', { ticketid: ticket.ticketid });
    expect(closed.body.ticket).toMatchObject({ stage: 'closed', closed_by_name: 'Bob Agent' });
    await live.waitFor('closeTicket', (p) => p.ticket.ticketid === ticket.ticketid);
    const closing = await world.fake.waitForCall(
      bot.token,
      'sendMessage',
      (c) => String(c.params.chat_id) === String(chatId) && Boolean(c.params.reply_markup),
    );
    const keyboard = (
      closing.params.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }
    ).inline_keyboard.flat();
    expect(keyboard).toHaveLength(3);
    expect((await agent.client.post('/send-message', { ticketid: ticket.ticketid, content: 'late' })).status).toBe(409);

    // The tap stores the rating, adds a 'rating' message, notifies the handler and thanks the client.
    await deliver(
      world,
      bot,
      callbackUpdate({
        updateId: world.fake.nextUpdateId(bot.token),
        chatId,
        data: keyboard[2]!.callback_data,
        messageId: (closing as unknown as { result?: { message_id: number } }).result?.message_id ?? 1,
      }),
    );
    const [rated] = await world.t.database.db.select().from(tickets).where(eq(tickets.id, ticket.ticketid));
    expect(rated!.rating).toBe(3);
    await live.waitFor('newMessage', (p) => p.message.type === 'rating' && p.message.content === '3');
    const notes = await world.t.database.db.select().from(notifications).where(eq(notifications.userId, agent.user.id));
    expect(notes).toEqual([expect.objectContaining({ type: 'rating', name: 'Ivan', ticketId: ticket.ticketid })]);
    await world.fake.waitForCall(
      bot.token,
      'sendMessage',
      (c) => String(c.params.chat_id) === String(chatId) && c.params.text === 'Thank you for your rating!',
    );
    await world.fake.waitForCall(bot.token, 'answerCallbackQuery');

    // Writing again reopens the ticket: pending in its department, a 'reopen' message, the client's count +1.
    await deliver(world, bot, say(bot, chatId, 'It happened again'));
    const reopened = await live.waitFor('newTicket', (p) => p.reopenTicket && p.ticket.ticketid === ticket.ticketid);
    expect(reopened.ticket).toMatchObject({ stage: 'pending', userid: null, departmentid: department.id });
    await live.waitFor('newMessage', (p) => p.message.type === 'reopen' && p.message.ticketid === ticket.ticketid);
    const history = await agent.client.get(`/${ticket.ticketid}/0/chat`);
    const types = history.body.sections.flatMap((s: { messages: { type: string }[] }) => s.messages.map((m) => m.type));
    expect(types.slice(-2)).toEqual(['reopen', 'text']);
    const [client] = await world.t.database.db.select().from(clients).where(eq(clients.companyId, company.id));
    expect(client!.reopenedCount).toBe(1);
    live.close();
  });

  it('asks a client to choose among several departments, holds their messages, and opens the ticket where they tap', async () => {
    const { bot, adminClient, addAgent, department } = await companyWithBot(world);
    const billing = (await adminClient.post('/admin/create-department', { department_name: 'Billing' })).body
      .departmentid;
    const billingAgent = await addAgent({ departmentId: billing });
    const generalAgent = await addAgent({ departmentId: department.id });
    const billingLive = await connectLive(world.t.baseUrl, billingAgent.client);
    const generalLive = await connectLive(world.t.baseUrl, generalAgent.client);
    const chatId = newChat();

    await deliver(world, bot, say(bot, chatId, 'Invoice question', { languageCode: 'ru' }));
    await deliver(world, bot, say(bot, chatId, 'Number 42'));
    const question = await world.fake.waitForCall(
      bot.token,
      'sendMessage',
      (c) => String(c.params.chat_id) === String(chatId),
    );
    expect(question.params.text).toBe('Здравствуйте! Какой отдел может вам помочь? Пожалуйста, выберите:');
    const buttons = (
      question.params.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }
    ).inline_keyboard.flat();
    expect(buttons.map((b) => b.text)).toEqual(['General', 'Billing']);
    await world.t.services.worker.idle();
    expect(
      world.fake.calls(bot.token, 'sendMessage').filter((c) => String(c.params.chat_id) === String(chatId)),
    ).toHaveLength(1);
    expect((await billingAgent.client.get('/tickets')).body).toEqual([]);

    await deliver(
      world,
      bot,
      callbackUpdate({
        updateId: world.fake.nextUpdateId(bot.token),
        chatId,
        data: buttons[1]!.callback_data,
        messageId: 1,
      }),
    );
    const { ticket } = await billingLive.waitFor('newTicket');
    expect(ticket.departmentid).toBe(billing);
    const chat = await billingAgent.client.get(`/${ticket.ticketid}/0/chat`);
    expect(
      chat.body.sections.flatMap((s: { messages: { content: string }[] }) => s.messages.map((m) => m.content)),
    ).toEqual(['Invoice question', 'Number 42']);

    // The other department's agent neither sees it nor receives its events.
    expect((await generalAgent.client.get('/tickets')).body).toEqual([]);
    expect((await generalAgent.client.get(`/${ticket.ticketid}/0/chat`)).status).toBe(404);
    expect(generalLive.of('newTicket')).toEqual([]);
    billingLive.close();
    generalLive.close();
  });

  it('stores files both ways: a client photo with a thumbnail, an agent file uploaded to Telegram', async () => {
    const { bot, addAgent, department } = await companyWithBot(world);
    const agent = await addAgent({ departmentId: department.id });
    const chatId = newChat();
    const png = await (
      await import('sharp')
    )
      .default({ create: { width: 640, height: 480, channels: 3, background: '#5cf6fc' } })
      .png()
      .toBuffer();
    world.fake.addFile(bot.token, { file_id: `photo-big-${chatId}`, bytes: png });
    await deliver(
      world,
      bot,
      photoUpdate({
        updateId: world.fake.nextUpdateId(bot.token),
        chatId,
        caption: 'broken screen',
        sizes: [
          { file_id: `photo-small-${chatId}`, width: 90, height: 67, file_size: 900 },
          { file_id: `photo-big-${chatId}`, width: 640, height: 480, file_size: png.length },
        ],
      }),
    );
    const [open] = (await agent.client.get('/tickets')).body;
    const chat = await agent.client.get(`/${open.ticketid}/0/chat`);
    const photo = chat.body.sections[0].messages[0];
    expect(photo).toMatchObject({ type: 'image', content: 'broken screen', file_size: png.length });
    expect(photo.thumbnailUrl).toMatch(/\.thumb\.webp$/);
    const download = await world.t.app.inject({
      method: 'GET',
      url: photo.imageUrl,
      headers: { cookie: `kc_session=${agent.client.cookie('kc_session')}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(download.rawPayload, png)).toBe(0);
    expect((await world.t.app.inject({ method: 'GET', url: photo.imageUrl })).statusCode).toBe(401);

    await agent.client.post('/acceptTicket', { ticketid: open.ticketid });
    const form = new FormData();
    form.append('ticketid', open.ticketid);
    form.append('ticketPlatform', 'telegram');
    form.append('file', new Blob([png], { type: 'image/png' }), 'answer.png');
    const request = new Request('http://x/api/send-file', { method: 'POST', body: form });
    const upload = await world.t.app.inject({
      method: 'POST',
      url: '/api/send-file',
      headers: {
        cookie: `kc_session=${agent.client.cookie('kc_session')}`,
        'content-type': request.headers.get('content-type')!,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json().message).toMatchObject({ type: 'image', file_name: 'answer.png', delivery_status: 'pending' });
    const call = await world.fake.waitForCall(
      bot.token,
      'sendPhoto',
      (c) => String(c.params.chat_id) === String(chatId),
    );
    expect(Buffer.compare(call.files[0]!.bytes, png)).toBe(0);
  });

  it('waits out a 429 and then sends; marks a message to a chat that blocked the bot failed with the reason', async () => {
    const { bot, addAgent, department } = await companyWithBot(world);
    const agent = await addAgent({ departmentId: department.id });
    const chatId = newChat();
    await deliver(world, bot, say(bot, chatId, 'hello'));
    const [ticket] = (await agent.client.get('/tickets')).body;
    await agent.client.post('/acceptTicket', { ticketid: ticket.ticketid });

    world.fake.failNext(bot.token, 'sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      retry_after: 7,
    });
    const slow = (await agent.client.post('/send-message', { ticketid: ticket.ticketid, content: 'first try limited' }))
      .body.message;
    await world.fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'first try limited');
    await world.t.services.worker.idle();
    const pendingView = await agent.client.get(`/${ticket.ticketid}/0/chat`);
    const pending = pendingView.body.sections
      .flatMap((s: { messages: { messageid: string }[] }) => s.messages)
      .find((m: { messageid: string }) => m.messageid === slow.messageid);
    expect(pending.delivery_status).toBe('pending');
    world.t.clock.advance(7_000);
    world.t.services.worker.kick();
    await eventually(
      () =>
        world.fake.calls(bot.token, 'sendMessage').filter((c) => c.params.text === 'first try limited').length === 2,
    );
    await world.t.services.worker.idle();
    const after = await agent.client.get(`/${ticket.ticketid}/0/chat`);
    expect(
      after.body.sections
        .flatMap((s: { messages: { messageid: string; delivery_status: string }[] }) => s.messages)
        .find((m: { messageid: string }) => m.messageid === slow.messageid).delivery_status,
    ).toBe('sent');

    world.fake.blockChat(bot.token, chatId);
    const blocked = (await agent.client.post('/send-message', { ticketid: ticket.ticketid, content: 'are you there?' }))
      .body.message;
    await eventually(async () => {
      const view = await agent.client.get(`/${ticket.ticketid}/0/chat`);
      const m = view.body.sections
        .flatMap((s: { messages: { messageid: string }[] }) => s.messages)
        .find((x: { messageid: string }) => x.messageid === blocked.messageid);
      // The code is what the agent reads (translated); Telegram's own words come beside it.
      return (
        m.delivery_status === 'failed' &&
        m.delivery_failure === 'clientBlocked' &&
        m.delivery_error === 'Forbidden: bot was blocked by the user'
      );
    });
    const retried = await agent.client.post('/retry-message', { messageid: blocked.messageid });
    expect(retried.body.message.delivery_status).toBe('pending');
  });

  it('updates the reaction of a message the client reacted to', async () => {
    const { bot, addAgent, department } = await companyWithBot(world);
    const agent = await addAgent({ departmentId: department.id });
    const live = await connectLive(world.t.baseUrl, agent.client);
    const chatId = newChat();
    const update = say(bot, chatId, 'react to me');
    await deliver(world, bot, update);
    await deliver(
      world,
      bot,
      reactionUpdate({
        updateId: world.fake.nextUpdateId(bot.token),
        chatId,
        messageId: update.message!.message_id,
        emoji: '👍',
      }),
    );
    const reaction = await live.waitFor('newReaction');
    expect(reaction.reaction).toBe('👍');
    live.close();
  });

  it('ignores a blocked client: no ticket, no message, no event', async () => {
    const { bot, adminClient, addAgent, department, company } = await companyWithBot(world);
    const agent = await addAgent({ departmentId: department.id });
    const chatId = newChat();
    await deliver(world, bot, say(bot, chatId, 'first'));
    const [client] = await world.t.database.db.select().from(clients).where(eq(clients.companyId, company.id));
    expect((await adminClient.post(`/admin/${client!.id}/block`, {})).body).toEqual({
      clientid: client!.id,
      blocked_on: true,
    });
    const [ticket] = (await agent.client.get('/tickets')).body;
    const live = await connectLive(world.t.baseUrl, agent.client);
    await deliver(world, bot, say(bot, chatId, 'spam spam'));
    const chat = await agent.client.get(`/${ticket.ticketid}/0/chat`);
    expect(
      chat.body.sections.flatMap((s: { messages: { content: string }[] }) => s.messages.map((m) => m.content)),
    ).toEqual(['first']);
    expect(live.events).toEqual([]);
    live.close();
  });

  it('changes nothing when Telegram delivers the same update twice', async () => {
    const { bot, addAgent, department } = await companyWithBot(world);
    const agent = await addAgent({ departmentId: department.id });
    const chatId = newChat();
    const update = say(bot, chatId, 'only once');
    await deliver(world, bot, update);
    if (mode === 'webhook') {
      expect((await world.fake.deliverToWebhook(bot.token, update)).status).toBe(200);
    } else {
      // As if the process died after recording the update but before the offset moved past it: Telegram
      // hands the same update out again.
      await world.t.database.db
        .update(telegramBots)
        .set({ updateOffset: update.update_id })
        .where(eq(telegramBots.telegramBotId, bot.id));
      await world.fake.pushUpdate(bot.token, update);
      const asked = world.fake.calls(bot.token, 'getUpdates').length;
      await eventually(() =>
        world.fake
          .calls(bot.token, 'getUpdates')
          .slice(asked)
          .some((c) => Number(c.params.offset) === update.update_id + 1),
      );
    }
    await world.t.services.telegram.idle();
    const [ticket] = (await agent.client.get('/tickets')).body;
    const chat = await agent.client.get(`/${ticket.ticketid}/0/chat`);
    expect(chat.body.sections.flatMap((s: { messages: unknown[] }) => s.messages)).toHaveLength(1);
    const rows = await world.t.database.db
      .select()
      .from(inboundUpdates)
      .where(and(eq(inboundUpdates.channelKey, `tg:${bot.id}`), eq(inboundUpdates.updateId, String(update.update_id))));
    expect(rows).toHaveLength(1);
  });

  it('keeps an update whose processing failed, and processes it on a later sweep', async () => {
    const { bot, addAgent, department } = await companyWithBot(world);
    const agent = await addAgent({ departmentId: department.id });
    const chatId = newChat();
    world.fake.addFile(bot.token, { file_id: `doc-${chatId}`, bytes: Buffer.from('%PDF-1.4 minimal') });
    world.fake.failNext(bot.token, 'getFile', { error_code: 500, description: 'Internal Server Error' });
    const update = photoUpdate({
      updateId: world.fake.nextUpdateId(bot.token),
      chatId,
      sizes: [{ file_id: `doc-${chatId}`, width: 10, height: 10, file_size: 16 }],
    });
    await world.fake.pushUpdate(bot.token, update);
    const key = and(
      eq(inboundUpdates.channelKey, `tg:${bot.id}`),
      eq(inboundUpdates.updateId, String(update.update_id)),
    );
    const failed = await eventually(async () => {
      const [row] = await world.t.database.db.select().from(inboundUpdates).where(key);
      return row?.attempts === 1 ? row : undefined;
    });
    expect(failed.processedAt).toBeNull();
    expect(failed.error).toContain('Internal Server Error');
    expect((await agent.client.get('/tickets')).body).toEqual([]);

    world.t.clock.advance(60_000);
    await world.t.services.telegram.sweep();
    await world.t.services.telegram.idle();
    const [done] = await world.t.database.db.select().from(inboundUpdates).where(key);
    expect(done!.processedAt).not.toBeNull();
    expect((await agent.client.get('/tickets')).body).toHaveLength(1);
  });
});
