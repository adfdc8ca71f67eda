import type { Ticket, TicketSearchScope } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/search-ticket/{keyword}/{open|closed}: the tickets the viewer may see whose client name or account
 * number contains the keyword, or whose id starts with it (at most TICKET_SEARCH_LIMIT, newest first).
 */
export const searchTickets = (keyword: string, scope: TicketSearchScope, signal?: AbortSignal): Promise<Ticket[]> =>
  api.get(`/search-ticket/${encodeURIComponent(keyword)}/${scope}`, parser('ticketListSchema'), signal);

export const ticketSearchQueryRoot = ['tickets', 'search'] as const;

export const ticketSearchQueryOptions = (keyword: string, scope: TicketSearchScope) =>
  queryOptions({
    queryKey: [...ticketSearchQueryRoot, scope, keyword] as const,
    queryFn: ({ signal }) => searchTickets(keyword, scope, signal),
    // A search is a snapshot the agent asked for with Enter; asking again (Enter) runs it again.
    staleTime: 0,
    gcTime: 60_000,
  });

/** The results of the submitted keyword; idle while there is none. The previous results stay while the next load. */
export function useTicketSearchResults(keyword: string, scope: TicketSearchScope) {
  return useQuery({
    ...ticketSearchQueryOptions(keyword, scope),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
  });
}
