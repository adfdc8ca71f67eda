/**
 * POST /api/disconnect-telegram against the fake Bot API, in both receiving modes: the webhook is deleted at
 * Telegram, polling stops, the sealed token is gone, and the company's tickets and history stay.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, telegramBots, tickets } from '../../db/schema';
import { textUpdate } from '../../../test/fakes/telegram/updates';
import { eventually, seedCompany } from '../../../test/harness';
import { companyWithBot, deliver, startTelegramWorld, type Mode, type World } from '../../../test/telegram-world';

let chatCounter = 910_000;

describe.each<Mode>(['polling', 'webhook'])('disconnecting the Telegram bot (%s)', (mode) => {
  let world: World;
  beforeAll(async () => {
    world = await startTelegramWorld(mode);
  });
  afterAll(async () => world?.close());

  const say = (bot: { token: string }, text: string) =>
    textUpdate({ updateId: world.fake.nextUpdateId(bot.token), chatId: ++chatCounter, text, firstName: 'Ivan' });

  it('deletes the webhook, stops receiving, forgets the token and keeps tickets and history', async () => {
    const { adminClient, bot, company } = await companyWithBot(world);
    await deliver(world, bot, say(bot, 'Where is my parcel?'));
    const before = await world.t.database.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    expect(before).toHaveLength(1);
    const since = Date.now();

    const reply = await adminClient.post('/disconnect-telegram', {});
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: 'Telegram bot disconnected', webhookRemoved: true });
    expect(world.fake.calls(bot.token, 'deletewebhook').some((c) => c.at >= since)).toBe(true);
    expect(world.fake.webhook(bot.token)).toBeUndefined();

    // The sealed token is gone with its row; the settings page offers to connect a bot.
    const rows = await world.t.database.db.select().from(telegramBots).where(eq(telegramBots.companyId, company.id));
    expect(rows).toEqual([]);
    expect((await adminClient.get('/admin/get-telegram-token')).body).toEqual({ tokenStatus: false, username: null });

    // Nothing is received any more: no long poll waits, and an update Telegram still holds stays there.
    await eventually(() => world.fake.activePolls(bot.token) === 0, 8_000);
    const pollsBefore = world.fake.calls(bot.token, 'getupdates').length;
    await world.fake.pushUpdate(bot.token, say(bot, 'Hello?'));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(world.fake.calls(bot.token, 'getupdates').length).toBe(pollsBefore);

    const after = await world.t.database.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    expect(after.map((x) => x.id)).toEqual(before.map((x) => x.id));
    const history = await world.t.database.db.select().from(messages).where(eq(messages.ticketId, before[0]!.id));
    expect(history.map((m) => m.content)).toEqual(['Where is my parcel?']);
    expect((await adminClient.get('/tickets')).body).toHaveLength(1);

    // A second call finds nothing to disconnect; connecting again works.
    expect((await adminClient.post('/disconnect-telegram', {})).status).toBe(404);
    expect((await adminClient.post('/setup-telegram', { bot_id: bot.token })).status).toBe(200);
    expect((await adminClient.get('/admin/get-telegram-token')).body).toMatchObject({ tokenStatus: true });
  });

  it('disconnects a bot whose token Telegram revoked, and says Telegram was not told', async () => {
    const { adminClient, bot, company } = await companyWithBot(world);
    world.fake.revoke(bot.token);
    const reply = await adminClient.post('/disconnect-telegram', {});
    expect(reply.body).toEqual({ message: 'Telegram bot disconnected', webhookRemoved: false });
    const rows = await world.t.database.db.select().from(telegramBots).where(eq(telegramBots.companyId, company.id));
    expect(rows).toEqual([]);
  });

  it("is the admin's alone, and only for their own company's bot", async () => {
    const owner = await companyWithBot(world);
    const deletes = () => world.fake.calls(owner.bot.token, 'deletewebhook').length;
    const deletesBefore = deletes();
    const agent = await owner.addAgent();
    expect((await agent.client.post('/disconnect-telegram', {})).status).toBe(403);
    const moderator = await owner.addAgent({ role: 'moderator' });
    expect((await moderator.client.post('/disconnect-telegram', {})).status).toBe(403);

    // Another company's admin has no bot: 404, and the first company's bot stays connected.
    const other = await seedCompany(world.t, { name: 'Other Ltd' });
    expect((await other.adminClient.post('/disconnect-telegram', {})).status).toBe(404);
    expect((await owner.adminClient.get('/admin/get-telegram-token')).body).toMatchObject({ tokenStatus: true });
    expect(deletes()).toBe(deletesBefore);
  });
});
