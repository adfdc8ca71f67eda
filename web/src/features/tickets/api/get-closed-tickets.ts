import { CLOSED_TICKETS_PAGE, type Ticket } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A department id, or `all` for admins and moderators. */
export type ClosedTicketsScope = string;

/** GET /api/{department}/closed-tickets?count=N: one page of 10 closed tickets, newest closed first. */
export const getClosedTickets = (scope: ClosedTicketsScope, count: number, signal?: AbortSignal): Promise<Ticket[]> =>
  api.get(`/${encodeURIComponent(scope)}/closed-tickets?count=${count}`, parser('ticketListSchema'), signal);

export type ClosedTicketPages = InfiniteData<Ticket[], number>;

export const closedTicketsQueryRoot = ['tickets', 'closed'] as const;
export const closedTicketsQueryKey = (scope: ClosedTicketsScope) => [...closedTicketsQueryRoot, scope] as const;

export const closedTicketsQueryOptions = (scope: ClosedTicketsScope) =>
  infiniteQueryOptions({
    queryKey: closedTicketsQueryKey(scope),
    queryFn: ({ pageParam, signal }) => getClosedTickets(scope, pageParam, signal),
    initialPageParam: 0,
    // SPEC §9 / §5: the counter grows by 10 and paging stops at the first empty page.
    getNextPageParam: (lastPage, pages) => (lastPage.length === 0 ? undefined : pages.length * CLOSED_TICKETS_PAGE),
    staleTime: Infinity,
  });

/** The closed list of `scope`; idle while the scope is not known yet (null: the agent has no department). */
export function useClosedTickets(scope: ClosedTicketsScope | null | undefined) {
  return useInfiniteQuery({ ...closedTicketsQueryOptions(scope ?? 'none'), enabled: typeof scope === 'string' });
}
