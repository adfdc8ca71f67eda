/**
 * Connecting a company's bot: getMe checks the token, then the webhook is set (with PUBLIC_URL) or removed for
 * polling, and only then is the bot stored. The bot's token and webhook secret are sealed by the bot repo.
 */
import { GrammyError, type Api } from 'grammy';
import type { Db } from '../../db/client';
import { randomToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { BotRepo, BotRow } from './bot.repo';
import { ALLOWED_UPDATES } from './telegram.polling';

/** The Bot API refused the token at setup: the admin sees the code's message (SPEC §8). */
export class TelegramSetupError extends AppError {
  constructor(errorCode: number, description: string) {
    super(errorCode >= 500 ? 502 : 400, description, { telegramError: { error_code: errorCode, description } });
  }
}

const asSetupError = (error: unknown) =>
  error instanceof GrammyError
    ? new TelegramSetupError(error.error_code, error.description)
    : new TelegramSetupError(502, 'Telegram could not be reached');

export function createTelegramSetup(deps: {
  db: Db;
  bots: BotRepo;
  apiFor: (token: string) => Api;
  /** The webhook's address for a bot, or undefined without PUBLIC_URL (long polling). */
  webhookUrl: (bot: Pick<BotRow, 'botKey'>) => string | undefined;
}) {
  const { db, bots, apiFor, webhookUrl } = deps;

  /** Points Telegram at us: the webhook with its secret, or none (so getUpdates works). */
  async function route(api: Api, bot: Pick<BotRow, 'botKey' | 'webhookSecret'>) {
    const url = webhookUrl(bot);
    if (url) await api.setWebhook(url, { secret_token: bot.webhookSecret, allowed_updates: [...ALLOWED_UPDATES] });
    else await api.deleteWebhook();
  }

  return {
    route,

    /**
     * Whether the company has a working bot (never the token itself): false too for a bot whose stored token no
     * longer opens or was forgotten with a lost key, so the admin is asked to connect it again.
     */
    async status(companyId: string) {
      const bot = await bots.describe(db, companyId);
      const usable = bot
        ? await bots
            .byCompany(db, companyId)
            .then((opened) => Boolean(opened?.token))
            .catch(() => false)
        : false;
      return { tokenStatus: usable, username: bot?.username ?? null };
    },

    /**
     * Disconnects the company's bot: the row with its sealed token is deleted in one transaction, then Telegram is
     * told to drop the webhook. The admin's decision wins over Telegram's answer: a revoked token or an unreachable
     * Telegram still disconnects, and `webhookRemoved` says whether Telegram heard it. Undefined when no bot was
     * connected.
     */
    async disconnect(companyId: string) {
      const removed = await db.transaction((tx) => bots.remove(tx, companyId));
      if (!removed) return undefined;
      const webhookRemoved = removed.token
        ? await apiFor(removed.token)
            .deleteWebhook()
            .then(() => true)
            .catch(() => false)
        : false;
      return { id: removed.id, botKey: removed.botKey, webhookRemoved };
    },

    /**
     * Connects (or replaces) the company's bot and answers it stored. A refusal by the Bot API throws
     * TelegramSetupError with its code and description; nothing is stored then.
     */
    async connect(companyId: string, token: string): Promise<BotRow> {
      const api = apiFor(token);
      const me = await api.getMe().catch((error: unknown) => Promise.reject(asSetupError(error)));
      // The previous bot's facts, not its secrets: a bot whose stored token no longer opens can still be replaced.
      const previous = await bots.describe(db, companyId);
      const sameBot = previous?.telegramBotId === me.id;
      const candidate = {
        companyId,
        botKey: previous?.botKey ?? randomToken(24),
        token,
        telegramBotId: me.id,
        username: me.username ?? null,
        webhookSecret: randomToken(36),
        updateOffset: sameBot ? previous!.updateOffset : 0,
      };
      await route(api, candidate).catch((error: unknown) => Promise.reject(asSetupError(error)));
      const oldBot = previous && !sameBot ? await bots.byCompany(db, companyId).catch(() => undefined) : undefined;
      const bot = await bots.upsert(db, candidate);
      // The old bot must stop sending its updates here.
      if (oldBot) {
        await apiFor(oldBot.token)
          .deleteWebhook()
          .catch(() => undefined);
      }
      return bot;
    },
  };
}
