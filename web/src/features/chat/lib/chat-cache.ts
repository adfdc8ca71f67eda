import type { QueryClient } from '@tanstack/react-query';
import type { Message, ServerEventPayload } from '@kreechat/contract';
import { dayKey } from '@/lib/dates';
import { chatQueryKey, type ChatPages } from '@/features/chat/api/get-chat';
import { addMessage, replaceMessage, setReaction } from './chat-pages';

/*
 * A loaded chat in the query cache, changed alike by the viewer's own sends and by live events. A chat that is not
 * loaded stays so: opening it fetches the truth.
 */

/** A new message (a send's answer, or newMessage): shown once, in its day. */
export function showMessage(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<ChatPages>(chatQueryKey(message.ticketid), (data) =>
    data ? addMessage(data, message, dayKey(message.created_on)) : data,
  );
}

/** A changed message (messageStatus): replaces the shown copy. */
export function updateMessage(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<ChatPages>(chatQueryKey(message.ticketid), (data) =>
    data ? replaceMessage(data, message) : data,
  );
}

/**
 * The answer of a retry: shown only while the message still reads failed, since the messageStatus of the new
 * attempt may have arrived first.
 */
export function showRetried(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<ChatPages>(chatQueryKey(message.ticketid), (data) =>
    data ? replaceMessage(data, message, (shown) => shown.delivery_status === 'failed') : data,
  );
}

export function showReaction(queryClient: QueryClient, event: ServerEventPayload<'newReaction'>): void {
  queryClient.setQueryData<ChatPages>(chatQueryKey(event.ticketid), (data) => (data ? setReaction(data, event) : data));
}
