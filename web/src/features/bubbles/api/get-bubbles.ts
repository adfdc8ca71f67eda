import type { Bubble } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/bubbles: the signed-in agent's own bubbles, newest first. */
export const getBubbles = (signal?: AbortSignal): Promise<Bubble[]> =>
  api.get('/bubbles', parser('bubbleListSchema'), signal);

export const bubblesQueryKey = ['bubbles', 'mine'] as const;

export const bubblesQueryOptions = queryOptions({
  queryKey: bubblesQueryKey,
  queryFn: ({ signal }) => getBubbles(signal),
});

export function useBubbles() {
  return useQuery(bubblesQueryOptions);
}
