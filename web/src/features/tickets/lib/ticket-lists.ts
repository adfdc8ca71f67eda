import type { Message, Ticket } from '@kreechat/contract';
import type { Viewer } from '@/lib/session';

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

/**
 * Who waits after this message, as the server records it (tickets' `touch` and `answered`): a client's message
 * starts a wait unless one runs; an agent's message ends it and is the first response if none was yet. The desk's
 * automatic messages, internal notes and the close/reopen/rating lines answer nobody.
 */
function responseStateAfter(ticket: Ticket, message: Message): Pick<Ticket, 'awaiting_since' | 'first_response_on'> {
  const unchanged = { awaiting_since: ticket.awaiting_since, first_response_on: ticket.first_response_on };
  if (message.automatic !== null || !CONVERSATION_TYPES.has(message.type)) return unchanged;
  if (!message.isagent) return { ...unchanged, awaiting_since: ticket.awaiting_since ?? message.created_on };
  return { awaiting_since: null, first_response_on: ticket.first_response_on ?? message.created_on };
}
const CONVERSATION_TYPES: ReadonlySet<Message['type']> = new Set([
  'text',
  'image',
  'video',
  'audio',
  'document',
  'location',
]);

/**
 * The card of the message's ticket with the message as its last one, moved to the front: a new message is the most
 * recent activity, so a list kept in activity order stays in it without sorting again. An internal note is no
 * activity of the conversation (as on the server): the card previews it but keeps its time and place. The card's
 * response clock follows the message too (an agent's answer stops it) until the next fetch brings the server's own.
 */
export function withLastMessage(list: readonly Ticket[], message: Message): Ticket[] {
  const index = list.findIndex((t) => t.ticketid === message.ticketid);
  if (index === -1) return list as Ticket[];
  const ticket = list[index]!;
  const updated: Ticket = {
    ...ticket,
    last_message: message.content,
    last_message_type: message.type,
    last_message_id: message.messageid,
    last_message_status: message.delivery_status,
    ...(message.type === 'note' ? {} : { last_message_on: message.created_on }),
    ...responseStateAfter(ticket, message),
  };
  if (message.type === 'note') return list.map((t, i) => (i === index ? updated : t));
  return [updated, ...list.slice(0, index), ...list.slice(index + 1)];
}

/** The card whose last message this is, with the message's new delivery state (a reply failing, or delivered). */
export function withMessageStatus(list: readonly Ticket[], message: Message): Ticket[] {
  const index = list.findIndex((t) => t.last_message_id === message.messageid);
  if (index === -1 || list[index]!.last_message_status === message.delivery_status) return list as Ticket[];
  return list.map((t, i) => (i === index ? { ...t, last_message_status: message.delivery_status } : t));
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

/**
 * The workspace's one ticket list shows one of these: `pending` holds unassigned open tickets only, `mine`
 * the viewer's accepted ones, `all` every open ticket the viewer may see (admins and moderators), `closed` the
 * closed list.
 */
export const TICKET_FILTERS = ['pending', 'mine', 'all', 'closed'] as const;
export type TicketFilter = (typeof TICKET_FILTERS)[number];
export type OpenTicketFilter = Exclude<TicketFilter, 'closed'>;

/** The filters a viewer is offered: "All" only to those who see every department. */
export const filtersFor = (canSeeAll: boolean): readonly TicketFilter[] =>
  canSeeAll ? TICKET_FILTERS : TICKET_FILTERS.filter((filter) => filter !== 'all');

export function inOpenFilter(ticket: Ticket, filter: OpenTicketFilter, viewerId: string): boolean {
  if (filter === 'pending') return ticket.userid === null;
  if (filter === 'mine') return ticket.userid === viewerId;
  return true;
}

/** When a ticket last moved: its last message, else its last change (created, reopened, accepted). */
export const lastActivity = (ticket: Ticket): string => ticket.last_message_on ?? ticket.updated_on;

/** Most recent activity first; the id breaks ties so the order never flickers between equal times. */
export function byActivity(a: Ticket, b: Ticket): number {
  const at = lastActivity(a);
  const bt = lastActivity(b);
  if (at !== bt) return at < bt ? 1 : -1;
  return a.ticketid < b.ticketid ? -1 : a.ticketid > b.ticketid ? 1 : 0;
}

/** The open tickets of one filter, most recent activity first (sorted only when the list is not in order yet). */
export function openTicketsOf(list: readonly Ticket[], filter: OpenTicketFilter, viewerId: string): Ticket[] {
  const listed = list.filter((ticket) => inOpenFilter(ticket, filter, viewerId));
  for (let i = 1; i < listed.length; i += 1) {
    if (byActivity(listed[i - 1]!, listed[i]!) > 0) return listed.sort(byActivity);
  }
  return listed;
}

/** How many open tickets each open filter holds, in one pass. */
export function countOpenFilters(list: readonly Ticket[], viewerId: string): Record<OpenTicketFilter, number> {
  let pending = 0;
  let mine = 0;
  for (const ticket of list) {
    if (ticket.userid === null) pending += 1;
    else if (ticket.userid === viewerId) mine += 1;
  }
  return { pending, mine, all: list.length };
}

/** The ticket `step` places after `currentId` in `list` (wrapping), or the first one when none is current. */
export function neighbour(list: readonly Ticket[], currentId: string | null, step: 1 | -1): Ticket | undefined {
  if (list.length === 0) return undefined;
  const index = currentId === null ? -1 : list.findIndex((t) => t.ticketid === currentId);
  if (index === -1) return step === 1 ? list[0] : list[list.length - 1];
  return list[(index + step + list.length) % list.length];
}
