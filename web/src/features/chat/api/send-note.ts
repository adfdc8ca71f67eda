import type { Message, SendNoteBody } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showMessage } from '@/features/chat/lib/chat-cache';

/** POST /api/send-note: stores an internal note in the ticket; nothing goes to the client's channel. */
export const sendNote = (body: Required<SendNoteBody>): Promise<{ message: Message }> =>
  api.post('/send-note', body, parser('messageResponseSchema'));

/**
 * Saves a note and shows the server's copy (a note has no outbox stage: nothing is delivered, so there is nothing
 * to show before the answer). The live `newMessage` of the same note is shown once.
 */
export function useSendNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNote,
    onSuccess: ({ message }) => showMessage(queryClient, message),
  });
}
