import { and, desc, eq, ilike, like, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Ticket, TicketSearchScope } from '@kreechat/contract';
import type { Tx } from '../../db/client';
import { clients, departments, messages, tickets, users } from '../../db/schema';
import { clientVerified } from '../clients';
import type { TicketScope } from '../tickets';

const handler = alias(users, 'handler');
const closer = alias(users, 'closer');

const iso = (d: Date | null) => d?.toISOString() ?? null;
const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

/** Ticket rows with everything the ticket card and the chat header show, in one query. */
function selectViews(tx: Tx) {
  return tx
    .select({
      ticket: tickets,
      clientName: clients.name,
      clientShortId: clients.shortId,
      clientEmail: clients.email,
      // The card and the chat header mark a guest's typed name and e-mail: one index probe per ticket shown.
      clientVerified: clientVerified(tickets.clientId),
      accountNumber: clients.accountNumber,
      departmentName: departments.name,
      handlerFirst: handler.firstName,
      handlerLast: handler.lastName,
      closerFirst: closer.firstName,
      closerLast: closer.lastName,
      // The newest message, notes included, in one lookup (by the (ticket_id, seq) index): the card's preview,
      // "type|delivery_status|id|content".
      lastMessage: sql<
        string | null
      >`(select m.type::text || '|' || m.delivery_status::text || '|' || m.id::text || '|' || m.content
        from ${messages} m where m.ticket_id = ${tickets.id} order by m.seq desc limit 1)`,
      // When the newest message that is not a note was written: a note dates nothing (the same index, walked back
      // past the notes).
      lastMessageOn: sql<
        string | null
      >`(select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from ${messages} m where m.ticket_id = ${tickets.id} and m.type <> 'note' order by m.seq desc limit 1)`,
    })
    .from(tickets)
    .innerJoin(clients, eq(clients.id, tickets.clientId))
    .innerJoin(departments, eq(departments.id, tickets.departmentId))
    .leftJoin(handler, eq(handler.id, tickets.handlerId))
    .leftJoin(closer, eq(closer.id, tickets.closedById));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

function lastMessageOf(packed: string | null) {
  if (!packed) return { last_message: null, last_message_type: null, last_message_id: null, last_message_status: null };
  const [type, status, id, ...content] = packed.split('|');
  return {
    last_message: content.join('|'),
    last_message_type: type as Ticket['last_message_type'],
    last_message_id: id ?? null,
    last_message_status: (status ?? null) as Ticket['last_message_status'],
  };
}

function toTicket(r: ViewRow): Ticket {
  const t = r.ticket;
  return {
    ticketid: t.id,
    platform: t.platform,
    stage: t.stage,
    clientid: t.clientId,
    client_name: r.clientName,
    client_short_id: r.clientShortId,
    client_email: r.clientEmail,
    client_verified: r.clientVerified,
    account_number: r.accountNumber,
    departmentid: t.departmentId,
    department_name: r.departmentName,
    userid: t.handlerId,
    user_name: fullName(r.handlerFirst, r.handlerLast),
    accepted: t.handlerId !== null,
    created_on: t.createdAt.toISOString(),
    updated_on: t.updatedAt.toISOString(),
    accepted_on: iso(t.acceptedAt),
    // A reopened ticket keeps its last close in the row (the counts read it) but is not closed: nothing lists it.
    closed_on: t.stage === 'closed' ? iso(t.closedAt) : null,
    closed_by_name: t.stage === 'closed' ? fullName(r.closerFirst, r.closerLast) : null,
    reopened_on: iso(t.reopenedAt),
    rating: t.rating,
    companyid: t.companyId,
    ...lastMessageOf(r.lastMessage),
    last_message_on: r.lastMessageOn,
    awaiting_since: iso(t.awaitingSince),
    first_response_on: iso(t.firstResponseAt),
    arrived_closed: t.arrivedClosed,
  };
}

const inScope = (scope: TicketScope): SQL | undefined => {
  if (!scope) return undefined;
  const department = scope.departmentId ? eq(tickets.departmentId, scope.departmentId) : undefined;
  if (!scope.userId) return department ?? sql`false`;
  return or(department, eq(tickets.handlerId, scope.userId));
};

/** Tickets as agents see them (the card, the chat header): read only; the rows are written by the tickets module. */
export const ticketViewRepo = {
  async view(tx: Tx, companyId: string, id: string): Promise<Ticket | undefined> {
    const [row] = await selectViews(tx).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)));
    return row && toTicket(row);
  },

  /** Open tickets (pending and accepted) of a scope, newest activity first. */
  async listOpen(tx: Tx, companyId: string, scope: TicketScope, limit: number): Promise<Ticket[]> {
    const rows = await selectViews(tx)
      .where(and(eq(tickets.companyId, companyId), ne(tickets.stage, 'closed'), inScope(scope)))
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(limit);
    return rows.map(toTicket);
  },

  async listClosed(tx: Tx, companyId: string, scope: TicketScope, offset: number, limit: number) {
    const rows = await selectViews(tx)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.stage, 'closed'), inScope(scope)))
      .orderBy(desc(tickets.closedAt), desc(tickets.id))
      .offset(offset)
      .limit(limit);
    return rows.map(toTicket);
  },

  /**
   * Open or closed tickets whose client name or account number contains the keyword (case-insensitive), or whose
   * id starts with it, among those `visibleTo` covers.
   */
  async search(
    tx: Tx,
    companyId: string,
    scope: TicketSearchScope,
    keyword: string,
    visibleTo: TicketScope,
    limit: number,
  ): Promise<Ticket[]> {
    const contains = `%${escapeLike(keyword)}%`;
    // Ids are lowercase uuid text; only a keyword made of hex digits and dashes can be the start of one.
    const idPrefix = /^[0-9a-f-]+$/i.test(keyword)
      ? like(sql`${tickets.id}::text`, `${escapeLike(keyword.toLowerCase())}%`)
      : undefined;
    const rows = await selectViews(tx)
      .where(
        and(
          eq(tickets.companyId, companyId),
          scope === 'closed' ? eq(tickets.stage, 'closed') : ne(tickets.stage, 'closed'),
          inScope(visibleTo),
          or(ilike(clients.name, contains), ilike(clients.accountNumber, contains), idPrefix),
        ),
      )
      .orderBy(
        scope === 'closed' ? desc(tickets.closedAt) : desc(tickets.updatedAt),
        desc(tickets.createdAt),
        desc(tickets.id),
      )
      .limit(limit);
    return rows.map(toTicket);
  },
};

/** A keyword taken literally by LIKE: its own %, _ and \ match only themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
