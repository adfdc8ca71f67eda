import { useMemo } from 'react';
import type { Ticket } from '@kreechat/contract';
import { useClosedTickets } from '../api/get-closed-tickets';
import { useOpenTickets } from '../api/get-open-tickets';

/** The newest copy of a ticket that the pending or closed list holds, if either does. */
export function useTicketFromLists(
  ticketid: string | null,
  closedScope: string | null | undefined,
): Ticket | undefined {
  const open = useOpenTickets();
  const closed = useClosedTickets(closedScope);
  return useMemo(() => {
    if (!ticketid) return undefined;
    return (
      open.data?.find((t) => t.ticketid === ticketid) ?? closed.data?.pages.flat().find((t) => t.ticketid === ticketid)
    );
  }, [ticketid, open.data, closed.data]);
}
