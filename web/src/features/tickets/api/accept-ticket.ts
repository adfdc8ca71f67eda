import type { Ticket } from '@kreechat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showOpenTicket } from '@/features/tickets/lib/ticket-cache';
import { ticketResponseParser } from '@/features/tickets/lib/ticket-response';
import { openTicketsQueryKey } from './get-open-tickets';

/** POST /api/acceptTicket: makes the viewer the handler. 409 with a message when someone else was first. */
export const acceptTicket = (ticketid: string): Promise<{ ticket: Ticket }> =>
  api.post('/acceptTicket', { ticketid }, ticketResponseParser);

export function useAcceptTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTicket,
    onSuccess: ({ ticket }) => showOpenTicket(queryClient, ticket, 'in-place'),
    // Whoever won, the list should show it; the acceptTicket event usually did so already.
    onError: () => queryClient.invalidateQueries({ queryKey: openTicketsQueryKey }),
  });
}
