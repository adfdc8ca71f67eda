import { useQueryClient } from '@tanstack/react-query';
import { adminClientsQueryRoot } from '@/lib/query-keys';
import { usePanelSocket, useSocketEvents } from '@/lib/socket';
import { patchEverywhere } from '@/features/admin-clients/api/clients';

/**
 * Keeps the client table, searches and profiles current from clientUpdated (a number set from a chat, another
 * admin's edit or block), and reads them again after a reconnection, when events may have been missed.
 */
export function useLiveClients(): void {
  const queryClient = useQueryClient();
  useSocketEvents(usePanelSocket(), {
    clientUpdated: ({ client }) => {
      const { clientid, ...change } = client;
      patchEverywhere(queryClient, clientid, change);
    },
    connect: () => void queryClient.invalidateQueries({ queryKey: adminClientsQueryRoot }),
  });
}
