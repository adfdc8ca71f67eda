import type { Message, Ticket } from '@kreechat/contract';
import type { Viewer } from '../../../lib/session';

/*
 * Pure list updates behind the live ticket events (SPEC §4). Lists are immutable: each function returns a new one.
 */

/** A closed-list page set as react-query keeps it. */
export interface Pages {
  pages: Ticket[][];
  pageParams: number[];
}

export const isOpenTicket = (ticket: Ticket): boolean => ticket.stage !== 'closed';

/** Puts the ticket first, dropping any older copy (a new or reopened ticket is the newest). */
export function putFirst(list: readonly Ticket[], ticket: Ticket): Ticket[] {
  return [ticket, ...list.filter((t) => t.ticketid !== ticket.ticketid)];
}

/** Replaces the ticket where it is (cards do not jump under the pointer), or adds it first when it is new here. */
export function replaceInPlace(list: readonly Ticket[], ticket: Ticket): Ticket[] {
  return list.some((t) => t.ticketid === ticket.ticketid)
    ? list.map((t) => (t.ticketid === ticket.ticketid ? ticket : t))
    : [ticket, ...list];
}

export function withoutTicket(list: readonly Ticket[], ticketid: string): Ticket[] {
  return list.filter((t) => t.ticketid !== ticketid);
}

/**
 * Whether the viewer may keep seeing a ticket after a handler or department change (SPEC §4): like the server, its
 * department's agents, its handler, and those who see every department.
 */
export function isVisibleTo(ticket: Ticket, viewer: Pick<Viewer, 'id' | 'canSeeAll' | 'departmentId'>): boolean {
  // While the viewer's department is still loading, trust the server: it only sends what the viewer may see.
  if (viewer.canSeeAll || !viewer.departmentId) return true;
  return ticket.departmentid === viewer.departmentId || ticket.userid === viewer.id;
}

/**
 * Whether a closed list of `scope` (a department id or `all`) lists the ticket. An agent's list of their department
 * also holds the tickets they handled in another one (the server's rule: own department plus own tickets).
 */
export const closedScopeShows = (scope: string, ticket: Ticket, viewerId?: string): boolean =>
  scope === 'all' || ticket.departmentid === scope || (viewerId !== undefined && ticket.userid === viewerId);

export function prependClosed(data: Pages, ticket: Ticket): Pages {
  const pages = data.pages.map((page) => withoutTicket(page, ticket.ticketid));
  const [first = [], ...rest] = pages;
  return { ...data, pages: [[ticket, ...first], ...rest] };
}

export function removeClosed(data: Pages, ticketid: string): Pages {
  return { ...data, pages: data.pages.map((page) => withoutTicket(page, ticketid)) };
}

/** All loaded closed tickets in order, once each (offset paging can repeat one after a live change). */
export function flattenPages(pages: readonly (readonly Ticket[])[]): Ticket[] {
  const seen = new Set<string>();
  const out: Ticket[] = [];
  for (const page of pages) {
    for (const ticket of page) {
      if (seen.has(ticket.ticketid)) continue;
      seen.add(ticket.ticketid);
      out.push(ticket);
    }
  }
  return out;
}

/** The card of the message's ticket with the message as its last one. */
export function withLastMessage(list: readonly Ticket[], message: Message): Ticket[] {
  if (!list.some((t) => t.ticketid === message.ticketid)) return list as Ticket[];
  return list.map((t) =>
    t.ticketid === message.ticketid
      ? { ...t, last_message: message.content, last_message_type: message.type, last_message_on: message.created_on }
      : t,
  );
}

/** Every ticket of the client with the client's changed details (an account number set from a chat). */
export function withClientChange(
  list: readonly Ticket[],
  clientid: string,
  change: Partial<Pick<Ticket, 'account_number' | 'client_name'>>,
): Ticket[] {
  if (!list.some((t) => t.clientid === clientid)) return list as Ticket[];
  return list.map((t) => (t.clientid === clientid ? { ...t, ...change } : t));
}

/** Search results with each ticket replaced by the copy `list` holds, which live events keep current. */
export function freshest(results: readonly Ticket[], list: readonly Ticket[]): Ticket[] {
  if (list.length === 0) return results as Ticket[];
  const byId = new Map(list.map((t) => [t.ticketid, t]));
  return results.map((t) => byId.get(t.ticketid) ?? t);
}
