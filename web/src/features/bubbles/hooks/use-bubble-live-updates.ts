import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventPayload } from '@kreechat/contract';
import { onEveryConnect, type WorkspaceSocket } from '@/lib/socket';
import { bubblesQueryKey } from '@/features/bubbles/api/get-bubbles';
import { removeBubble, showBubble } from '@/features/bubbles/lib/bubble-cache';

/**
 * Keeps the bubble list current from the owner's other tabs (SPEC §4): newBubble adds one whose id is not listed,
 * updateBubble merges into the entry with the same id, deleteBubble removes it. The list is read again on every
 * (re)connection, since events sent meanwhile are lost.
 */
export function useBubbleLiveUpdates(socket: WorkspaceSocket | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: bubblesQueryKey });
    const onShow = ({ bubble }: ServerEventPayload<'newBubble'>) => showBubble(queryClient, bubble);
    const onDelete = ({ bubbleid }: ServerEventPayload<'deleteBubble'>) => removeBubble(queryClient, bubbleid);

    const unsubscribe = onEveryConnect(socket, refetch);
    socket.on('newBubble', onShow);
    socket.on('updateBubble', onShow);
    socket.on('deleteBubble', onDelete);
    return () => {
      unsubscribe();
      socket.off('newBubble', onShow);
      socket.off('updateBubble', onShow);
      socket.off('deleteBubble', onDelete);
    };
  }, [socket, queryClient]);
}
