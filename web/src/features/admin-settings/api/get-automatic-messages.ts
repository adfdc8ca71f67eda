import type { AutoMessagesResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/automatic-messages: every kind with its switch, the company's own texts and the built-in defaults. */
export const getAutomaticMessages = (signal?: AbortSignal): Promise<AutoMessagesResponse> =>
  api.get('/automatic-messages', parser('autoMessagesResponseSchema'), signal);

export const automaticMessagesQueryKey = ['admin', 'automatic-messages'] as const;

export function useAutomaticMessages() {
  return useQuery(
    queryOptions({ queryKey: automaticMessagesQueryKey, queryFn: ({ signal }) => getAutomaticMessages(signal) }),
  );
}
