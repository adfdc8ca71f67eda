import { ERASED_CLIENT_NAME } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminClientsQueryRoot } from '@/lib/query-keys';
import { patchEverywhere } from './clients';

/**
 * DELETE /clients/{clientid}: erases the client (admins). The lists and the profile show the erased client at once;
 * the profile's history (identities gone, open tickets closed) is read again.
 */
export function useEraseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientid: string) =>
      api.delete(`/clients/${encodeURIComponent(clientid)}`, parser('clientEraseResponseSchema')),
    onSuccess: (result) => {
      patchEverywhere(queryClient, result.clientid, {
        client_name: ERASED_CLIENT_NAME,
        account_number: null,
        address: null,
        note: null,
        erased_on: result.erased_on,
      });
      void queryClient.invalidateQueries({ queryKey: adminClientsQueryRoot });
    },
  });
}
