import type { QueryClient } from '@tanstack/react-query';
import type { Client, Ticket } from '@kreechat/contract';
import { closedTicketsQueryRoot, type ClosedTicketPages } from '@/features/tickets/api/get-closed-tickets';
import { openTicketsQueryKey } from '@/features/tickets/api/get-open-tickets';
import { ticketSearchQueryRoot } from '@/features/tickets/api/search-tickets';
import type { Viewer } from '@/lib/session';
import {
  closedScopeShows,
  isOpenTicket,
  isVisibleTo,
  prependClosed,
  putFirst,
  removeClosed,
  replaceInPlace,
  withClientChange,
  withoutTicket,
} from './ticket-lists';

/*
 * The ticket lists in the query cache, changed the same way by live events and by the viewer's own actions.
 * A list that was never loaded stays unloaded: its first fetch brings the truth.
 */

function eachClosedList(
  queryClient: QueryClient,
  update: (scope: string, data: ClosedTicketPages) => ClosedTicketPages,
) {
  for (const [key, data] of queryClient.getQueriesData<ClosedTicketPages>({ queryKey: closedTicketsQueryRoot })) {
    const scope = key[2];
    if (!data || typeof scope !== 'string') continue;
    queryClient.setQueryData<ClosedTicketPages>(key, update(scope, data));
  }
}

/** An open ticket: first in the pending list (new, reopened) or replaced where it is (accepted, new handler). */
export function showOpenTicket(queryClient: QueryClient, ticket: Ticket, where: 'first' | 'in-place'): void {
  queryClient.setQueryData<Ticket[]>(openTicketsQueryKey, (list) =>
    list ? (where === 'first' ? putFirst(list, ticket) : replaceInPlace(list, ticket)) : list,
  );
  eachClosedList(queryClient, (_scope, data) => removeClosed(data, ticket.ticketid));
}

/** A closed ticket leaves the pending list and tops the closed lists that show it to `viewerId`. */
export function showClosedTicket(queryClient: QueryClient, ticket: Ticket, viewerId: string): void {
  queryClient.setQueryData<Ticket[]>(openTicketsQueryKey, (list) =>
    list ? withoutTicket(list, ticket.ticketid) : list,
  );
  eachClosedList(queryClient, (scope, data) =>
    closedScopeShows(scope, ticket, viewerId) ? prependClosed(data, ticket) : removeClosed(data, ticket.ticketid),
  );
}

/** A ticket the viewer may no longer see (moved to another department). */
export function dropTicket(queryClient: QueryClient, ticketid: string): void {
  queryClient.setQueryData<Ticket[]>(openTicketsQueryKey, (list) => (list ? withoutTicket(list, ticketid) : list));
  eachClosedList(queryClient, (_scope, data) => removeClosed(data, ticketid));
}

/** A ticket whose handler or department changed: kept where the viewer may still see it, dropped otherwise. */
export function applyTicketChange(
  queryClient: QueryClient,
  ticket: Ticket,
  viewer: Pick<Viewer, 'id' | 'canSeeAll' | 'departmentId'>,
): void {
  if (!isVisibleTo(ticket, viewer)) dropTicket(queryClient, ticket.ticketid);
  else if (isOpenTicket(ticket)) showOpenTicket(queryClient, ticket, 'in-place');
  else showClosedTicket(queryClient, ticket, viewer.id);
}

/**
 * A client whose details changed (the account number set from a chat, a rename in the admin panel — from the
 * answer or the clientUpdated event): every ticket of theirs in the pending and closed lists and in the search
 * results shows the new details.
 */
export function showClientChange(
  queryClient: QueryClient,
  client: Pick<Client, 'clientid' | 'account_number' | 'client_name'>,
): void {
  const change = { account_number: client.account_number, client_name: client.client_name };
  const patch = (list: Ticket[] | undefined) => (list ? withClientChange(list, client.clientid, change) : list);
  queryClient.setQueryData<Ticket[]>(openTicketsQueryKey, patch);
  queryClient.setQueriesData<Ticket[]>({ queryKey: ticketSearchQueryRoot }, patch);
  eachClosedList(queryClient, (_scope, data) => ({
    ...data,
    pages: data.pages.map((page) => withClientChange(page, client.clientid, change)),
  }));
}
