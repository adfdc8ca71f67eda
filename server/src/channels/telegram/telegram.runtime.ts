/**
 * The Telegram channel: connecting a company's bot, receiving its updates (webhook with PUBLIC_URL, otherwise
 * long polling by exactly one process), and sending what agents write. Wire format: channel-apis.md §1.
 *
 * Receiving never loses or doubles an update: each is recorded under (bot, update_id) and committed before it is
 * acknowledged (the webhook's 2xx, or the polling offset moving past it); processing runs after, per chat in
 * order, and marks it processed in its own transaction. A failed processing keeps the update for the sweeper.
 */
import { MAX_UPLOAD_BYTES } from '@kreechat/contract';
import { Api, GrammyError, HttpError, InputFile } from 'grammy';
import type { Update } from 'grammy/types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { LockFactory } from '../../db/locks';
import type { FileStorage } from '../../files/storage';
import type { DeliveryJob, InboundContent, InboundFile, InboundOrigin, IntakeService } from '../../modules/tickets';
import type { Clock } from '../../platform/clock';
import { randomToken, safeEqual } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { SecretBox } from '../../platform/secrets';
import { botText, RATING_LABELS } from '../bot-texts';
import { downloadCapped } from '../download';
import { inboundRepo, type InboundKey } from '../inbound.repo';
import { createKeyedQueue } from '../keyed-queue';
import { DeliveryRateLimited, DeliveryRefused, DeliveryUnreachable, type SendResult } from '../registry';
import { storable } from '../storable';
import { createBotRepo, type BotRow } from './bot.repo';
import { callbackData, parseCallback, parseUpdate, type ParsedContent } from './telegram.parse';

export const ALLOWED_UPDATES = ['message', 'edited_message', 'callback_query', 'message_reaction'] as const;
/**
 * A client's file is taken in up to the upload cap, and never beyond what Telegram lets bots download (20 MB,
 * channel-apis.md §1.4): a larger one arrives as a 'Filesize too large!' document.
 */
const MAX_DOWNLOAD_BYTES = Math.min(20 * 1024 * 1024, MAX_UPLOAD_BYTES);
const MAX_PROCESS_ATTEMPTS = 20;

/** The Bot API refused the token at setup: the admin sees the code's message (SPEC §8). */
export class TelegramSetupError extends AppError {
  constructor(errorCode: number, description: string) {
    super(errorCode >= 500 ? 502 : 400, description, { telegramError: { error_code: errorCode, description } });
  }
}

export type TelegramRuntime = ReturnType<typeof createTelegramRuntime>;

const channelKeyOf = (bot: Pick<BotRow, 'telegramBotId'>) => `tg:${bot.telegramBotId}`;

export function createTelegramRuntime(deps: {
  db: Db;
  config: Pick<Config, 'telegramApiRoot' | 'publicUrl'>;
  clock: Clock;
  logger: Logger;
  intake: IntakeService;
  storage: FileStorage;
  locks: LockFactory;
  /** Seals the bot token and webhook secret in the database. */
  secrets: SecretBox;
  /** Long-poll timeout in seconds (Telegram caps it at 50; tests use 1). */
  pollTimeoutSeconds?: number;
}) {
  const { db, config, clock, logger, intake, storage, locks } = deps;
  const botRepo = createBotRepo(deps.secrets);
  const pollTimeout = deps.pollTimeoutSeconds ?? 25;
  const apiRoot = config.telegramApiRoot;
  const queue = createKeyedQueue();
  const pollers = new Map<string, { stop(): Promise<void> }>();
  let sweeper: NodeJS.Timeout | undefined;
  let stopped = false;

  const apiFor = (token: string) => new Api(token, { apiRoot });
  const webhookUrl = (bot: Pick<BotRow, 'botKey'>) => `${config.publicUrl}/api/webhooks/telegram/${bot.botKey}`;

  // Processing ------------------------------------------------------------------------------------------------

  /**
   * The client's file, stored; or "too large" when the update, getFile or the download itself shows it is over
   * the cap. The sizes Telegram states only let a file be refused sooner: the download is capped while it
   * streams, so a file without a stated size, or larger than stated, is never read past the cap.
   */
  async function download(
    bot: BotRow,
    file: { fileId: string; name: string; size: number | null },
  ): Promise<InboundFile> {
    const tooLarge = (size: number | null): InboundFile => ({ tooLarge: true, name: file.name, size });
    if (file.size !== null && file.size > MAX_DOWNLOAD_BYTES) return tooLarge(file.size);
    const api = apiFor(bot.token);
    let info;
    try {
      info = await api.getFile(file.fileId);
    } catch (error) {
      if (error instanceof GrammyError && /too big/i.test(error.description)) return tooLarge(file.size);
      throw error;
    }
    if (info.file_size !== undefined && info.file_size > MAX_DOWNLOAD_BYTES) return tooLarge(info.file_size);
    if (!info.file_path) throw new Error(`getFile gave no file_path for ${file.fileId}`);
    const fetched = await downloadCapped(`${apiRoot}/file/bot${bot.token}/${info.file_path}`, {
      maxBytes: MAX_DOWNLOAD_BYTES,
    });
    if (fetched.kind === 'tooLarge') return tooLarge(fetched.size);
    const stored = await storage.save(bot.companyId, fetched.bytes, file.name);
    return { key: stored.key, name: stored.name, size: stored.size, thumbnailKey: stored.thumbnailKey };
  }

  async function materialize(bot: BotRow, content: ParsedContent): Promise<InboundContent> {
    if (content.type === 'text' || content.type === 'location') return content;
    return { type: content.type, caption: content.caption, file: await download(bot, content.file) };
  }

  /**
   * Acts on one update; throws when it should be tried again later. With `recordHere`, the update is recorded in
   * the processing transaction itself (the webhook's fast path); otherwise it was recorded before.
   */
  async function process(bot: BotRow, update: Update, recordHere = false) {
    const key: InboundKey & { payload?: unknown } = {
      channelKey: channelKeyOf(bot),
      updateId: String(update.update_id),
      ...(recordHere ? { payload: update } : {}),
    };
    const parsed = parseUpdate(update);
    const origin = (client: { chatId: number; name: string; language: string | null }): InboundOrigin => ({
      companyId: bot.companyId,
      platform: 'telegram',
      channelRef: bot.id,
      client: { externalId: String(client.chatId), name: client.name, language: client.language },
      update: key,
    });
    switch (parsed.kind) {
      case 'message': {
        const content = await materialize(bot, parsed.content);
        await intake.receive(origin(parsed.sender), {
          externalId: `${parsed.sender.chatId}:${parsed.messageId}`,
          sentAt: parsed.date,
          content,
        });
        return;
      }
      case 'edited':
        await intake.edit(origin(parsed.sender), `${parsed.sender.chatId}:${parsed.messageId}`, parsed.text);
        return;
      case 'callback': {
        const action = parseCallback(parsed.data);
        if (action.action === 'department') await intake.chooseDepartment(origin(parsed.sender), action.departmentId);
        else if (action.action === 'rating') await intake.rate(origin(parsed.sender), action.ticketId, action.rating);
        else await intake.skip(origin(parsed.sender));
        // After the commit: stop the button's spinner and take the keyboard away, so it is tapped once.
        const api = apiFor(bot.token);
        await api
          .answerCallbackQuery(parsed.callbackId)
          .catch((error: unknown) => logger.warn({ err: error }, 'answerCallbackQuery failed'));
        if (parsed.messageId !== null) {
          await api
            .editMessageReplyMarkup(parsed.sender.chatId, parsed.messageId, { reply_markup: { inline_keyboard: [] } })
            .catch(() => undefined);
        }
        return;
      }
      case 'reaction':
        await intake.react(
          {
            companyId: bot.companyId,
            platform: 'telegram',
            channelRef: bot.id,
            client: { externalId: String(parsed.chatId), name: '', language: null },
            update: key,
          },
          `${parsed.chatId}:${parsed.messageId}`,
          parsed.emoji,
        );
        return;
      case 'skip':
        await intake.skip({
          companyId: bot.companyId,
          platform: 'telegram',
          channelRef: bot.id,
          client: { externalId: '', name: '', language: null },
          update: key,
        });
        return;
    }
  }

  function chatKeyOf(update: Update): string {
    const chat =
      update.message?.chat.id ??
      update.edited_message?.chat.id ??
      update.callback_query?.message?.chat.id ??
      update.callback_query?.from.id ??
      update.message_reaction?.chat.id;
    return chat === undefined ? `update:${update.update_id}` : `chat:${chat}`;
  }

  /** Notes a failed processing on the recorded update, which the sweeper retries with backoff. */
  async function failed(bot: BotRow, update: Update, error: unknown) {
    const key = { channelKey: channelKeyOf(bot), updateId: String(update.update_id) };
    const row = await inboundRepo.find(db, key);
    const attempts = (row?.attempts ?? 0) + 1;
    const delay = Math.min(5_000 * 2 ** (attempts - 1), 3600_000);
    logger.error(
      { err: error, bot: bot.id, updateId: update.update_id, attempts },
      'telegram update failed; kept for retry',
    );
    const reason = error instanceof Error ? error.message : String(error);
    await inboundRepo.failedAttempt(db, key, reason, new Date(clock.now().getTime() + delay));
  }

  /** Processes a recorded update in its chat's turn; a failure is logged and left for the sweeper. */
  function dispatch(bot: BotRow, update: Update): Promise<void> {
    return queue.run(`${bot.id}:${chatKeyOf(update)}`, async () => {
      try {
        await process(bot, update);
      } catch (error) {
        await failed(bot, update, error);
      }
    });
  }

  /**
   * The webhook's fast path for updates that need no download: recorded and processed in one transaction, in
   * the chat's turn, before the 2xx. Should processing fail, the update is recorded on its own (then the 2xx)
   * and left for the sweeper; should even that fail, the error reaches Telegram, which delivers it again.
   */
  function recordAndProcess(bot: BotRow, update: Update): Promise<void> {
    return queue.run(`${bot.id}:${chatKeyOf(update)}`, async () => {
      try {
        await process(bot, update, true);
      } catch (error) {
        await record(bot, update);
        await failed(bot, update, error);
      }
    });
  }

  /** Bots by webhook key, kept briefly: the webhook is the hot path, and a key's bot rarely changes. */
  const botCache = new Map<string, { bot: BotRow; until: number }>();
  async function botByKey(botKey: string, fresh = false) {
    const cached = botCache.get(botKey);
    if (!fresh && cached && cached.until > Date.now()) return cached.bot;
    const bot = await botRepo.byKey(db, botKey);
    if (bot) botCache.set(botKey, { bot, until: Date.now() + 10_000 });
    else botCache.delete(botKey);
    return bot;
  }

  /** Every bot whose secrets open; each one that does not is logged as an error (its row was altered). */
  async function readableBots() {
    const result = await botRepo.all(db);
    for (const { id, error } of result.unreadable) {
      logger.error({ err: error, bot: id }, "the Telegram bot's stored secrets do not open; connect the bot again");
    }
    return result;
  }

  /** Records an update; true when it is new (and so should be processed). */
  const record = (bot: BotRow, update: Update) =>
    inboundRepo.record(
      db,
      { channelKey: channelKeyOf(bot), updateId: String(update.update_id) },
      bot.companyId,
      update,
      clock.now(),
    );

  /** Retries updates whose processing failed or whose process died before processing them. */
  async function sweep() {
    const now = clock.now();
    const due = await inboundRepo.due(db, now, new Date(now.getTime() - 30_000), MAX_PROCESS_ATTEMPTS, 100);
    const bots = new Map<string, BotRow>();
    // A bot whose secrets do not open was logged at start; its updates wait until it is connected again.
    for (const bot of (await botRepo.all(db)).bots) if (bot.token) bots.set(channelKeyOf(bot), bot);
    for (const row of due) {
      const bot = bots.get(row.channelKey);
      if (bot) void dispatch(bot, row.payload as Update);
    }
  }

  // Receiving: polling -----------------------------------------------------------------------------------------

  function startPoller(botId: string) {
    const controller = new AbortController();
    let lock: { release(): Promise<void> } | undefined;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ms);
        controller.signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
      });

    const loop = (async () => {
      let backoff = 1_000;
      while (!controller.signal.aborted) {
        try {
          lock ??= await locks.tryAcquire(`telegram-poll:${botId}`);
          if (!lock) {
            await sleep(15_000); // another process polls this bot; take over if it goes away
            continue;
          }
          const bot = await botRepo.byId(db, botId);
          if (!bot) return;
          const api = apiFor(bot.token);
          const updates = await api.getUpdates(
            { offset: bot.updateOffset || undefined, timeout: pollTimeout, allowed_updates: [...ALLOWED_UPDATES] },
            // grammY types its signal with the abort-controller shim; Node's own AbortSignal is what it uses.
            controller.signal as unknown as Parameters<Api['getUpdates']>[1],
          );
          const fresh: Update[] = [];
          for (const received of updates) {
            const update = storable(received);
            if (await record(bot, update)) fresh.push(update);
          }
          if (updates.length) {
            // Only now, with every update of the batch committed, may the next getUpdates confirm them.
            await botRepo.setOffset(db, bot.id, Math.max(...updates.map((u) => u.update_id)) + 1);
          }
          await Promise.all(fresh.map((u) => dispatch(bot, u)));
          backoff = 1_000;
        } catch (error) {
          if (controller.signal.aborted) break;
          logger.warn({ err: error, bot: botId }, 'telegram polling failed; retrying');
          await sleep(backoff);
          backoff = Math.min(backoff * 2, 30_000);
        }
      }
    })();

    return {
      async stop() {
        controller.abort();
        await loop.catch(() => undefined);
        await lock?.release();
      },
    };
  }

  async function run(bot: BotRow) {
    await pollers.get(bot.id)?.stop();
    pollers.delete(bot.id);
    if (stopped) return;
    if (config.publicUrl) {
      await apiFor(bot.token).setWebhook(webhookUrl(bot), {
        secret_token: bot.webhookSecret,
        allowed_updates: [...ALLOWED_UPDATES],
      });
    } else {
      pollers.set(bot.id, startPoller(bot.id));
    }
  }

  // Sending ----------------------------------------------------------------------------------------------------

  function classify(error: unknown): Error {
    if (error instanceof GrammyError) {
      if (error.error_code === 429) {
        return new DeliveryRateLimited(error.description, (error.parameters.retry_after ?? 1) * 1000);
      }
      if (error.error_code >= 500) return new DeliveryUnreachable(error.description);
      return new DeliveryRefused(error.description);
    }
    if (error instanceof HttpError) return new DeliveryUnreachable(`Telegram could not be reached: ${error.message}`);
    return error instanceof Error ? error : new Error(String(error));
  }

  async function send(job: DeliveryJob): Promise<SendResult> {
    const bot = await botRepo.byId(db, job.channelRef);
    if (!bot) throw new DeliveryRefused('The Telegram bot is no longer connected');
    if (!bot.token) throw new DeliveryRefused('The Telegram bot must be connected again (its token was lost)');
    const api = apiFor(bot.token);
    const chatId = Number(job.recipient);
    try {
      let sent: { message_id: number };
      if (job.kind === 'botText') {
        const p = job.payload;
        sent =
          p.notice === 'chooseDepartment'
            ? await api.sendMessage(chatId, botText(p.language, 'chooseDepartment'), {
                reply_markup: {
                  inline_keyboard: p.departments.map((d) => [
                    { text: d.name, callback_data: callbackData.department(d.id) },
                  ]),
                },
              })
            : await api.sendMessage(chatId, botText(p.language, 'ratingThanks'));
      } else {
        const m = job.message;
        const file = m.fileKey ? new InputFile(await storage.read(m.fileKey), m.fileName ?? 'file') : undefined;
        const caption = m.content || undefined;
        switch (m.type) {
          case 'close':
            sent = await api.sendMessage(chatId, botText(job.clientLanguage, 'closed'), {
              reply_markup: {
                inline_keyboard: [
                  RATING_LABELS.map((label, i) => ({
                    text: label,
                    callback_data: callbackData.rating(m.ticketId, i + 1),
                  })),
                ],
              },
            });
            break;
          case 'image':
            sent = await api.sendPhoto(chatId, file!, { caption });
            break;
          case 'video':
            sent = await api.sendVideo(chatId, file!, { caption });
            break;
          case 'audio':
            sent = await api.sendAudio(chatId, file!, { caption });
            break;
          case 'document':
            sent = await api.sendDocument(chatId, file!, { caption });
            break;
          default:
            sent = await api.sendMessage(chatId, m.content);
        }
      }
      return { externalId: `${chatId}:${sent.message_id}` };
    } catch (error) {
      throw classify(error);
    }
  }

  // The public face ------------------------------------------------------------------------------------------

  return {
    send,

    /**
     * Whether the company has a working bot (never the token itself): false too for a bot whose stored token no
     * longer opens or was forgotten with a lost key, so the admin is asked to connect it again.
     */
    async status(companyId: string) {
      const bot = await botRepo.describe(db, companyId);
      const usable = bot
        ? await botRepo
            .byCompany(db, companyId)
            .then((opened) => Boolean(opened?.token))
            .catch(() => false)
        : false;
      return { tokenStatus: usable, username: bot?.username ?? null };
    },

    /**
     * Connects (or replaces) the company's bot: getMe checks the token, then the webhook is set (with PUBLIC_URL)
     * or removed for polling. A refusal by the Bot API throws TelegramSetupError with its code and description.
     */
    async setup(companyId: string, token: string) {
      const api = apiFor(token);
      let me;
      try {
        me = await api.getMe();
      } catch (error) {
        if (error instanceof GrammyError) throw new TelegramSetupError(error.error_code, error.description);
        throw new TelegramSetupError(502, 'Telegram could not be reached');
      }
      // The previous bot's facts, not its secrets: a bot whose stored token no longer opens can still be replaced.
      const previous = await botRepo.describe(db, companyId);
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
      try {
        if (config.publicUrl) {
          await api.setWebhook(webhookUrl(candidate), {
            secret_token: candidate.webhookSecret,
            allowed_updates: [...ALLOWED_UPDATES],
          });
        } else {
          await api.deleteWebhook();
        }
      } catch (error) {
        if (error instanceof GrammyError) throw new TelegramSetupError(error.error_code, error.description);
        throw new TelegramSetupError(502, 'Telegram could not be reached');
      }
      const oldBot = previous && !sameBot ? await botRepo.byCompany(db, companyId).catch(() => undefined) : undefined;
      const bot = await botRepo.upsert(db, candidate);
      botCache.delete(bot.botKey);
      if (oldBot) {
        // The old bot must stop sending its updates here.
        await apiFor(oldBot.token)
          .deleteWebhook()
          .catch(() => undefined);
      }
      await run(bot);
      return { username: bot.username, mode: config.publicUrl ? ('webhook' as const) : ('polling' as const) };
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
      const parsed = parseUpdate(update);
      if (parsed.kind === 'message' && parsed.content.type !== 'text' && parsed.content.type !== 'location') {
        // A file is downloaded first, which may be slow: record now, acknowledge, process after.
        if (await record(bot, update)) void dispatch(bot, update);
      } else {
        await recordAndProcess(bot, update);
      }
      return 200;
    },

    /** Resumes every connected bot (at start), and the sweeper of unprocessed updates. */
    async start() {
      stopped = false;
      for (const bot of (await readableBots()).bots) {
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
      sweeper = setInterval(
        () => void sweep().catch((error: unknown) => logger.error({ err: error }, 'sweep failed')),
        10_000,
      );
      sweeper.unref();
      void sweep().catch(() => undefined);
    },

    async stop() {
      stopped = true;
      if (sweeper) clearInterval(sweeper);
      await Promise.all([...pollers.values()].map((p) => p.stop()));
      pollers.clear();
      await queue.idle();
    },

    /** Resolves when every update received so far has been processed (tests, benchmarks). */
    idle: () => queue.idle(),
    sweep,
  };
}
