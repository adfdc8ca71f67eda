import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvents, type WorkspaceSocket } from '@/lib/socket';
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
  const refetch = (clientid: string | null | undefined) => {
    if (clientid) void queryClient.invalidateQueries({ queryKey: clientPanelKey(clientid) });
  };
  const onTicket = ({ ticket }: { ticket: { clientid: string } }) => refetch(ticket.clientid);
  useSocketEvents(socket, {
    clientUpdated: ({ client }) =>
      queryClient.setQueryData<ClientPanelPages>(clientPanelKey(client.clientid), (data) =>
        patchPanelClient(data, client),
      ),
    newTicket: onTicket,
    acceptTicket: onTicket,
    newHandler: onTicket,
    closeTicket: onTicket,
    newMessage: ({ message }) => {
      if (message.type === 'rating' || message.type === 'close' || message.type === 'reopen') {
        refetch(message.clientid);
      }
    },
    connect: () => void queryClient.invalidateQueries({ queryKey: clientPanelRoot }),
  });
}
