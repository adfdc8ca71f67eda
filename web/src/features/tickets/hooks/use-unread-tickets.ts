import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { addUnread, clearUnread, type UnreadCounts } from '@/features/tickets/lib/unread';

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

/** The counts as a query that never fetches: live events write them, components read them. */
function useUnreadQuery<T = UnreadCounts>(select?: (counts: UnreadCounts) => T) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: unreadQueryKey,
    queryFn: () => queryClient.getQueryData<UnreadCounts>(unreadQueryKey) ?? NONE,
    initialData: NONE,
    staleTime: Infinity,
    gcTime: Infinity,
    select,
  }).data;
}

/** Clears a ticket's unread count, without re-rendering the caller when counts change. */
export function useMarkTicketRead() {
  const queryClient = useQueryClient();
  return useCallback(
    (ticketid: string) =>
      queryClient.setQueryData<UnreadCounts>(unreadQueryKey, (counts = NONE) => clearUnread(counts, ticketid)),
    [queryClient],
  );
}

/** Each ticket's unread count, for the cards. */
export function useUnreadTickets() {
  return { unread: useUnreadQuery() as UnreadCounts, markRead: useMarkTicketRead() };
}

const total = (counts: UnreadCounts) => Object.values(counts).reduce((sum, count) => sum + count, 0);

/** All unread messages of the ticket lists; only its own subscriber re-renders when it changes. */
export function useUnreadTotal(): number {
  return useUnreadQuery(total) as number;
}
