import type { SetupTelegramResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { telegramTokenQueryKey, type TelegramTokenStatus } from './get-telegram-token';

export type { SetupTelegramResponse };

/**
 * POST /api/setup-telegram {bot_id}: connects the company's bot (webhook with PUBLIC_URL, long polling without).
 * A refusal is 4xx `{ message, telegramError: { error_code, description } }`.
 */
export const setupTelegram = (botId: string): Promise<SetupTelegramResponse> =>
  api.post('/setup-telegram', { bot_id: botId }, parser('setupTelegramResponseSchema'));

export function useSetupTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupTelegram,
    onSuccess: ({ username }) =>
      queryClient.setQueryData<TelegramTokenStatus>(telegramTokenQueryKey, { tokenStatus: true, username }),
  });
}
