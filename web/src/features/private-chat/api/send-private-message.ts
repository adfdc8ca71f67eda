import type { CreatePrivateMessageBody, PrivateMessage } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dayKey } from '@/lib/dates';
import { appendPrivateMessage, type PrivateChatPages } from '@/features/private-chat/lib/private-chat-cache';
import { privateChatQueryKey } from './get-private-chat';

/** POST /api/create-private-msg: stores the text (the pair's chat is made on the first one). */
export const sendPrivateMessage = (body: CreatePrivateMessageBody): Promise<{ message: PrivateMessage }> =>
  api.post('/create-private-msg', body, parser('createPrivateMessageResponseSchema'));

/** POST /api/{receiverid}/save-notification: the receiver's inbox counts the message. */
export const saveNotification = (message: PrivateMessage) =>
  api.post(`/${encodeURIComponent(message.receiverid)}/save-notification`, {
    senderid: message.senderid,
    chatid: message.chatid,
    content: message.content,
    type: 'text',
  });

/** Sends, shows the message in the open chat, then tells the receiver's inbox (a failure there stays silent). */
export function useSendPrivateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPrivateMessage,
    onSuccess: ({ message }) => {
      queryClient.setQueryData<PrivateChatPages>(
        privateChatQueryKey(message.receiverid),
        (pages) => pages && appendPrivateMessage(pages, message, dayKey(message.created_on)),
      );
      // SPEC §8: notifications fail silently.
      void saveNotification(message).catch(() => undefined);
    },
  });
}
