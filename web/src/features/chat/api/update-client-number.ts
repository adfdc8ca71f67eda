import {
  updateClientNumberBodySchema,
  type Client,
  type Ticket,
  type UpdateClientNumberBody,
} from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminClientsQueryRoot, adminTicketsQueryRoot } from '@/lib/query-keys';

/**
 * POST /api/auth/update-client-number: sets the account number of the ticket's client (the handler, moderators and
 * admins may) and answers the client. The body goes through the contract's schema, so it is sent trimmed.
 */
export const updateClientNumber = (body: UpdateClientNumberBody): Promise<Client> =>
  api.post('/auth/update-client-number', updateClientNumberBodySchema.parse(body), parser('clientSchema'));

/** The call's body for `ticket` (SPEC §7 field names; `created_on` is the ticket's, as in the other ticket calls). */
export const clientNumberBody = (ticket: Ticket, clientNumber: string): UpdateClientNumberBody => ({
  client_number: clientNumber,
  clientid: ticket.clientid,
  departmentId: ticket.departmentid,
  created_on: ticket.created_on,
  ticketid: ticket.ticketid,
});

/**
 * Sets the number; on success the admin panel's client and ticket tables are marked stale and `onUpdated` gets the
 * client, so the screen can refresh the ticket lists it composed. The server sends no live event for this: the
 * caller's own screens are updated from the answer. The callbacks sit on the mutation, so they run even when the
 * chat was left before the answer came.
 */
export function useUpdateClientNumber(onUpdated?: (client: Client) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticket, clientNumber }: { ticket: Ticket; clientNumber: string }) =>
      updateClientNumber(clientNumberBody(ticket, clientNumber)),
    onSuccess: (client) => {
      void queryClient.invalidateQueries({ queryKey: adminClientsQueryRoot });
      void queryClient.invalidateQueries({ queryKey: adminTicketsQueryRoot });
      onUpdated?.(client);
    },
  });
}
