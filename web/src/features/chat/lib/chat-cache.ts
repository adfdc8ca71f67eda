import type { QueryClient } from '@tanstack/react-query';
import type { Message, ServerEventPayload } from '@kreechat/contract';
import { dayKey } from '../../../lib/dates';
import { chatQueryKey, type ChatPages } from '../api/get-chat';
import { replaceMessage, setReaction, upsertMessage } from './chat-pages';

/*
 * A loaded chat in the query cache, changed alike by the viewer's own sends and by live events. A chat that is not
 * loaded stays so: opening it fetches the truth.
 */

export function showMessage(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<ChatPages>(chatQueryKey(message.ticketid), (data) =>
    data ? upsertMessage(data, message, dayKey(message.created_on)) : data,
  );
}

export function updateMessage(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<ChatPages>(chatQueryKey(message.ticketid), (data) =>
    data ? replaceMessage(data, message) : data,
  );
}

export function showReaction(queryClient: QueryClient, event: ServerEventPayload<'newReaction'>): void {
  queryClient.setQueryData<ChatPages>(chatQueryKey(event.ticketid), (data) => (data ? setReaction(data, event) : data));
}
