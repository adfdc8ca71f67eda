import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { removeBubble } from '@/features/bubbles/lib/bubble-cache';
import { bubblesQueryKey } from './get-bubbles';

/** DELETE /api/{bubbleid}/delete-bubble: removes one of the agent's own bubbles. */
export const deleteBubble = (bubbleid: string): Promise<{ message: string }> =>
  api.delete(`/${encodeURIComponent(bubbleid)}/delete-bubble`, parser('okSchema'));

export function useDeleteBubble() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBubble,
    onSuccess: (_data, bubbleid) => removeBubble(queryClient, bubbleid),
    onError: () => queryClient.invalidateQueries({ queryKey: bubblesQueryKey }),
  });
}
