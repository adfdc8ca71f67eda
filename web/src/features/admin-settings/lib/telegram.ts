import { setupTelegramBodySchema, TELEGRAM_ERROR_MESSAGES, telegramErrorSchema } from '@kreechat/contract';
import { errorMessage, isApiError, NETWORK_ERROR_STATUS } from '@/lib/api-client';

/** The Bot API error codes that have their own message (SPEC §8). */
export const KNOWN_TELEGRAM_CODES = Object.keys(TELEGRAM_ERROR_MESSAGES).map(Number);
export type KnownTelegramCode = 400 | 401 | 403 | 404 | 409 | 429 | 500;

/** SPEC §5: trimmed; empty gives the empty-field message, a wrong shape 'Invalid Telegram Bot ID!'. */
export function checkBotToken(raw: string): { ok: true; token: string } | { ok: false; problem: 'empty' | 'invalid' } {
  const token = raw.trim();
  if (token === '') return { ok: false, problem: 'empty' };
  return setupTelegramBodySchema.safeParse({ bot_id: token }).success
    ? { ok: true, token }
    : { ok: false, problem: 'invalid' };
}

export type TelegramFailure =
  | { kind: 'code'; code: KnownTelegramCode }
  | { kind: 'text'; text: string }
  | { kind: 'default' }
  | { kind: 'network' };

/**
 * What to tell the admin about a failed setup (SPEC §8): the message of a known Bot API error code, else
 * Telegram's description, else the server's own message, else the default; a network failure is unexpected.
 */
export function telegramFailure(error: unknown): TelegramFailure {
  if (!isApiError(error) || error.status === NETWORK_ERROR_STATUS) return { kind: 'network' };
  const body = error.body && typeof error.body === 'object' ? (error.body as { telegramError?: unknown }) : null;
  const parsed = telegramErrorSchema.safeParse(body?.telegramError);
  if (parsed.success) {
    const code = parsed.data.error_code;
    if (KNOWN_TELEGRAM_CODES.includes(code)) return { kind: 'code', code: code as KnownTelegramCode };
    if (parsed.data.description.trim()) return { kind: 'text', text: parsed.data.description };
    return { kind: 'default' };
  }
  const text = errorMessage(error, '');
  return text ? { kind: 'text', text } : { kind: 'default' };
}
