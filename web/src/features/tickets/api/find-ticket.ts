import type { QueryClient } from '@tanstack/react-query';
import type { Ticket } from '@kreechat/contract';
import { closedTicketsQueryRoot, type ClosedTicketPages } from './get-closed-tickets';
import { openTicketsQueryKey } from './get-open-tickets';
import { searchTickets } from './search-tickets';

/**
 * A ticket by its id, wherever the viewer may see it: the loaded lists first, else the server's ticket search (an id
 * is one of its keywords), open then closed. Undefined when the viewer may not see it. For links that name a ticket
 * the lists may not hold: a client's earlier ticket in the client panel, a notification, the admin table.
 */
export async function findTicket(queryClient: QueryClient, ticketid: string): Promise<Ticket | undefined> {
  const listed =
    queryClient.getQueryData<Ticket[]>(openTicketsQueryKey)?.find((t) => t.ticketid === ticketid) ??
    queryClient
      .getQueriesData<ClosedTicketPages>({ queryKey: closedTicketsQueryRoot })
      .flatMap(([, data]) => data?.pages.flat() ?? [])
      .find((t) => t.ticketid === ticketid);
  if (listed) return listed;
  for (const scope of ['open', 'closed'] as const) {
    const found = (await searchTickets(ticketid, scope)).find((t) => t.ticketid === ticketid);
    if (found) return found;
  }
  return undefined;
}
