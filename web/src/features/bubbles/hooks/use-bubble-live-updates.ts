import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventPayload } from '@kreechat/contract';
import { useSocketEvents, type WorkspaceSocket } from '@/lib/socket';
import { bubblesQueryKey } from '@/features/bubbles/api/get-bubbles';
import { removeBubble, showBubble } from '@/features/bubbles/lib/bubble-cache';

/**
 * Keeps the bubble list current from the owner's other tabs (SPEC §4): newBubble adds one whose id is not listed,
 * updateBubble merges into the entry with the same id, deleteBubble removes it. The list is read again on every
 * (re)connection, since events sent meanwhile are lost.
 */
export function useBubbleLiveUpdates(socket: WorkspaceSocket | null): void {
  const queryClient = useQueryClient();
  const onShow = ({ bubble }: ServerEventPayload<'newBubble'>) => showBubble(queryClient, bubble);
  useSocketEvents(socket, {
    connect: () => void queryClient.invalidateQueries({ queryKey: bubblesQueryKey }),
    newBubble: onShow,
    updateBubble: onShow,
    deleteBubble: ({ bubbleid }) => removeBubble(queryClient, bubbleid),
  });
}
