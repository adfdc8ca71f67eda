import type { Message } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { showMessage } from '@/features/chat/lib/chat-cache';
import { putInOutbox, removeFromOutbox } from '@/features/chat/lib/outbox';

export interface SendMessageInput {
  content: string;
  ticketid: string;
  /** One per composed message, reused on every retry of it, so the server stores it once. */
  idempotencyKey: string;
}

/** POST /api/send-message: stores the agent's text and queues it for the channel (delivery_status 'pending'). */
export const sendMessage = (body: SendMessageInput): Promise<{ message: Message }> =>
  api.post('/send-message', body, parser('messageResponseSchema'));

/**
 * Sends a text and shows it at once from the outbox; the server's copy replaces it. The callbacks sit on the
 * mutation, not on each call, so every one of several quick sends settles — even after the chat was left.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onMutate: (input) =>
      putInOutbox(queryClient, {
        key: input.idempotencyKey,
        ticketid: input.ticketid,
        content: input.content,
        created_on: new Date().toISOString(),
        status: 'sending',
        error: null,
      }),
    onSuccess: ({ message }, input) => {
      showMessage(queryClient, message);
      removeFromOutbox(queryClient, input.ticketid, input.idempotencyKey);
    },
    onError: (error, input) =>
      putInOutbox(queryClient, {
        key: input.idempotencyKey,
        ticketid: input.ticketid,
        content: input.content,
        created_on: new Date().toISOString(),
        status: 'failed',
        error: isApiError(error) && error.status !== NETWORK_ERROR_STATUS ? error.serverMessage || null : null,
      }),
  });
}
