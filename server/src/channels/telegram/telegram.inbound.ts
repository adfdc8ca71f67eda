/**
 * Telegram's inbound side: what one recorded update means for KreeChat (through intake), with the client's files
 * downloaded and stored first. The channel kit (`channels/inbound/`) decides when this runs; this decides what
 * it does. Wire format: channel-apis.md §1.
 */
import { MAX_UPLOAD_BYTES } from '@kreechat/contract';
import { Api, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import type { Db } from '../../db/client';
import { isQuotaRefusal } from '../../files/quota';
import type { FileStorage } from '../../files/storage';
import type { InboundContent, InboundFile, InboundOrigin, IntakeService } from '../../modules/client-messages';
import type { Logger } from '../../platform/logger';
import { downloadCapped } from '../download';
import type { InboundAdapter } from '../inbound/receiver';
import type { BotRepo, BotRow } from './bot.repo';
import { parseCallback } from '../bot-actions';
import { parseUpdate, type ParsedContent } from './telegram.parse';

/**
 * A client's file is taken in up to the upload cap, and never beyond what Telegram lets bots download (20 MB,
 * channel-apis.md §1.4): a larger one arrives as a 'Filesize too large!' document.
 */
const MAX_DOWNLOAD_BYTES = Math.min(20 * 1024 * 1024, MAX_UPLOAD_BYTES);

export const channelKeyOf = (bot: Pick<BotRow, 'telegramBotId'>) => `tg:${bot.telegramBotId}`;

/** Whether an update needs slow work (a download) before it can be stored. */
export function needsDownload(update: Update): boolean {
  const parsed = parseUpdate(update);
  return parsed.kind === 'message' && parsed.content.type !== 'text' && parsed.content.type !== 'location';
}

export function createTelegramInbound(deps: {
  db: Db;
  bots: BotRepo;
  apiRoot: string;
  apiFor: (token: string) => Api;
  intake: IntakeService;
  storage: FileStorage;
  logger: Logger;
}): InboundAdapter<BotRow, Update> {
  const { db, bots, apiRoot, apiFor, intake, storage, logger } = deps;

  /**
   * The client's file, stored; or "too large" when the update, getFile or the download itself shows it is over
   * the cap. The sizes Telegram states only let a file be refused sooner: the download is capped while it
   * streams, so a file without a stated size, or larger than stated, is never read past the cap. A file over a
   * storage quota (the client's or the bot's day, the company's total) is not kept either, and arrives the same
   * way: the client's message is never lost, only its bytes. Any type is kept (the client sent it); files.ts
   * serves those the chat does not carry as downloads only.
   */
  async function download(
    bot: BotRow,
    chatId: number,
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
    let stored;
    try {
      stored = await storage.save(bot.companyId, fetched.bytes, file.name, {
        types: 'any',
        source: { kind: 'channel', platform: 'telegram', channelRef: bot.id, senderId: String(chatId) },
      });
    } catch (error) {
      if (!isQuotaRefusal(error)) throw error;
      logger.warn({ companyId: bot.companyId, reason: error.message }, 'a Telegram file was over a storage quota');
      return tooLarge(fetched.bytes.length);
    }
    return { key: stored.key, name: stored.name, size: stored.size, thumbnailKey: stored.thumbnailKey };
  }

  async function materialize(bot: BotRow, chatId: number, content: ParsedContent): Promise<InboundContent> {
    if (content.type === 'text' || content.type === 'location') return content;
    return { type: content.type, caption: content.caption, file: await download(bot, chatId, content.file) };
  }

  async function process(bot: BotRow, update: Update, recordHere: boolean) {
    const key = {
      channelKey: channelKeyOf(bot),
      updateId: String(update.update_id),
      ...(recordHere ? { payload: update } : {}),
    };
    // A reaction names no sender's profile: its `username` is absent, and the stored one stays.
    const origin = (client: {
      chatId: number;
      name: string;
      language: string | null;
      username?: string | null;
    }): InboundOrigin => ({
      companyId: bot.companyId,
      platform: 'telegram',
      channelRef: bot.id,
      client: {
        externalId: String(client.chatId),
        name: client.name,
        language: client.language,
        username: client.username,
      },
      update: key,
    });
    const parsed = parseUpdate(update);
    switch (parsed.kind) {
      case 'message': {
        const content = await materialize(bot, parsed.sender.chatId, parsed.content);
        await intake.receive(origin(parsed.sender), {
          externalId: `${parsed.sender.chatId}:${parsed.messageId}`,
          sentAt: parsed.date,
          content,
          replyToExternalId: parsed.replyTo === null ? null : `${parsed.sender.chatId}:${parsed.replyTo}`,
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
          origin({ chatId: parsed.chatId, name: '', language: null }),
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

  return {
    prefix: 'tg:',
    keyOf: channelKeyOf,
    companyOf: (bot) => bot.companyId,
    updateIdOf: (update) => String(update.update_id),
    conversationOf(update) {
      const chat =
        update.message?.chat.id ??
        update.edited_message?.chat.id ??
        update.callback_query?.message?.chat.id ??
        update.callback_query?.from.id ??
        update.message_reaction?.chat.id;
      return chat === undefined ? `update:${update.update_id}` : `chat:${chat}`;
    },
    process,
    async accounts() {
      const map = new Map<string, BotRow>();
      // A bot whose secrets do not open was logged at start; its updates wait until it is connected again.
      for (const bot of (await bots.all(db)).bots) if (bot.token) map.set(channelKeyOf(bot), bot);
      return map;
    },
  };
}
