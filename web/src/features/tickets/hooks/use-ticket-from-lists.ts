import { useCallback } from 'react';
import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { Ticket } from '@kreechat/contract';
import { closedTicketsQueryOptions } from '@/features/tickets/api/get-closed-tickets';
import { openTicketsQueryOptions } from '@/features/tickets/api/get-open-tickets';

/**
 * The newest copy of a ticket that the pending or closed list holds, if either does. It re-renders its caller only
 * when that ticket changes, not on every change of the lists around it.
 */
export function useTicketFromLists(
  ticketid: string | null,
  closedScope: string | null | undefined,
): Ticket | undefined {
  const inOpen = useCallback((list: Ticket[]) => list.find((t) => t.ticketid === ticketid), [ticketid]);
  const inClosed = useCallback(
    (data: InfiniteData<Ticket[], number>) => data.pages.flat().find((t) => t.ticketid === ticketid),
    [ticketid],
  );
  const open = useQuery({ ...openTicketsQueryOptions, select: inOpen, enabled: ticketid !== null });
  const closed = useInfiniteQuery({
    ...closedTicketsQueryOptions(closedScope ?? 'none'),
    select: inClosed,
    enabled: ticketid !== null && typeof closedScope === 'string',
  });
  if (!ticketid) return undefined;
  return open.data ?? closed.data;
}
