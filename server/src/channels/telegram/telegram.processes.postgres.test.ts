import { eq, sql } from 'drizzle-orm';
import { telegramBots } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi } from '../../../test/fakes/telegram/fake-bot-api';
import { eventually, seedCompany, startTestApp, type TestApp } from '../../../test/harness';

// Two processes of one deployment share a PostgreSQL database: this file runs in the PostgreSQL project only.
describe('long polling from several processes', () => {
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

  it('polls each bot from exactly one of several processes, and another takes over', async () => {
    const b = await startTestApp(
      { TELEGRAM_API_ROOT: fake.apiRoot },
      { databaseUrl: (a.database as { url?: string }).url },
    );
    try {
      const company = await seedCompany(a);
      const bot = fake.addBot();
      await company.adminClient.post('/setup-telegram', { bot_id: bot.token });
      // b learns of the bot at its next start, as a process that came up after the setup.
      await b.services.telegram.stop();
      await b.services.telegram.start();
      await eventually(() => fake.activePolls(bot.token) === 1);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(fake.activePolls(bot.token)).toBe(1);
      expect(fake.calls(bot.token, 'getUpdates').every((c) => c.token === bot.token)).toBe(true);

      // The polling process stops; the other one takes over within its retry interval.
      await a.services.telegram.stop();
      await eventually(() => fake.activePolls(bot.token) === 1, 20_000);
      await a.services.telegram.start();
    } finally {
      await b.close();
    }
  }, 40_000);

  it('stops polling on every process when the bot is disconnected on one of them', async () => {
    const b = await startTestApp(
      { TELEGRAM_API_ROOT: fake.apiRoot },
      { databaseUrl: (a.database as { url?: string }).url },
    );
    try {
      const company = await seedCompany(a);
      const bot = fake.addBot();
      await company.adminClient.post('/setup-telegram', { bot_id: bot.token });
      // b polls: it learns of the bot at its start and takes over once a stops; a comes back without the lock.
      await b.services.telegram.stop();
      await b.services.telegram.start();
      await a.services.telegram.stop();
      await eventually(() => fake.activePolls(bot.token) === 1, 20_000);
      await a.services.telegram.start();

      const [botRow] = await a.database.db
        .select({ id: telegramBots.id })
        .from(telegramBots)
        .where(eq(telegramBots.companyId, company.company.id));
      // Disconnected through a: b's poller finds the bot gone on its next round, ends and lets its lock go.
      const reply = await company.adminClient.post('/disconnect-telegram', {});
      expect(reply.status).toBe(200);
      await eventually(() => fake.activePolls(bot.token) === 0, 10_000);
      const polls = fake.calls(bot.token, 'getUpdates').length;
      await new Promise((r) => setTimeout(r, 3_000));
      expect(fake.calls(bot.token, 'getUpdates').length).toBe(polls);
      // The bot's polling lock is free again (taken and given back in one statement, on one connection).
      const name = `telegram-poll:${botRow!.id}`;
      const probe = await a.database.db.execute(
        sql`select pg_try_advisory_lock(hashtext(${name})) as free, pg_advisory_unlock(hashtext(${name})) as gave`,
      );
      const rows = (Array.isArray(probe) ? probe : (probe as { rows: unknown[] }).rows) as { free: boolean }[];
      expect(rows[0]!.free).toBe(true);
    } finally {
      await b.close();
    }
  }, 60_000);
});
