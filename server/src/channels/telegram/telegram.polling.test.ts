import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi } from '../../../test/fakes/telegram/fake-bot-api';
import { textUpdate } from '../../../test/fakes/telegram/updates';
import { eventually, seedCompany, startTestApp, type TestApp } from '../../../test/harness';

describe('long polling across restarts and processes', () => {
  let fake: FakeBotApi;
  let a: TestApp;
  beforeAll(async () => {
    fake = await startFakeBotApi();
    a = await startTestApp({ TELEGRAM_API_ROOT: fake.apiRoot });
  });
  afterAll(async () => {
    await a?.close();
    await fake?.close();
  });

  it('resumes every connected bot after a restart, from the stored offset, without doubling', async () => {
    const company = await seedCompany(a);
    const bot = fake.addBot();
    await company.adminClient.post('/setup-telegram', { bot_id: bot.token });
    const agent = await company.addAgent();
    await fake.pushUpdate(
      bot.token,
      textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 111, text: 'before restart' }),
    );
    await eventually(async () => (await agent.client.get('/tickets')).body.length === 1);

    await a.services.telegram.stop();
    expect(fake.activePolls(bot.token)).toBe(0);
    await fake.pushUpdate(
      bot.token,
      textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 111, text: 'while down' }),
    );
    await a.services.telegram.start();
    await eventually(async () => {
      const [ticket] = (await agent.client.get('/tickets')).body;
      return ticket?.last_message === 'while down';
    });
    const [ticket] = (await agent.client.get('/tickets')).body;
    const chat = await agent.client.get(`/${ticket.ticketid}/0/chat`);
    expect(
      chat.body.sections.flatMap((s: { messages: { content: string }[] }) => s.messages.map((m) => m.content)),
    ).toEqual(['before restart', 'while down']);
  });

  it('replaces the token cleanly in polling mode: the new bot is polled, the old one no longer', async () => {
    const company = await seedCompany(a);
    const first = fake.addBot();
    await company.adminClient.post('/setup-telegram', { bot_id: first.token });
    await eventually(() => fake.activePolls(first.token) === 1);
    const second = fake.addBot();
    await company.adminClient.post('/setup-telegram', { bot_id: second.token });
    await eventually(() => fake.activePolls(second.token) === 1);
    await eventually(() => fake.activePolls(first.token) === 0);
  });
});
