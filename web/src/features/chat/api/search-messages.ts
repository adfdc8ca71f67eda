import type { Message } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/search-message: the ticket's newest messages (at most 50) whose text or file name holds the keyword. */
export const searchMessages = (ticketid: string, keyword: string, signal?: AbortSignal): Promise<Message[]> =>
  api.get(
    `/search-message?ticketid=${encodeURIComponent(ticketid)}&keyword=${encodeURIComponent(keyword)}`,
    parser('messageListSchema'),
    signal,
  );

/** Runs only for a submitted keyword (SPEC §2: on Enter, not while typing); null keeps it idle. */
export function useSearchMessages(ticketid: string, keyword: string | null) {
  return useQuery({
    queryKey: ['chat-search', ticketid, keyword] as const,
    queryFn: ({ signal }) => searchMessages(ticketid, keyword!, signal),
    enabled: keyword !== null,
    // A new search of the same word asks again: messages may have arrived since.
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });
}
