import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, outbox, tickets } from '../../db/schema';
import { callbackUpdate, textUpdate } from '../../../test/fakes/telegram/updates';
import { eventually } from '../../../test/harness';
import { connectLive } from '../../../test/live';
import { companyWithBot, deliver, startTelegramWorld, type FakeBot, type World } from '../../../test/telegram-world';

let chatCounter = 910_000;
const newChat = () => ++chatCounter;

type Keyboard = { inline_keyboard: { text: string; callback_data: string }[][] };

/** The bots' texts as a company words and switches them (Settings → Automatic messages), on Telegram. */
describe('the Telegram bot speaks the company’s words', () => {
  let world: World;
  beforeAll(async () => {
    world = await startTelegramWorld('webhook');
  });
  afterAll(async () => world?.close());

  /** A company with one agent in its only department, and the way its clients write, get closed and rate. */
  async function desk() {
    const company = await companyWithBot(world);
    const agent = await company.addAgent();
    const { bot } = company;

    /** The client writes (a new ticket, or the closed one reopened); the agent accepts it. Answers its id. */
    async function writes(chatId: number, text: string, from: { firstName: string; languageCode: string }) {
      await deliver(world, bot, textUpdate({ updateId: world.fake.nextUpdateId(bot.token), chatId, text, ...from }));
      const [ticket] = await world.t.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.companyId, company.company.id), eq(tickets.stage, 'pending')));
      expect((await agent.client.post('/acceptTicket', { ticketid: ticket!.id })).status).toBe(200);
      return ticket!.id;
    }

    /** Every job of the company has left the outbox (sent, or done without a channel call). */
    async function drained() {
      await eventually(async () => {
        const pending = await world.t.database.db
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.companyId, company.company.id), eq(outbox.status, 'pending')));
        return pending.length === 0;
      });
      await world.t.services.worker.idle();
    }

    async function close(ticketId: string) {
      expect((await agent.client.post('/close-ticket', { ticketid: ticketId })).status).toBe(200);
      await drained();
    }

    async function rates(chatId: number, data: string) {
      await deliver(
        world,
        bot,
        callbackUpdate({ updateId: world.fake.nextUpdateId(bot.token), chatId, data, messageId: 1 }),
      );
      await drained();
    }

    const setText = async (kind: string, enabled: boolean, texts: Record<string, string> = {}) =>
      expect((await company.adminClient.put(`/automatic-messages/${kind}`, { enabled, texts })).status).toBe(200);

    /** The automatic messages of the ticket's chat as the agent reads it: kind and text, in order. */
    async function automatic(ticketId: string) {
      const chat = await agent.client.get(`/${ticketId}/0/chat?tz=UTC`);
      return chat.body.sections
        .flatMap((s: { messages: { automatic: string | null; content: string }[] }) => s.messages)
        .filter((m: { automatic: string | null }) => m.automatic !== null)
        .map((m: { automatic: string; content: string }) => [m.automatic, m.content]);
    }

    return { ...company, agent, writes, close, rates, setText, automatic };
  }

  const sentTo = (bot: FakeBot, chatId: number) =>
    world.fake.calls(bot.token, 'sendMessage').filter((c) => String(c.params.chat_id) === String(chatId));

  it('a Russian client gets the company’s closing text and thanks, an English one the defaults', async () => {
    const { bot, agent, writes, close, rates, setText, automatic } = await desk();
    await setText('closing', true, {
      ru: 'Спасибо, {client_name}! Обращение #{ticket_number} в отделе «{department}» закрыто.',
    });
    await setText('ratingThanks', true, { ru: '{client_name}, спасибо за оценку!' });

    const russian = newChat();
    const ticketId = await writes(russian, 'Где мой заказ?', { firstName: 'Иван', languageCode: 'ru' });
    const live = await connectLive(world.t.baseUrl, agent.client);
    await close(ticketId);
    const [closing] = sentTo(bot, russian);
    expect(closing!.params.text).toBe(
      `Спасибо, Иван! Обращение #${ticketId.slice(0, 8)} в отделе «General» закрыто. Как вы оцените нашу поддержку?`,
    );
    const stars = (closing!.params.reply_markup as Keyboard).inline_keyboard.flat();
    expect(stars).toHaveLength(3);
    await rates(russian, stars[1]!.callback_data);
    expect(sentTo(bot, russian).map((c) => c.params.text)).toEqual([closing!.params.text, 'Иван, спасибо за оценку!']);
    // The agent's chat shows what the client got, each marked automatic, live too — and nothing went out twice.
    expect(await automatic(ticketId)).toEqual([
      ['closing', closing!.params.text],
      ['ratingThanks', 'Иван, спасибо за оценку!'],
    ]);
    await live.waitFor('newMessage', (p) => p.message.automatic === 'ratingThanks' && p.message.isagent);
    live.close();

    // The company wrote Russian only: an English client reads the bots' old words.
    const english = newChat();
    const englishTicket = await writes(english, 'Where is my order?', { firstName: 'Jane', languageCode: 'en' });
    await close(englishTicket);
    const [englishClosing] = sentTo(bot, english);
    expect(englishClosing!.params.text).toBe('Your ticket has been closed. How would you rate our support?');
    await rates(english, (englishClosing!.params.reply_markup as Keyboard).inline_keyboard.flat()[2]!.callback_data);
    expect(sentTo(bot, english).map((c) => c.params.text)).toEqual([
      englishClosing!.params.text,
      'Thank you for your rating!',
    ]);
  });

  it('sends only what is switched on: the question keeps its stars, the closing text alone has none, both off say nothing', async () => {
    const { bot, company, writes, close, rates, setText, automatic } = await desk();
    const chatId = newChat();
    const client = { firstName: 'Иван', languageCode: 'ru' };

    // Closing text off, thanks off: the rating question alone, with its stars; the tap is stored, nobody thanks.
    await setText('closing', false);
    await setText('ratingThanks', false);
    const first = await writes(chatId, 'Вопрос', client);
    await close(first);
    const [question] = sentTo(bot, chatId);
    expect(question!.params.text).toBe('Как вы оцените нашу поддержку?');
    const stars = (question!.params.reply_markup as Keyboard).inline_keyboard.flat();
    expect(stars).toHaveLength(3);
    await rates(chatId, stars[2]!.callback_data);
    const [rated] = await world.t.database.db.select().from(tickets).where(eq(tickets.id, first));
    expect(rated!.rating).toBe(3);
    expect(sentTo(bot, chatId)).toHaveLength(1);
    expect(await automatic(first)).toEqual([['ratingQuestion', 'Как вы оцените нашу поддержку?']]);

    // Closing text on, question off: the closing text without stars.
    await setText('closing', true);
    await setText('ratingQuestion', false);
    const second = await writes(chatId, 'Ещё вопрос', client);
    expect(second).toBe(first);
    await close(second);
    expect(sentTo(bot, chatId)).toHaveLength(2);
    expect(sentTo(bot, chatId)[1]!.params).toMatchObject({ text: 'Ваше обращение закрыто.' });
    expect(sentTo(bot, chatId)[1]!.params.reply_markup).toBeUndefined();
    expect((await automatic(first)).at(-1)).toEqual(['closing', 'Ваше обращение закрыто.']);

    // Both off: Telegram hears nothing, and the close is done (sent), so what follows is not held behind it.
    await setText('closing', false);
    await writes(chatId, 'И ещё', client);
    await close(first);
    expect(sentTo(bot, chatId)).toHaveLength(2);
    // What the client was not told is not in the chat either.
    expect(await automatic(first)).toHaveLength(2);
    const closes = await world.t.database.db
      .select({ status: messages.deliveryStatus })
      .from(messages)
      .where(and(eq(messages.ticketId, first), eq(messages.type, 'close')));
    expect(closes.map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    const jobs = await world.t.database.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(eq(outbox.companyId, company.id));
    expect(jobs.every((j) => j.status === 'sent')).toBe(true);
  });
});
