import type { Message } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showRetried } from '@/features/chat/lib/chat-cache';

/** POST /api/retry-message: queues a failed outbound message again; it comes back as 'pending'. */
export const retryMessage = (messageid: string): Promise<{ message: Message }> =>
  api.post('/retry-message', { messageid }, parser('messageResponseSchema'));

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMessage,
    onSuccess: ({ message }) => showRetried(queryClient, message),
  });
}
