import { useQueryClient } from '@tanstack/react-query';
import { refetchIfInFlight } from '@/lib/query-client';
import { useSocketEvents, type WorkspaceSocket } from '@/lib/socket';
import { chatQueryRoot } from '@/features/chat/api/get-chat';
import { pinsQueryRoot } from '@/features/chat/api/get-pins';
import { whatsAppWindowQueryRoot, whatsAppWindowTicketKey } from '@/features/chat/api/get-whatsapp-window';
import { showMessage, showReaction, updateMessage } from '@/features/chat/lib/chat-cache';
import { hidePin, showPin } from '@/features/chat/lib/pin-cache';
import { settleOutboxByContent } from '@/features/chat/lib/outbox';

/**
 * Keeps loaded chats current from the live events (SPEC §4): new messages join their day (deduplicated by
 * messageid, so one's own message is not shown twice), delivery status and reactions change in place, pins come
 * and go; a client's message marks their ticket's service window stale. Loaded chats, pins and windows are refetched
 * on every (re)connection, since events sent meanwhile are lost, and when a client is erased.
 */
export function useChatLiveUpdates(socket: WorkspaceSocket | null, viewerId: string): void {
  const queryClient = useQueryClient();
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: chatQueryRoot });
    void queryClient.invalidateQueries({ queryKey: pinsQueryRoot });
    void queryClient.invalidateQueries({ queryKey: whatsAppWindowQueryRoot });
  };
  useSocketEvents(socket, {
    connect: refetch,
    newMessage: ({ message }) => {
      if (message.isagent && message.senderid === viewerId && message.type === 'text') {
        settleOutboxByContent(queryClient, message.ticketid, message.content);
      }
      showMessage(queryClient, message);
      refetchIfInFlight(queryClient, chatQueryRoot);
      // The client wrote: their 24-hour window (WhatsApp) opens again.
      if (!message.isagent) void queryClient.invalidateQueries({ queryKey: whatsAppWindowTicketKey(message.ticketid) });
    },
    messageStatus: ({ message }) => {
      updateMessage(queryClient, message);
      refetchIfInFlight(queryClient, chatQueryRoot);
    },
    newReaction: (event) => {
      showReaction(queryClient, event);
      refetchIfInFlight(queryClient, chatQueryRoot);
    },
    newPinnedMessage: ({ pin }) => {
      showPin(queryClient, pin);
      refetchIfInFlight(queryClient, pinsQueryRoot);
    },
    unpinMessage: (removed) => {
      hidePin(queryClient, removed);
      refetchIfInFlight(queryClient, pinsQueryRoot);
    },
    // A client was erased: the loaded chats read again, so their messages show as erased (one event, not one per
    // message of a long history).
    clientUpdated: ({ client }) => {
      if (client.erased_on) refetch();
    },
  });
}
