import type { Message, PinnedMessage } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showPin, hidePin } from '@/features/chat/lib/pin-cache';

/** POST /api/{ticketid}/pin-message with the SPEC §7 body; the server trusts only the ids and reads the rest. */
export const pinMessage = (message: Message): Promise<{ pin: PinnedMessage }> =>
  api.post(
    `/${encodeURIComponent(message.ticketid)}/pin-message`,
    {
      ticketid: message.ticketid,
      messageid: message.messageid,
      agentid: message.senderid,
      content: message.content,
      clientid: message.clientid,
      created_on: message.created_on,
      type: message.type,
      fileName: message.file_name,
    },
    parser('pinResponseSchema'),
  );

/** POST /api/{ticketid}/unpin-message, naming the message by id and (as SPEC §7 does) by its time. */
export const unpinMessage = (message: Pick<Message, 'ticketid' | 'messageid' | 'created_on'>) =>
  api.post(
    `/${encodeURIComponent(message.ticketid)}/unpin-message`,
    { messageid: message.messageid, createdOn: message.created_on },
    parser('unpinResponseSchema'),
  );

export function usePinMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: pinMessage, onSuccess: ({ pin }) => showPin(queryClient, pin) });
}

export function useUnpinMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unpinMessage, onSuccess: (removed) => hidePin(queryClient, removed) });
}
