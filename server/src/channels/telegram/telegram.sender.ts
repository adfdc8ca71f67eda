/**
 * Telegram's outbound side: a delivery job → Bot API calls, and what the Bot API's errors mean for the outbox
 * (channel-apis.md §1.2, §1.3): 429 waits `retry_after`, 5xx and network failures are retried with backoff,
 * anything else is a refusal shown on the message.
 */
import type { DeliveryFailureCode } from '@kreechat/contract';
import { Api, GrammyError, HttpError, InputFile } from 'grammy';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import type { DeliveryJob } from '../../modules/delivery';
import { callbackData } from '../bot-actions';
import { RATING_LABELS } from '../bot-texts';
import { DeliveryRefused, type ChannelSender, type SendFailure, type SendResult } from '../registry';
import type { BotRepo } from './bot.repo';

/** Which refusal a Bot API error is, by its code and, where one code holds several, its description. */
function refusalCode(error: GrammyError): DeliveryFailureCode {
  const description = error.description.toLowerCase();
  if (error.error_code === 401) return 'channelReconnect';
  if (description.includes('bot was blocked')) return 'clientBlocked';
  if (/chat not found|user is deactivated|bot can't initiate/.test(description)) return 'clientUnreachable';
  return 'refused';
}

export function classifyTelegramError(error: unknown): SendFailure | undefined {
  if (error instanceof GrammyError) {
    const said = { reason: error.description, detail: error.description };
    if (error.error_code === 429) {
      const afterMs = (error.parameters.retry_after ?? 1) * 1000;
      return { kind: 'retryAfter', code: 'rateLimited', ...said, afterMs };
    }
    if (error.error_code >= 500) return { kind: 'retry', code: 'unreachable', ...said };
    return { kind: 'failed', code: refusalCode(error), ...said };
  }
  if (error instanceof HttpError) {
    return { kind: 'retry', code: 'unreachable', reason: `Telegram could not be reached: ${error.message}` };
  }
  return undefined;
}

export function createTelegramSender(deps: {
  db: Db;
  bots: BotRepo;
  storage: FileStorage;
  apiFor: (token: string) => Api;
}): ChannelSender {
  const { db, bots, storage, apiFor } = deps;

  async function send(job: DeliveryJob): Promise<SendResult> {
    const bot = await bots.byId(db, job.channelRef);
    if (!bot) throw new DeliveryRefused('channelDisconnected', 'The Telegram bot is no longer connected');
    if (!bot.token) {
      throw new DeliveryRefused('channelReconnect', 'The Telegram bot must be connected again (its token was lost)');
    }
    const api = apiFor(bot.token);
    const chatId = Number(job.recipient);
    // Bots cannot mark a client's message read on Telegram.
    if (job.kind === 'read') return {};
    let sent: { message_id: number };
    if (job.kind === 'botText') {
      const p = job.payload;
      sent =
        p.notice === 'chooseDepartment'
          ? await api.sendMessage(chatId, job.text, {
              reply_markup: {
                inline_keyboard: p.departments.map((d) => [
                  { text: d.name, callback_data: callbackData.department(d.id) },
                ]),
              },
            })
          : await api.sendMessage(chatId, job.text);
    } else {
      const m = job.message;
      const file = m.fileKey ? new InputFile(await storage.read(m.fileKey), m.fileName ?? 'file') : undefined;
      const caption = m.content || undefined;
      switch (m.type) {
        case 'close': {
          // The company switched both the closing text and the rating question off: Telegram is not called.
          if (!job.closing) return {};
          const rating = [
            RATING_LABELS.map((label, i) => ({ text: label, callback_data: callbackData.rating(m.ticketId, i + 1) })),
          ];
          sent = await api.sendMessage(
            chatId,
            job.closing.text,
            job.closing.withRating ? { reply_markup: { inline_keyboard: rating } } : undefined,
          );
          break;
        }
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
  }

  return { send, classify: classifyTelegramError };
}
