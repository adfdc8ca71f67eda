import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventPayload } from '@kreechat/contract';
import { dayKey } from '@/lib/dates';
import { onEveryConnect, type WorkspaceSocket } from '@/lib/socket';
import { privateChatQueryKey, privateChatQueryRoot } from '@/features/private-chat/api/get-private-chat';
import { appendPrivateMessage, peerOf, type PrivateChatPages } from '@/features/private-chat/lib/private-chat-cache';

/**
 * Live private messages (SPEC §4): each joins its chat if loaded; one from a colleague whose chat is not open
 * counts as unread for that colleague until the chat opens. Loaded chats are read again on every (re)connection.
 */
export function usePrivateChatLive(socket: WorkspaceSocket | null, viewerId: string, openPeerId: string | null) {
  const queryClient = useQueryClient();
  const [unread, setUnread] = useState<ReadonlyMap<string, number>>(() => new Map());
  const openPeer = useRef(openPeerId);
  openPeer.current = openPeerId;

  const markRead = useCallback((peerId: string) => {
    setUnread((current) => {
      if (!current.has(peerId)) return current;
      const next = new Map(current);
      next.delete(peerId);
      return next;
    });
  }, []);

  useEffect(() => {
    if (!socket) return;
    const onMessage = ({ message }: ServerEventPayload<'newPrivateMessage'>) => {
      const peerId = peerOf(message, viewerId);
      queryClient.setQueryData<PrivateChatPages>(
        privateChatQueryKey(peerId),
        (pages) => pages && appendPrivateMessage(pages, message, dayKey(message.created_on)),
      );
      if (message.senderid !== viewerId && peerId !== openPeer.current) {
        setUnread((current) => new Map(current).set(peerId, (current.get(peerId) ?? 0) + 1));
      }
    };
    const unsubscribe = onEveryConnect(
      socket,
      () => void queryClient.invalidateQueries({ queryKey: privateChatQueryRoot }),
    );
    socket.on('newPrivateMessage', onMessage);
    return () => {
      unsubscribe();
      socket.off('newPrivateMessage', onMessage);
    };
  }, [socket, queryClient, viewerId]);

  return { unread, markRead };
}
