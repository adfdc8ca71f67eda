import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_CLIENT_NAME, PRIVACY_MESSAGES, type Message } from '@kreechat/contract';
import {
  actionRecords,
  clientIdentities,
  clients,
  inboundUpdates,
  messages,
  notifications,
  outbox,
  pinnedMessages,
  storedFiles,
  tickets,
} from '../../db/schema';
import { callbackUpdate, photoUpdate, textUpdate } from '../../../test/fakes/telegram/updates';
import { eventually, seedCompany, type TestClient } from '../../../test/harness';
import { connectLive } from '../../../test/live';
import { companyWithBot, deliver, startTelegramWorld, type World } from '../../../test/telegram-world';

let chatCounter = 930_000;

/** The whole response body as bytes (the harness's client reads JSON and text only). */
async function download(world: World, client: TestClient, url: string) {
  const response = await world.t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: { cookie: `kc_session=${client.cookie('kc_session') ?? ''}` },
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

describe.each(['disk', 'database'] as const)('client data protection (FILE_STORAGE=%s)', (fileStorage) => {
  let world: World;
  let home: Awaited<ReturnType<typeof companyWithBot>>;
  let png: Buffer;

  beforeAll(async () => {
    world = await startTelegramWorld('webhook', { FILE_STORAGE: fileStorage });
    home = await companyWithBot(world, { name: 'Home' });
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => world?.close());

  const db = () => world.t.database.db;
  const nextUpdate = () => world.fake.nextUpdateId(home.bot.token);

  /**
   * A client with a history: a first ticket (text, photo, the agent's reply, an internal note, a pin) closed and
   * rated, and a second one open with the agent's reply still waiting in the outbox (Telegram asked to wait).
   */
  async function clientWithHistory() {
    const chatId = ++chatCounter;
    const name = `Olga ${chatId}`;
    const agent = await home.addAgent({ firstName: 'Ann' });
    const say = (text: string) =>
      deliver(world, home.bot, textUpdate({ updateId: nextUpdate(), chatId, firstName: name, text }));
    await say(`My address is ${chatId} Secret Lane`);
    const [ticket] = await db()
      .select()
      .from(tickets)
      .innerJoin(clients, eq(clients.id, tickets.clientId))
      .where(eq(clients.name, name));
    const ticketid = ticket!.tickets.id;
    const clientid = ticket!.clients.id;
    await agent.client.post('/acceptTicket', { ticketid });
    world.fake.addFile(home.bot.token, { file_id: `photo-${chatId}`, bytes: png });
    await deliver(
      world,
      home.bot,
      photoUpdate({
        updateId: nextUpdate(),
        chatId,
        firstName: name,
        caption: 'my passport',
        sizes: [{ file_id: `photo-${chatId}`, width: 64, height: 48, file_size: png.length }],
      }),
    );
    expect((await agent.client.post('/send-message', { ticketid, content: 'Thanks, Olga' })).status).toBe(200);
    expect(
      (await agent.client.post('/send-note', { ticketid, content: `Note: Olga lives at ${chatId} Secret Lane` }))
        .status,
    ).toBe(200);
    const [first] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketid), eq(messages.type, 'text')))
      .orderBy(messages.seq)
      .limit(1);
    expect((await agent.client.post(`/${ticketid}/pin-message`, { messageid: first!.id })).status).toBe(200);
    await world.t.services.worker.idle();
    expect((await agent.client.post('/close-ticket', { ticketid })).status).toBe(200);
    await deliver(
      world,
      home.bot,
      callbackUpdate({ updateId: nextUpdate(), chatId, firstName: name, data: `rate:${ticketid}:3`, messageId: 1 }),
    );
    await world.t.services.worker.idle();
    // Writing again reopens: a ticket still open at the erasure, with a reply Telegram has not taken yet.
    await say(`Still waiting, ${chatId} Secret Lane`);
    await agent.client.post('/acceptTicket', { ticketid });
    // What the reopening queued for this chat goes out first, so the refusal below meets this reply.
    await eventually(async () => {
      world.t.services.worker.kick();
      await world.t.services.worker.idle();
      const due = await db()
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.recipient, String(chatId)),
            eq(outbox.status, 'pending'),
            lte(outbox.nextAttemptAt, world.t.clock.now()),
          ),
        );
      return due.length === 0;
    });
    world.fake.failNext(home.bot.token, 'sendMessage', {
      error_code: 429,
      description: 'Too Many Requests',
      retry_after: 3600,
    });
    expect((await agent.client.post('/send-message', { ticketid, content: 'Answer queued for later' })).status).toBe(
      200,
    );
    await eventually(async () => {
      // The worker's wake-up can be missed in a test (its 1 s tick is what catches that in a server): wake it.
      world.t.services.worker.kick();
      const [row] = await db()
        .select({ id: outbox.id })
        .from(outbox)
        .innerJoin(messages, eq(messages.id, outbox.messageId))
        .where(
          and(
            eq(outbox.recipient, String(chatId)),
            eq(outbox.status, 'pending'),
            eq(messages.content, 'Answer queued for later'),
            isNotNull(outbox.lastError),
          ),
        );
      return row;
    });
    return { chatId, name, clientid, ticketid, agent };
  }

  it('exports everything held about a client as a streamed ZIP, and logs who exported it', async () => {
    const { chatId, name, clientid, ticketid } = await clientWithHistory();
    const reply = await download(world, home.adminClient, `/clients/${clientid}/export`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="client-[A-Z0-9]{8}-export\.zip"$/);
    expect(reply.headers['cache-control']).toBe('no-store');

    const zip = unzipSync(new Uint8Array(reply.bytes));
    const json = (path: string) => JSON.parse(new TextDecoder().decode(zip[path]));
    const profile = json('client.json');
    expect(profile.client).toMatchObject({ clientid, name, blocked: false });
    expect(profile.identities).toEqual([
      expect.objectContaining({ platform: 'telegram', id: String(chatId), verified: true }),
    ]);

    const exported = json('tickets.json') as {
      ticketid: string;
      rating: number | null;
      handler: string;
      messages: any[];
    }[];
    expect(exported.map((t) => t.ticketid)).toEqual([ticketid]);
    const [ticket] = exported;
    expect(ticket!.rating).toBe(3);
    expect(ticket!.handler).toBe('Ann Agent');
    const byContent = (text: string) => ticket!.messages.find((m) => m.content === text);
    expect(byContent(`My address is ${chatId} Secret Lane`)).toMatchObject({
      from: 'client',
      author: name,
      type: 'text',
    });
    expect(byContent('Thanks, Olga')).toMatchObject({ from: 'agent', author: 'Ann Agent' });
    expect(byContent(`Note: Olga lives at ${chatId} Secret Lane`)).toMatchObject({ type: 'note', internal_note: true });
    expect(ticket!.messages.some((m) => m.type === 'rating')).toBe(true);
    const photo = ticket!.messages.find((m) => m.type === 'image');
    expect(photo.content).toBe('my passport');
    expect(photo.file.path).toMatch(/^files\/[0-9a-f-]{36}-/);
    expect(Buffer.from(zip[photo.file.path]!)).toEqual(png);

    const logged = await db()
      .select()
      .from(actionRecords)
      .where(and(eq(actionRecords.clientId, clientid), eq(actionRecords.actionType, 'client_export')));
    expect(logged).toEqual([expect.objectContaining({ userId: home.admin.id, companyId: home.company.id })]);
  });

  it('lets only an admin of the client’s own company export or erase (another company: 404, an agent: 403)', async () => {
    const { clientid, agent } = await clientWithHistory();
    const rival = await seedCompany(world.t, { name: 'Rival' });
    expect((await rival.adminClient.get(`/clients/${clientid}/export`)).status).toBe(404);
    expect((await rival.adminClient.del(`/clients/${clientid}`)).status).toBe(404);
    expect((await agent.client.get(`/clients/${clientid}/export`)).status).toBe(403);
    expect((await agent.client.del(`/clients/${clientid}`)).status).toBe(403);
    const moderator = await home.addAgent({ role: 'moderator' });
    expect((await moderator.client.del(`/clients/${clientid}`)).status).toBe(403);
    // Nothing happened to the client, and nothing was logged.
    const [row] = await db().select().from(clients).where(eq(clients.id, clientid));
    expect(row!.erasedAt).toBeNull();
    const logged = await db()
      .select()
      .from(actionRecords)
      .where(
        and(eq(actionRecords.clientId, clientid), inArray(actionRecords.actionType, ['client_export', 'client_erase'])),
      );
    expect(logged).toEqual([]);
  });

  it('erases a client: texts and files gone from the rows and the store, identities gone, tickets and counts kept', async () => {
    const { chatId, name, clientid, ticketid, agent } = await clientWithHistory();
    const live = await connectLive(world.t.baseUrl, agent.client);
    const before = await db().select().from(messages).where(eq(messages.ticketId, ticketid)).orderBy(messages.seq);
    const keys = before.flatMap((m) => [m.filePath, m.thumbnailPath].filter((k): k is string => k !== null));
    expect(keys.length).toBe(2);
    for (const key of keys) expect(await world.t.services.storage.open(home.company.id, key)).toBeDefined();
    const callsBefore = world.fake.calls(home.bot.token, 'sendMessage').length;

    const reply = await home.adminClient.del(`/clients/${clientid}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ clientid, erased_on: world.t.clock.now().toISOString() });

    // The profile: renamed, no details, blocked as it was; logged.
    const [client] = await db().select().from(clients).where(eq(clients.id, clientid));
    expect(client).toMatchObject({
      name: ERASED_CLIENT_NAME,
      email: null,
      accountNumber: null,
      address: null,
      note: null,
      language: null,
      blocked: false,
    });
    expect(client!.erasedAt).not.toBeNull();
    expect(await db().select().from(clientIdentities).where(eq(clientIdentities.clientId, clientid))).toEqual([]);
    const logged = await db()
      .select()
      .from(actionRecords)
      .where(and(eq(actionRecords.clientId, clientid), eq(actionRecords.actionType, 'client_erase')));
    expect(logged).toEqual([expect.objectContaining({ userId: home.admin.id })]);

    // The messages: every row kept in its place; what people wrote is gone, desk events stay.
    const after = await db().select().from(messages).where(eq(messages.ticketId, ticketid)).orderBy(messages.seq);
    expect(after.map((m) => m.id)).toEqual(before.map((m) => m.id));
    for (const m of after) {
      if (m.type === 'close' || m.type === 'rating' || m.type === 'reopen') expect(m.erasedAt).toBeNull();
      else {
        expect(m).toMatchObject({
          content: '',
          fileName: null,
          fileSize: null,
          filePath: null,
          thumbnailPath: null,
          region: null,
          externalId: null,
        });
        expect(m.erasedAt).not.toBeNull();
      }
    }
    for (const key of keys) expect(await world.t.services.storage.open(home.company.id, key)).toBeUndefined();
    if (fileStorage === 'database') {
      expect(await db().select().from(storedFiles).where(inArray(storedFiles.key, keys))).toEqual([]);
    }

    // The ticket row stays (closed now, its rating kept); pins, outbox rows and raw texts are gone.
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, ticketid));
    expect(ticket).toMatchObject({ stage: 'closed', rating: 3, clientId: clientid, closedById: home.admin.id });
    expect(await db().select().from(pinnedMessages).where(eq(pinnedMessages.ticketId, ticketid))).toEqual([]);
    expect(
      await db()
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, String(chatId))),
    ).toEqual([]);
    const rawTexts = await db()
      .select({ id: inboundUpdates.updateId })
      .from(inboundUpdates)
      .where(sql`${inboundUpdates.payload}::text like ${`%${chatId} Secret Lane%`}`);
    expect(rawTexts).toEqual([]);
    const noted = await db()
      .select()
      .from(notifications)
      .where(sql`${notifications.content} like ${`%${chatId} Secret Lane%`} or ${notifications.name} = ${name}`);
    expect(noted).toEqual([]);

    // Open screens hear of it: the client renamed and erased, the open ticket closed, the pin gone.
    const { client: announced } = await live.waitFor('clientUpdated', (p) => p.client.clientid === clientid);
    expect(announced).toMatchObject({ client_name: ERASED_CLIENT_NAME, erased_on: reply.body.erased_on });
    await live.waitFor('closeTicket', (p) => p.ticket.ticketid === ticketid);
    await live.waitFor('unpinMessage', (p) => p.ticketid === ticketid);
    live.close();

    // The chat reads as erased, search finds nothing of it, and the counts are what they were.
    const chat = await home.adminClient.get(`/${ticketid}/0/chat`);
    const shown = (chat.body.sections as { messages: Message[] }[]).flatMap((s) => s.messages);
    expect(shown.filter((m) => m.erased).length).toBe(after.filter((m) => m.erasedAt).length);
    expect(shown.every((m) => m.erased || ['close', 'rating', 'reopen'].includes(m.type))).toBe(true);
    expect(
      (await home.adminClient.get(`/search-message?keyword=${encodeURIComponent('Secret Lane')}&ticketid=${ticketid}`))
        .body,
    ).toEqual([]);
    expect((await home.adminClient.get(`/${encodeURIComponent(name)}/search-clients`)).body).toEqual([]);
    const panel = await home.adminClient.get(`/${clientid}/get-client-panel`);
    expect(panel.body).toMatchObject({ identities: [], counts: { tickets: 1, open: 0, rated: 1 } });

    // The reply that waited in the outbox never goes out, even once Telegram's wait is over.
    world.t.clock.advance(2 * 3600_000);
    world.t.services.worker.kick();
    await world.t.services.worker.idle();
    const sent = world.fake.calls(home.bot.token, 'sendMessage').slice(callsBefore);
    expect(sent.filter((c) => String(c.params.chat_id) === String(chatId))).toEqual([]);

    // Again: 409; an export now: 410.
    expect(await home.adminClient.del(`/clients/${clientid}`)).toMatchObject({
      status: 409,
      body: { message: PRIVACY_MESSAGES.alreadyErased },
    });
    expect((await home.adminClient.get(`/clients/${clientid}/export`)).status).toBe(410);
    // Their closed ticket stays closed: no agent reopens an erased client's chat.
    expect(await home.adminClient.post('/reopen-ticket', { ticketid })).toMatchObject({
      status: 409,
      body: { message: PRIVACY_MESSAGES.erasedNoReopen },
    });
  });

  it('starts a new client, with an empty history, when the erased client’s chat writes again', async () => {
    const { chatId, name, clientid, ticketid } = await clientWithHistory();
    expect((await home.adminClient.del(`/clients/${clientid}`)).status).toBe(200);
    await deliver(
      world,
      home.bot,
      textUpdate({ updateId: nextUpdate(), chatId, firstName: name, text: 'Hello again' }),
    );
    const [identity] = await db()
      .select()
      .from(clientIdentities)
      .where(and(eq(clientIdentities.companyId, home.company.id), eq(clientIdentities.externalId, String(chatId))));
    expect(identity!.clientId).not.toBe(clientid);
    const panel = await home.adminClient.get(`/${identity!.clientId}/get-client-panel`);
    expect(panel.body.client.client_name).toBe(name);
    expect(panel.body.tickets).toHaveLength(1);
    expect(panel.body.tickets[0].ticketid).not.toBe(ticketid);
    const chat = await home.adminClient.get(`/${panel.body.tickets[0].ticketid}/0/chat`);
    const shown = (chat.body.sections as { messages: Message[] }[]).flatMap((s) => s.messages);
    expect(shown.map((m) => m.content)).toContain('Hello again');
    expect(shown.some((m) => m.content.includes('Secret Lane'))).toBe(false);
    // The erased client keeps their old ticket only.
    expect((await db().select().from(tickets).where(eq(tickets.clientId, clientid))).map((t) => t.id)).toEqual([
      ticketid,
    ]);
  });
});
