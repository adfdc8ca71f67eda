import { bubbleSchema, type Bubble, type BubbleBody } from '@kreechat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showBubble } from '@/features/bubbles/lib/bubble-cache';

/** POST /api/create-bubble: saves a new bubble for the signed-in agent. */
export const createBubble = (body: BubbleBody): Promise<Bubble> => api.post('/create-bubble', body, bubbleSchema);

export function useCreateBubble() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBubble,
    // The newBubble event may have shown it already: showBubble merges by id.
    onSuccess: (bubble) => showBubble(queryClient, bubble),
  });
}
