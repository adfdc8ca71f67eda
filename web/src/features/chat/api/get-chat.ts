import type { ChatResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/dates';

/**
 * GET /api/{ticketid}/{index}/chat?tz=…: 50 messages in day sections of the viewer's time zone. Index 0 is the
 * newest page; a page's `nextCursor` is the index of the one before it (null: the conversation's start).
 */
export const getChat = (ticketid: string, index: number, signal?: AbortSignal): Promise<ChatResponse> =>
  api.get(
    `/${encodeURIComponent(ticketid)}/${index}/chat?tz=${encodeURIComponent(viewerTimeZone())}`,
    parser('chatResponseSchema'),
    signal,
  );

/** Pages newest first; inside each, sections and messages oldest first. */
export type ChatPages = InfiniteData<ChatResponse, number>;

export const chatQueryRoot = ['chat'] as const;
export const chatQueryKey = (ticketid: string) => [...chatQueryRoot, ticketid] as const;

export function useChat(ticketid: string) {
  return useInfiniteQuery({
    queryKey: chatQueryKey(ticketid),
    queryFn: ({ pageParam, signal }) => getChat(ticketid, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // Live events keep a loaded chat current; every socket (re)connection refetches it.
    staleTime: Infinity,
    // A failed page just stops the spinner (SPEC §8); asking again is the reader's scroll.
    retry: false,
  });
}
