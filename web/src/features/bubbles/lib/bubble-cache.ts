import type { QueryClient } from '@tanstack/react-query';
import type { Bubble } from '@kreechat/contract';
import { bubblesQueryKey } from '@/features/bubbles/api/get-bubbles';

/**
 * Puts a bubble into the loaded list: an id already there is merged in place (updateBubble, or one's own create
 * whose event came first), a new one goes on top, where the server's newest-first order puts it too.
 */
export function showBubble(queryClient: QueryClient, bubble: Bubble): void {
  queryClient.setQueryData<Bubble[]>(bubblesQueryKey, (list) => {
    if (!list) return list;
    return list.some((b) => b.bubbleid === bubble.bubbleid)
      ? list.map((b) => (b.bubbleid === bubble.bubbleid ? { ...b, ...bubble } : b))
      : [bubble, ...list];
  });
}

export function removeBubble(queryClient: QueryClient, bubbleid: string): void {
  queryClient.setQueryData<Bubble[]>(bubblesQueryKey, (list) => list?.filter((b) => b.bubbleid !== bubbleid));
}
