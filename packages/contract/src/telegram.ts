import { z } from 'zod';

export const setupTelegramBodySchema = z.object({
  bot_id: z
    .string({ message: 'Cannot submit an empty field!' })
    .trim()
    .min(1, { message: 'Cannot submit an empty field!' })
    // A Bot API token: the bot's numeric id, a colon, and a 35-character secret.
    .regex(/^\d{5,20}:[A-Za-z0-9_-]{30,64}$/, { message: 'Invalid Telegram Bot ID!' }),
});

export const telegramErrorSchema = z.object({ error_code: z.number().int(), description: z.string() });
export type TelegramError = z.infer<typeof telegramErrorSchema>;

export const setupTelegramResponseSchema = z.object({
  message: z.string(),
  username: z.string().nullable(),
  mode: z.enum(['webhook', 'polling']),
});
export type SetupTelegramResponse = z.infer<typeof setupTelegramResponseSchema>;
/** POST /api/disconnect-telegram: `webhookRemoved` false when Telegram could not be told (the token is gone here). */
export const disconnectTelegramResponseSchema = z.object({ message: z.string(), webhookRemoved: z.boolean() });
export type DisconnectTelegramResponse = z.infer<typeof disconnectTelegramResponseSchema>;
export const TELEGRAM_DISCONNECTED = 'Telegram bot disconnected';
export const TELEGRAM_NOT_CONNECTED = 'No Telegram bot is connected';
export const telegramTokenStatusSchema = z.object({ tokenStatus: z.boolean(), username: z.string().nullable() });
export type TelegramTokenStatus = z.infer<typeof telegramTokenStatusSchema>;

/** SPEC §8: what the admin sees for a Bot API error code; otherwise the description, otherwise the default. */
export const TELEGRAM_ERROR_MESSAGES: Record<number, string> = {
  400: 'Invalid Bot ID. Please check your token.',
  401: 'Unauthorized. Please verify your bot token.',
  403: 'Bot is blocked or the user hasn’t started the chat.',
  404: 'Bot not found. Check if your bot exists and is running.',
  409: 'Conflict: Another webhook is active. Remove it before proceeding.',
  429: 'Rate limit exceeded. Please try again later.',
  500: 'Telegram server error. Please retry later.',
};
export const TELEGRAM_DEFAULT_ERROR = 'Something went wrong. Please try again.';
export const TELEGRAM_SETUP_OK = 'Bot ID successfully submitted!';
