import type { Ticket } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { countOpenFilters } from '@/features/tickets/lib/ticket-lists';
import { api } from '@/lib/api-client';

/**
 * GET /api/tickets: the open tickets (pending or accepted) the viewer may see — their department's, or all for
 * admins and moderators — newest updated first.
 */
export const getOpenTickets = (signal?: AbortSignal): Promise<Ticket[]> =>
  api.get('/tickets', parser('ticketListSchema'), signal);

export const openTicketsQueryKey = ['tickets', 'open'] as const;

export const openTicketsQueryOptions = queryOptions({
  queryKey: openTicketsQueryKey,
  queryFn: ({ signal }) => getOpenTickets(signal),
  // Live events keep the list current; a refetch happens on every socket (re)connection.
  staleTime: Infinity,
});

export function useOpenTickets() {
  return useQuery(openTicketsQueryOptions);
}

/**
 * How many open tickets each filter holds, undefined until the list has loaded. Only a changed count re-renders the
 * caller (react-query keeps an equal result's reference): a message in a listed ticket does not.
 */
export function useOpenTicketCounts(viewerId: string) {
  return useQuery({ ...openTicketsQueryOptions, select: (list: Ticket[]) => countOpenFilters(list, viewerId) }).data;
}
