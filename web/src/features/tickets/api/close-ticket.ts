import type { Ticket } from '@kreechat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { showClosedTicket } from '@/features/tickets/lib/ticket-cache';
import { ticketResponseParser } from '@/features/tickets/lib/ticket-response';

export interface CloseTicketInput {
  ticketid: string;
  closed_by_name?: string;
}

/** POST /api/close-ticket: closes an open ticket; its failure is silent (SPEC §8). */
export const closeTicket = (body: CloseTicketInput): Promise<{ ticket: Ticket }> =>
  api.post('/close-ticket', body, ticketResponseParser);

export function useCloseTicket() {
  const queryClient = useQueryClient();
  const viewerId = useSession().id;
  return useMutation({
    mutationFn: closeTicket,
    onSuccess: ({ ticket }) => showClosedTicket(queryClient, ticket, viewerId),
  });
}
