import type { Ticket } from '@kreechat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showOpenTicket } from '@/features/tickets/lib/ticket-cache';
import { ticketResponseParser } from '@/features/tickets/lib/ticket-response';

/** POST /api/reopen-ticket: a closed ticket goes back to pending (SPEC §4), as when its client writes again. */
export const reopenTicket = (ticketid: string): Promise<{ ticket: Ticket }> =>
  api.post('/reopen-ticket', { ticketid }, ticketResponseParser);

export function useReopenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenTicket,
    // The live newTicket event does the same for everyone else (and again here, harmlessly).
    onSuccess: ({ ticket }) => showOpenTicket(queryClient, ticket, 'first'),
  });
}
