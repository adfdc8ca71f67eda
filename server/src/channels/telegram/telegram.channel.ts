/**
 * The Telegram channel, composed: setup (connect a bot), inbound (webhook with PUBLIC_URL, otherwise long polling
 * by exactly one process, both through the channel kit's receiver) and the sender the outbox uses. Wire format:
 * channel-apis.md §1.
 *
 * Receiving never loses or doubles an update: each is recorded under (bot, update_id) and committed before it is
 * acknowledged (the webhook's 2xx, or the polling offset moving past it); processing runs after, per chat in
 * order, and marks it processed in its own transaction. A failed processing keeps the update for the sweeper.
 */
import { Api } from 'grammy';
import type { Update } from 'grammy/types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { LockFactory } from '../../db/locks';
import type { FileStorage } from '../../files/storage';
import type { InboundUpdates, IntakeService } from '../../modules/client-messages';
import type { Clock } from '../../platform/clock';
import { safeEqual } from '../../platform/crypto';
import type { Logger } from '../../platform/logger';
import type { SecretBox } from '../../platform/secrets';
import { createInboundReceiver } from '../inbound/receiver';
import { storable } from '../storable';
import { createBotRepo, type BotRow } from './bot.repo';
import { createTelegramInbound, needsDownload } from './telegram.inbound';
import { startTelegramPoller } from './telegram.polling';
import { createTelegramSender } from './telegram.sender';
import { createTelegramSetup } from './telegram.setup';

/** How long a Bot API call (a send, a file download's getFile, setWebhook) may take before it counts as failed. */
const CALL_TIMEOUT_SECONDS = 30;

export { TelegramSetupError } from './telegram.setup';

export type TelegramChannel = ReturnType<typeof createTelegramChannel>;

export function createTelegramChannel(deps: {
  db: Db;
  config: Pick<Config, 'telegramApiRoot' | 'publicUrl'>;
  clock: Clock;
  logger: Logger;
  intake: IntakeService;
  inbound: InboundUpdates;
  storage: FileStorage;
  locks: LockFactory;
  /** Seals the bot token and webhook secret in the database. */
  secrets: SecretBox;
  /** Long-poll timeout in seconds (Telegram caps it at 50; tests use 1). */
  pollTimeoutSeconds?: number;
}) {
  const { db, config, clock, logger, intake, storage, locks } = deps;
  const bots = createBotRepo(deps.secrets);
  const apiRoot = config.telegramApiRoot;
  // grammY waits 500 s for an answer by default: a Bot API that takes a send and never answers would hold that
  // chat's head in the outbox (its lease renewed all the while) for that long. A long poll waits its own timeout more.
  const apiFor = (token: string) => new Api(token, { apiRoot, timeoutSeconds: CALL_TIMEOUT_SECONDS });
  const pollTimeoutSeconds = deps.pollTimeoutSeconds ?? 25;
  const pollApiFor = (token: string) =>
    new Api(token, { apiRoot, timeoutSeconds: pollTimeoutSeconds + CALL_TIMEOUT_SECONDS });
  const webhookUrl = (bot: Pick<BotRow, 'botKey'>) =>
    config.publicUrl ? `${config.publicUrl}/api/webhooks/telegram/${bot.botKey}` : undefined;

  const setup = createTelegramSetup({ db, bots, apiFor, webhookUrl });
  const adapter = createTelegramInbound({ db, bots, apiRoot, apiFor, intake, storage, logger });
  const receiver = createInboundReceiver({ inbound: deps.inbound, clock, logger, adapter });
  const sender = createTelegramSender({ db, bots, storage, apiFor });
  const pollers = new Map<string, { stop(): Promise<void> }>();
  let stopped = false;

  /** Receives a bot's updates: resets its webhook, or (without PUBLIC_URL) starts its poller. */
  async function run(bot: BotRow) {
    await pollers.get(bot.id)?.stop();
    pollers.delete(bot.id);
    if (stopped) return;
    if (webhookUrl(bot)) {
      await setup.route(apiFor(bot.token), bot);
    } else {
      const poller = startTelegramPoller({
        botId: bot.id,
        db,
        bots,
        locks,
        logger,
        apiFor: pollApiFor,
        receiver,
        timeoutSeconds: pollTimeoutSeconds,
      });
      pollers.set(bot.id, poller);
    }
  }

  /** Bots by webhook key, kept briefly: the webhook is the hot path, and a key's bot rarely changes. */
  const botCache = new Map<string, { bot: BotRow; until: number }>();
  async function botByKey(botKey: string, fresh = false) {
    const cached = botCache.get(botKey);
    if (!fresh && cached && cached.until > Date.now()) return cached.bot;
    const bot = await bots.byKey(db, botKey);
    if (bot) botCache.set(botKey, { bot, until: Date.now() + 10_000 });
    else botCache.delete(botKey);
    return bot;
  }

  return {
    sender,
    status: setup.status,

    /** Connects (or replaces) the company's bot, and starts receiving its updates. */
    async setup(companyId: string, token: string) {
      const bot = await setup.connect(companyId, token);
      botCache.delete(bot.botKey);
      await run(bot);
      return { username: bot.username, mode: config.publicUrl ? ('webhook' as const) : ('polling' as const) };
    },

    /**
     * Disconnects the company's bot. This process's poller stops at once; another process's finds the bot gone on
     * its next round and ends too (telegram.polling.ts), and its webhook cache forgets the bot within 10 s.
     */
    async disconnect(companyId: string) {
      const removed = await setup.disconnect(companyId);
      if (!removed) return undefined;
      botCache.delete(removed.botKey);
      await pollers.get(removed.id)?.stop();
      pollers.delete(removed.id);
      return { webhookRemoved: removed.webhookRemoved };
    },

    /**
     * POST /api/webhooks/telegram/:botKey. Answers 404 for an unknown bot, 401 without the secret header, 403
     * with a wrong one — recording nothing — and 200 once the update is committed.
     */
    async receiveWebhook(botKey: string, secret: string | undefined, body: unknown): Promise<number> {
      let bot = await botByKey(botKey);
      if (!bot) return 404;
      if (!secret) return 401;
      // A secret that does not match may be one set a moment ago by another process: look once more.
      if (!safeEqual(secret, bot.webhookSecret)) bot = await botByKey(botKey, true);
      if (!bot || !safeEqual(secret, bot.webhookSecret)) return 403;
      const update = storable(body as Update | undefined);
      if (!update || typeof update !== 'object' || !Number.isSafeInteger(update.update_id)) return 400;
      // A file is downloaded first, which may be slow: record now, acknowledge, process after.
      if (needsDownload(update)) await receiver.recordThenProcess(bot, update);
      else await receiver.recordAndProcess(bot, update);
      return 200;
    },

    /** Resumes every connected bot (at start), and the sweeper of unprocessed updates. */
    async start() {
      stopped = false;
      const { bots: all, unreadable } = await bots.all(db);
      for (const { id, error } of unreadable) {
        logger.error({ err: error, bot: id }, "the Telegram bot's stored secrets do not open; connect the bot again");
      }
      for (const bot of all) {
        if (!bot.token) {
          logger.error(
            { bot: bot.id },
            "the Telegram bot's token was forgotten with a lost key; connect the bot again",
          );
          continue;
        }
        await run(bot).catch((error: unknown) =>
          logger.error({ err: error, bot: bot.id }, 'could not resume the Telegram bot'),
        );
      }
      receiver.startSweeper();
    },

    async stop() {
      stopped = true;
      await Promise.all([...pollers.values()].map((p) => p.stop()));
      pollers.clear();
      await receiver.stop();
    },

    /** Resolves when every update received so far has been processed (tests, benchmarks). */
    idle: () => receiver.idle(),
    sweep: () => receiver.sweep(),
  };
}
