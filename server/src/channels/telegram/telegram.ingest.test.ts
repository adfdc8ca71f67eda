import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdentities, inboundUpdates, messages, tickets } from '../../db/schema';
import { textUpdate } from '../../../test/fakes/telegram/updates';
import { eventually } from '../../../test/harness';
import { connectLive } from '../../../test/live';
import { testDbKind } from '../../../test/test-db';
import { companyWithBot, deliver, startTelegramWorld, type World } from '../../../test/telegram-world';

let chatCounter = 810_000;

// Many chats writing at once is when the webhook groups their messages into one statement (group commit).
describe('the Telegram webhook with many chats at once', () => {
  let world: World;
  beforeAll(async () => {
    world = await startTelegramWorld('webhook');
  });
  afterAll(async () => world?.close());

  async function deskWithChats(count: number) {
    const desk = await companyWithBot(world);
    const chats = Array.from({ length: count }, () => ++chatCounter);
    // Each chat's first message opens its ticket; what the chats write next is appended to it.
    for (const chatId of chats) await deliver(world, desk.bot, say(desk.bot, chatId, 'hello'));
    return { ...desk, chats };
  }

  const say = (bot: { token: string }, chatId: number, text: string) =>
    textUpdate({ updateId: world.fake.nextUpdateId(bot.token), chatId, text });

  /** The message a webhook update became, and whether the update is marked processed — read right after the answer. */
  async function stored(botId: number, update: Update) {
    const { db } = world.t.database;
    const [recorded] = await db
      .select({ id: inboundUpdates.updateId })
      .from(inboundUpdates)
      .where(
        and(
          eq(inboundUpdates.channelKey, `tg:${botId}`),
          eq(inboundUpdates.updateId, String(update.update_id)),
          isNotNull(inboundUpdates.processedAt),
        ),
      );
    const rows = await db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.externalId, `${update.message!.chat.id}:${update.message!.message_id}`));
    return { processed: Boolean(recorded), contents: rows.map((r) => r.content) };
  }

  /** Each chat's messages in the order agents see them, by the chat's id. */
  const chatOf = async (companyId: string) => {
    const rows = await world.t.database.db
      .select({ content: messages.content, chatId: clientIdentities.externalId })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(clientIdentities, eq(clientIdentities.clientId, tickets.clientId))
      .where(eq(tickets.companyId, companyId))
      .orderBy(asc(messages.seq));
    const byChat = new Map<string, string[]>();
    for (const r of rows) byChat.set(r.chatId, [...(byChat.get(r.chatId) ?? []), r.content]);
    return byChat;
  };

  it("stores each update before answering it, once, in its chat's order, and shows it live once", async () => {
    const { bot, company, addAgent, department, chats } = await deskWithChats(12);
    const agent = await addAgent({ departmentId: department.id });
    const live = await connectLive(world.t.baseUrl, agent.client);
    const perChat = 6;

    // The chats write side by side, each one message after the other, as Telegram delivers them; every other
    // update also arrives a second time at once, as a redelivery racing the first.
    const answers = await Promise.all(
      chats.map(async (chatId) => {
        const seen: { text: string; status: number; processed: boolean; contents: string[] }[] = [];
        for (let n = 1; n <= perChat; n++) {
          const text = `${chatId}-${n}`;
          const update = say(bot, chatId, text);
          const posts = [world.fake.deliverToWebhook(bot.token, update)];
          if (n % 2) posts.push(world.fake.deliverToWebhook(bot.token, update));
          for (const { status } of await Promise.all(posts))
            seen.push({ text, status, ...(await stored(bot.id, update)) });
        }
        return seen;
      }),
    );
    for (const seen of answers.flat()) {
      expect(seen).toEqual({ text: seen.text, status: 200, processed: true, contents: [seen.text] });
    }

    const byChat = await chatOf(company.id);
    for (const chatId of chats) {
      expect(byChat.get(String(chatId))).toEqual([
        'hello',
        ...Array.from({ length: perChat }, (_, k) => `${chatId}-${k + 1}`),
      ]);
    }
    const shown = await eventually(() => {
      const events = live.of('newMessage');
      return events.length >= chats.length * perChat ? events : undefined;
    });
    await world.t.services.telegram.idle();
    expect(live.of('newMessage')).toHaveLength(chats.length * perChat);
    for (const chatId of chats) {
      expect(
        shown
          .map((e: { message: { content: string } }) => e.message.content)
          .filter((c: string) => c.startsWith(`${chatId}-`)),
      ).toEqual(Array.from({ length: perChat }, (_, k) => `${chatId}-${k + 1}`));
    }
    live.close();
  });

  it('keeps the update the database refuses for a retry; the messages written beside it are stored and answered', async () => {
    const { bot, company, chats } = await deskWithChats(6);
    // A database that refuses one message (a trigger of this test's own): the statement it shares fails, is split,
    // and only that message fails — its update is recorded unprocessed, for the sweeper to retry.
    const { db } = world.t.database;
    await db.execute(sql`
      create function kc_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.content = 'poison' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger kc_test_refuse before insert on messages for each row execute function kc_test_refuse()`,
    );
    const updates = chats.map((chatId, i) => say(bot, chatId, i === 2 ? 'poison' : `fine ${chatId}`));
    const answers = await Promise.all(updates.map((u) => world.fake.deliverToWebhook(bot.token, u)));
    await db.execute(sql`drop trigger kc_test_refuse on messages`);
    await db.execute(sql`drop function kc_test_refuse()`);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const [i, update] of updates.entries()) {
      expect(await stored(bot.id, update)).toEqual(
        i === 2 ? { processed: false, contents: [] } : { processed: true, contents: [`fine ${chats[i]}`] },
      );
    }
    const [kept] = await db
      .select({ attempts: inboundUpdates.attempts })
      .from(inboundUpdates)
      .where(
        and(eq(inboundUpdates.channelKey, `tg:${bot.id}`), eq(inboundUpdates.updateId, String(updates[2]!.update_id))),
      );
    expect(kept).toEqual({ attempts: 1 });
    const byChat = await chatOf(company.id);
    expect(byChat.get(String(chats[2]))).toEqual(['hello']);
  });

  it('keeps a message with a NUL character (which PostgreSQL cannot store) with U+FFFD in its place', async () => {
    const { bot, chats } = await deskWithChats(2);
    const updates = chats.map((chatId) => say(bot, chatId, `nul\u0000inside ${chatId}`));
    const answers = await Promise.all(updates.map((u) => world.fake.deliverToWebhook(bot.token, u)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    for (const [i, update] of updates.entries()) {
      expect(await stored(bot.id, update)).toEqual({ processed: true, contents: [`nul\uFFFDinside ${chats[i]}`] });
    }
  });

  it("keeps the client's @username current from every update: set, changed (on the fast path too), removed", async () => {
    const { bot, company, adminClient } = await companyWithBot(world);
    const chatId = ++chatCounter;
    const write = (text: string, username?: string) =>
      deliver(world, bot, textUpdate({ updateId: world.fake.nextUpdateId(bot.token), chatId, text, username }));
    const shown = async () => {
      const [identity] = await world.t.database.db
        .select({ clientId: clientIdentities.clientId })
        .from(clientIdentities)
        .where(and(eq(clientIdentities.companyId, company.id), eq(clientIdentities.externalId, String(chatId))));
      const panel = await adminClient.get(`/${identity!.clientId}/get-client-panel`);
      return panel.body.identities.map((i: { value: string; username: string | null }) => [i.value, i.username]);
    };

    await write('hello', 'ana_old');
    expect(await shown()).toEqual([[String(chatId), 'ana_old']]);
    // The ticket is open now: the next messages take the one-statement path, which must not keep a stale handle.
    await write('renamed', 'ana_new');
    expect(await shown()).toEqual([[String(chatId), 'ana_new']]);
    await write('no handle any more');
    expect(await shown()).toEqual([[String(chatId), null]]);
    expect((await chatOf(company.id)).get(String(chatId))).toEqual(['hello', 'renamed', 'no handle any more']);
  });

  // Needs a second connection holding the ticket while the webhook writes: PostgreSQL only.
  it.runIf(testDbKind() === 'postgres')(
    'reopens a ticket an agent closes while a message to it is being written, rather than adding to the closed one',
    async () => {
      const { bot, company, chats } = await deskWithChats(1);
      const [ticket] = await world.t.database.db.select().from(tickets).where(eq(tickets.companyId, company.id));
      // An agent's close, caught between taking the ticket and committing.
      const agent = new pg.Client({ connectionString: (world.t.database as { url?: string }).url });
      await agent.connect();
      try {
        await agent.query('begin');
        await agent.query('select id from tickets where id = $1 for update', [ticket!.id]);
        await agent.query(`update tickets set stage = 'closed', closed_at = now() where id = $1`, [ticket!.id]);
        const answer = world.fake.deliverToWebhook(bot.token, say(bot, chats[0]!, 'sent as it closed'));
        await eventually(async () => {
          const { rows } = await agent.query(
            `select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          );
          return rows.length > 0;
        });
        await agent.query('commit');
        expect((await answer).status).toBe(200);
      } finally {
        await agent.end();
      }
      const [reopened] = await world.t.database.db.select().from(tickets).where(eq(tickets.id, ticket!.id));
      expect(reopened!.stage).toBe('pending');
      expect((await chatOf(company.id)).get(String(chats[0]))).toEqual([
        'hello',
        'Ticket reopened',
        'sent as it closed',
      ]);
    },
  );
});
