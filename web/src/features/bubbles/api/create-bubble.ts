import type { Bubble, BubbleBody } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showBubble } from '@/features/bubbles/lib/bubble-cache';

/** POST /api/create-bubble: saves a new bubble for the signed-in agent. */
export const createBubble = (body: BubbleBody): Promise<Bubble> =>
  api.post('/create-bubble', body, parser('bubbleSchema'));

export function useCreateBubble() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBubble,
    // The newBubble event may have shown it already: showBubble merges by id.
    onSuccess: (bubble) => showBubble(queryClient, bubble),
  });
}
