import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventPayload } from '@kreechat/contract';
import { onEveryConnect, type WorkspaceSocket } from '@/lib/socket';
import { clientPanelKey, clientPanelRoot, type ClientPanelPages } from '@/features/client-panel/api/get-client-panel';
import { patchPanelClient } from '@/features/client-panel/lib/panel-pages';

/**
 * Keeps open client panels current from the workspace socket: a client's details arrive whole in `clientUpdated`
 * (patched in place); a ticket of theirs opened, accepted, moved or closed, or a rating given, makes their panel
 * read again (its counts and list are the server's to compute). After a reconnection every panel is read again,
 * as events may have been missed. The workspace passes the socket it already holds.
 */
export function useClientPanelLive(socket: WorkspaceSocket | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refetch = (clientid: string | null | undefined) => {
      if (clientid) void queryClient.invalidateQueries({ queryKey: clientPanelKey(clientid) });
    };
    const onClient = ({ client }: ServerEventPayload<'clientUpdated'>) =>
      queryClient.setQueryData<ClientPanelPages>(clientPanelKey(client.clientid), (data) =>
        patchPanelClient(data, client),
      );
    const onTicket = ({ ticket }: { ticket: { clientid: string } }) => refetch(ticket.clientid);
    const onMessage = ({ message }: ServerEventPayload<'newMessage'>) => {
      if (message.type === 'rating' || message.type === 'close' || message.type === 'reopen') {
        refetch(message.clientid);
      }
    };
    socket.on('clientUpdated', onClient);
    socket.on('newTicket', onTicket);
    socket.on('acceptTicket', onTicket);
    socket.on('newHandler', onTicket);
    socket.on('closeTicket', onTicket);
    socket.on('newMessage', onMessage);
    const stop = onEveryConnect(socket, () => void queryClient.invalidateQueries({ queryKey: clientPanelRoot }));
    return () => {
      socket.off('clientUpdated', onClient);
      socket.off('newTicket', onTicket);
      socket.off('acceptTicket', onTicket);
      socket.off('newHandler', onTicket);
      socket.off('closeTicket', onTicket);
      socket.off('newMessage', onMessage);
      stop();
    };
  }, [socket, queryClient]);
}
