import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { addUnread, clearUnread, type UnreadCounts } from '../lib/unread';

/*
 * How many messages of each ticket the viewer has not opened yet. Client state only, kept in the query cache so it
 * lives as long as the workspace's other data and is cleared with it at logout. Its own key root: refetching the
 * ticket lists must not reset it.
 */
const unreadQueryKey = ['ticket-unread'] as const;
const NONE: UnreadCounts = {};

export function markTicketUnread(queryClient: QueryClient, ticketid: string): void {
  queryClient.setQueryData<UnreadCounts>(unreadQueryKey, (counts = NONE) => addUnread(counts, ticketid));
}

export function useUnreadTickets() {
  const queryClient = useQueryClient();
  const { data: unread } = useQuery({
    queryKey: unreadQueryKey,
    queryFn: () => queryClient.getQueryData<UnreadCounts>(unreadQueryKey) ?? NONE,
    initialData: NONE,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const markRead = useCallback(
    (ticketid: string) =>
      queryClient.setQueryData<UnreadCounts>(unreadQueryKey, (counts = NONE) => clearUnread(counts, ticketid)),
    [queryClient],
  );
  return { unread, markRead };
}
