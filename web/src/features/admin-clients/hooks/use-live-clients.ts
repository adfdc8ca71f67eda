import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventPayload } from '@kreechat/contract';
import { adminClientsQueryRoot } from '@/lib/query-keys';
import { onEveryConnect, usePanelSocket } from '@/lib/socket';
import { patchEverywhere } from '@/features/admin-clients/api/clients';

/**
 * Keeps the client table, searches and profiles current from clientUpdated (a number set from a chat, another
 * admin's edit or block), and reads them again after a reconnection, when events may have been missed.
 */
export function useLiveClients(): void {
  const socket = usePanelSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onUpdated = ({ client }: ServerEventPayload<'clientUpdated'>) => {
      const { clientid, ...change } = client;
      patchEverywhere(queryClient, clientid, change);
    };
    socket.on('clientUpdated', onUpdated);
    const stop = onEveryConnect(socket, () => void queryClient.invalidateQueries({ queryKey: adminClientsQueryRoot }));
    return () => {
      socket.off('clientUpdated', onUpdated);
      stop();
    };
  }, [socket, queryClient]);
}
