import type { PrivateChatResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/dates';

/** GET /api/{userId}/private-chat?before=…&tz=…: the newest page, or the one before the `before` cursor. */
export const getPrivateChat = (userId: string, before: number | undefined, signal?: AbortSignal) =>
  api.get<PrivateChatResponse>(
    `/${encodeURIComponent(userId)}/private-chat?tz=${encodeURIComponent(viewerTimeZone())}${
      before === undefined ? '' : `&before=${before}`
    }`,
    parser('privateChatResponseSchema'),
    signal,
  );

export const privateChatQueryRoot = ['private-chat'] as const;
export const privateChatQueryKey = (userId: string) => [...privateChatQueryRoot, userId] as const;

export function usePrivateChat(userId: string) {
  return useInfiniteQuery({
    queryKey: privateChatQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getPrivateChat(userId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // Live events keep it current; every socket (re)connection refetches it.
    staleTime: Infinity,
    retry: false,
  });
}
