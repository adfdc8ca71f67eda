import type { Ticket } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isTicketId } from '@/lib/ticket-id';

/**
 * GET /api/ticket/{ticketid}: one ticket the viewer may see; 404 for another department's or company's ticket and
 * for none at all.
 */
export const getTicket = async (ticketid: string, signal?: AbortSignal): Promise<Ticket> =>
  (await api.get(`/ticket/${encodeURIComponent(ticketid)}`, parser('ticketResponseSchema'), signal)).ticket;

export const ticketQueryKey = (ticketid: string) => ['tickets', 'one', ticketid] as const;

/**
 * The ticket of the chat the address names, for when no loaded list holds it (a reload, a shared link, a ticket
 * found by search or opened from the client panel). Idle for an id that cannot name a ticket.
 */
export function useTicket(ticketid: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ticketQueryKey(ticketid ?? ''),
    queryFn: ({ signal }) => getTicket(ticketid ?? '', signal),
    enabled: enabled && ticketid !== null && isTicketId(ticketid),
  });
}

/** Keeps the copy of a ticket the screen was handed (a card clicked, a live event), so its chat opens at once. */
export function rememberTicket(queryClient: QueryClient, ticket: Ticket): void {
  queryClient.setQueryData(ticketQueryKey(ticket.ticketid), ticket);
}
