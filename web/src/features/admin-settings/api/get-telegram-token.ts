import type { TelegramTokenStatus } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { TelegramTokenStatus };

/** GET /api/admin/get-telegram-token: whether a bot is connected, and its @username. Never the token itself. */
export const getTelegramToken = (signal?: AbortSignal): Promise<TelegramTokenStatus> =>
  api.get('/admin/get-telegram-token', parser('telegramTokenStatusSchema'), signal);

export const telegramTokenQueryKey = ['admin', 'telegram-token'] as const;

export function useTelegramToken() {
  return useQuery(queryOptions({ queryKey: telegramTokenQueryKey, queryFn: ({ signal }) => getTelegramToken(signal) }));
}
