import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

/*
 * Which tickets got messages the viewer has not opened yet. Client state only, kept in the query cache so it lives
 * as long as the workspace's other data and is cleared with it at logout. Its own key root: refetching the ticket
 * lists must not reset it.
 */
const unreadQueryKey = ['ticket-unread'] as const;

export function markTicketUnread(queryClient: QueryClient, ticketid: string): void {
  queryClient.setQueryData<string[]>(unreadQueryKey, (ids = []) => (ids.includes(ticketid) ? ids : [...ids, ticketid]));
}

export function useUnreadTickets() {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: unreadQueryKey,
    queryFn: () => queryClient.getQueryData<string[]>(unreadQueryKey) ?? [],
    initialData: [] as string[],
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const unread = useMemo(() => new Set(data), [data]);
  const markRead = useCallback(
    (ticketid: string) =>
      queryClient.setQueryData<string[]>(unreadQueryKey, (ids = []) =>
        ids.includes(ticketid) ? ids.filter((id) => id !== ticketid) : ids,
      ),
    [queryClient],
  );
  return { unread, markRead };
}
