/**
 * A company whose Telegram bot is connected to a fake Bot API, in webhook or polling mode, with helpers that
 * read like what people do: a client writes, taps a button; the test waits until KreeChat has taken it in.
 */
import type { Update } from 'grammy/types';
import { and, eq, isNotNull } from 'drizzle-orm';
import { inboundUpdates } from '../src/db/schema';
import { startFakeBotApi, type FakeBot, type FakeBotApi } from './fakes/telegram/fake-bot-api';
import { eventually, freePort, seedCompany, startTestApp, type TestApp } from './harness';

export type Mode = 'polling' | 'webhook';

/** `env` adds settings for what the test observes besides Telegram (e.g. PUSH_ENDPOINT_HOSTS). */
export async function startTelegramWorld(mode: Mode, env: Record<string, string> = {}) {
  const fake = await startFakeBotApi();
  const port = mode === 'webhook' ? await freePort() : undefined;
  const t = await startTestApp(
    { TELEGRAM_API_ROOT: fake.apiRoot, ...(port ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}), ...env },
    { listen: true, port },
  );
  return {
    t,
    fake,
    mode,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

export type World = Awaited<ReturnType<typeof startTelegramWorld>>;

/** A company with its bot connected through the admin call, as an admin would. */
export async function companyWithBot(world: World, options: { name?: string } = {}) {
  const company = await seedCompany(world.t, options);
  const bot = world.fake.addBot();
  const reply = await company.adminClient.post('/setup-telegram', { bot_id: bot.token });
  if (reply.status !== 200) throw new Error(`setup-telegram failed: ${JSON.stringify(reply.body)}`);
  return { ...company, bot };
}

/** Whether KreeChat has processed the update with this id from this bot. */
async function processed(t: TestApp, bot: FakeBot, updateId: number) {
  const [row] = await t.database.db
    .select({ id: inboundUpdates.updateId })
    .from(inboundUpdates)
    .where(
      and(
        eq(inboundUpdates.channelKey, `tg:${bot.id}`),
        eq(inboundUpdates.updateId, String(updateId)),
        isNotNull(inboundUpdates.processedAt),
      ),
    );
  return Boolean(row);
}

/** Hands an update to Telegram (queued for polling, or posted to the webhook) and waits until it was processed. */
export async function deliver(world: World, bot: FakeBot, update: Update) {
  const status = await world.fake.pushUpdate(bot.token, update);
  if (world.mode === 'webhook' && status !== 200) throw new Error(`webhook answered ${status}`);
  await eventually(() => processed(world.t, bot, update.update_id), 8_000);
  await world.t.services.telegram.idle();
}

export type { FakeBotApi, FakeBot };
