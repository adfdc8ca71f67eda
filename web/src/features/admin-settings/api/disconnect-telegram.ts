import type { DisconnectTelegramResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { telegramTokenQueryKey, type TelegramTokenStatus } from './get-telegram-token';

/**
 * POST /api/disconnect-telegram: forgets the company's bot token and stops its updates; tickets stay.
 * `webhookRemoved` is false when Telegram could not be told (the bot is disconnected here all the same).
 */
export const disconnectTelegram = (): Promise<DisconnectTelegramResponse> =>
  api.post('/disconnect-telegram', {}, parser('disconnectTelegramResponseSchema'));

export function useDisconnectTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectTelegram,
    onSuccess: () =>
      queryClient.setQueryData<TelegramTokenStatus>(telegramTokenQueryKey, { tokenStatus: false, username: null }),
    // 404: already disconnected (another tab, another admin): the status is read again.
    onError: () => queryClient.invalidateQueries({ queryKey: telegramTokenQueryKey }),
  });
}
