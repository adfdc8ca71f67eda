import type { Bubble, BubbleBody } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showBubble } from '@/features/bubbles/lib/bubble-cache';
import { bubblesQueryKey } from './get-bubbles';

export type EditBubbleInput = BubbleBody & { bubbleid: string };

/** POST /api/{bubbleid}/edit-bubble: renames and rewrites one of the agent's own bubbles. */
export const editBubble = ({ bubbleid, ...body }: EditBubbleInput): Promise<Bubble> =>
  api.post(`/${encodeURIComponent(bubbleid)}/edit-bubble`, body, parser('bubbleSchema'));

export function useEditBubble() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editBubble,
    onSuccess: (bubble) => showBubble(queryClient, bubble),
    // A 404 means another tab deleted it: read the list again so it disappears here too.
    onError: () => queryClient.invalidateQueries({ queryKey: bubblesQueryKey }),
  });
}
