import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dayKey } from '@/lib/dates';
import { useSocketEvents, type WorkspaceSocket } from '@/lib/socket';
import { privateChatQueryKey, privateChatQueryRoot } from '@/features/private-chat/api/get-private-chat';
import { appendPrivateMessage, peerOf, type PrivateChatPages } from '@/features/private-chat/lib/private-chat-cache';

/**
 * Live private messages (SPEC §4): each joins its chat if loaded; one from a colleague whose chat is not open
 * counts as unread for that colleague until the chat opens. Loaded chats are read again on every (re)connection.
 */
export function usePrivateChatLive(socket: WorkspaceSocket | null, viewerId: string, openPeerId: string | null) {
  const queryClient = useQueryClient();
  const [unread, setUnread] = useState<ReadonlyMap<string, number>>(() => new Map());

  const markRead = useCallback((peerId: string) => {
    setUnread((current) => {
      if (!current.has(peerId)) return current;
      const next = new Map(current);
      next.delete(peerId);
      return next;
    });
  }, []);

  useSocketEvents(socket, {
    newPrivateMessage: ({ message }) => {
      const peerId = peerOf(message, viewerId);
      queryClient.setQueryData<PrivateChatPages>(
        privateChatQueryKey(peerId),
        (pages) => pages && appendPrivateMessage(pages, message, dayKey(message.created_on)),
      );
      if (message.senderid !== viewerId && peerId !== openPeerId) {
        setUnread((current) => new Map(current).set(peerId, (current.get(peerId) ?? 0) + 1));
      }
    },
    connect: () => void queryClient.invalidateQueries({ queryKey: privateChatQueryRoot }),
  });

  return { unread, markRead };
}
