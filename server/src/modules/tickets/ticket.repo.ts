import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MessageType } from '@kreechat/contract';
import type { Tx } from '../../db/client';
import { departments, messages, tickets, users } from '../../db/schema';

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicket = typeof tickets.$inferInsert;

const handler = alias(users, 'handler');
const closer = alias(users, 'closer');

/**
 * Whose tickets a list holds: null is every department; otherwise one department's and, with `userId`, the ones
 * that user handles wherever they are (an agent moved to another department keeps the tickets they work on).
 */
export type TicketScope = { departmentId: string | null; userId?: string } | null;

/** The rows of the retention index: the company's closed, not yet purged tickets closed before the cut. */
const purgeable = (companyId: string, closedBefore: Date) =>
  and(
    eq(tickets.companyId, companyId),
    eq(tickets.stage, 'closed'),
    isNull(tickets.purgedAt),
    lt(tickets.closedAt, closedBefore),
  );

/** The types of what people write each other; notes, closes, reopens and ratings are no conversation. */
const CONVERSATION_TYPES: readonly MessageType[] = ['text', 'audio', 'image', 'document', 'video', 'location'];
const CONVERSATION = sql.raw(`(${CONVERSATION_TYPES.map((type) => `'${type}'`).join(', ')})`);

/**
 * Whether a message is an answer, as chat sends call `answered`: an agent's own words to the client, not the
 * desk's automatic messages, notes or closes.
 */
export const isAnswer = (message: { isAgent: boolean; autoKind: string | null; type: MessageType }) =>
  message.isAgent && message.autoKind === null && CONVERSATION_TYPES.includes(message.type);

/** The same test in SQL, of the messages row named `m`. */
const answerIn = (m: string) =>
  sql.raw(`${m}.is_agent and ${m}.auto_kind is null and ${m}.type in `).append(CONVERSATION);

export const ticketRepo = {
  async insert(tx: Tx, values: NewTicket): Promise<TicketRow> {
    const [row] = await tx.insert(tickets).values(values).returning();
    return row!;
  },

  async find(tx: Tx, companyId: string, id: string, options: { lock?: boolean } = {}) {
    const query = tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
      .limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  /** Locks every ticket of the client until the transaction ends (an erasure: sends and closes wait behind it). */
  async lockOfClient(tx: Tx, companyId: string, clientId: string) {
    const rows = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.clientId, clientId)))
      .for('update');
    return rows.map((r) => r.id);
  },

  /**
   * Closes the client's open tickets without a word to the client (no closing message, no outbox row): an erased
   * client can be reached on no channel. Answers the ids it closed.
   */
  async closeOpenOfClient(tx: Tx, companyId: string, clientId: string, closedById: string, now: Date) {
    const rows = await tx
      .update(tickets)
      .set({ stage: 'closed', closedAt: now, closedById, updatedAt: now, awaitingSince: null })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.clientId, clientId), ne(tickets.stage, 'closed')))
      .returning({ id: tickets.id });
    return rows.map((r) => r.id);
  },

  /**
   * Up to `limit` of the client's tickets, oldest first, after the ticket `afterId` (a keyset on created_at and id,
   * read from the row itself so no precision is lost; served by tickets_client_idx), with the names the client's
   * export shows.
   */
  async exportPage(tx: Tx, companyId: string, clientId: string, afterId: string | null, limit: number) {
    return tx
      .select({
        ticket: tickets,
        departmentName: departments.name,
        handlerFirst: handler.firstName,
        handlerLast: handler.lastName,
        closerFirst: closer.firstName,
        closerLast: closer.lastName,
      })
      .from(tickets)
      .innerJoin(departments, eq(departments.id, tickets.departmentId))
      .leftJoin(handler, eq(handler.id, tickets.handlerId))
      .leftJoin(closer, eq(closer.id, tickets.closedById))
      .where(
        and(
          eq(tickets.companyId, companyId),
          eq(tickets.clientId, clientId),
          afterId
            ? sql`(${tickets.createdAt}, ${tickets.id}) > (select a.created_at, a.id from ${tickets} a
                where a.id = ${afterId} and a.company_id = ${companyId})`
            : undefined,
        ),
      )
      .orderBy(asc(tickets.createdAt), asc(tickets.id))
      .limit(limit);
  },

  /** The client's newest ticket on a channel: the one a new message continues or reopens. */
  async latestOfClient(tx: Tx, clientId: string, platform: TicketRow['platform']) {
    const [row] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.clientId, clientId), eq(tickets.platform, platform)))
      .orderBy(desc(tickets.createdAt))
      .limit(1)
      .for('update');
    return row;
  },

  /** Sets a handler only if the ticket still has none: two agents racing to accept cannot both win. */
  async acceptIfPending(tx: Tx, companyId: string, id: string, handlerId: string, now: Date) {
    const [row] = await tx
      .update(tickets)
      .set({ handlerId, stage: 'accepted', acceptedAt: now, updatedAt: now })
      .where(
        and(
          eq(tickets.companyId, companyId),
          eq(tickets.id, id),
          isNull(tickets.handlerId),
          eq(tickets.stage, 'pending'),
        ),
      )
      .returning();
    return row;
  },

  async update(tx: Tx, companyId: string, id: string, patch: Partial<NewTicket>) {
    const [row] = await tx
      .update(tickets)
      .set(patch)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
      .returning();
    return row!;
  },

  /**
   * A client's message arrived: the ticket moves up the lists, and if nobody owed the client an answer yet, they
   * wait from `writtenAt` (the message's time) on.
   */
  async touch(tx: Tx, id: string, now: Date, writtenAt: Date = now) {
    await tx
      .update(tickets)
      .set({ updatedAt: now, awaitingSince: sql`coalesce(${tickets.awaitingSince}, ${writtenAt})` })
      .where(eq(tickets.id, id));
  },

  // The marks automatic messages keep on a ticket, each set by a conditional UPDATE so that two processes, or two
  // messages of one client at once, cannot both send the same automatic message.

  /**
   * Marks the out-of-hours notice of the closed period that began at `closedSince`: true when this call set it
   * (no notice yet, or only one from an earlier closed period), false when one went out in this period already.
   */
  async claimOutOfHours(tx: Tx, ticketId: string, closedSince: Date, now: Date): Promise<boolean> {
    const rows = await tx
      .update(tickets)
      .set({ outOfHoursNoticeAt: now })
      .where(
        and(
          eq(tickets.id, ticketId),
          or(isNull(tickets.outOfHoursNoticeAt), lt(tickets.outOfHoursNoticeAt, closedSince)),
        ),
      )
      .returning({ id: tickets.id });
    return rows.length > 0;
  },

  /** The ticket started or came back while its department was closed (its card says so). */
  async markArrivedClosed(tx: Tx, ticketId: string) {
    await tx.update(tickets).set({ arrivedClosed: true }).where(eq(tickets.id, ticketId));
  },

  /**
   * Marks the ticket told it is still waiting, only while nobody has accepted it and it was not told before:
   * the row when this call set it, undefined when an agent accepted meanwhile or another process was first.
   */
  async claimStillWaiting(tx: Tx, ticketId: string, now: Date) {
    const [row] = await tx
      .update(tickets)
      .set({ stillWaitingAt: now })
      .where(
        and(
          eq(tickets.id, ticketId),
          isNull(tickets.stillWaitingAt),
          isNull(tickets.handlerId),
          eq(tickets.stage, 'pending'),
        ),
      )
      .returning();
    return row;
  },

  /**
   * {@link touch} for many tickets, as one step of a statement that composes others (intake's fast path). `written`
   * is a query of (ticket_id, written_at): a client nobody owed an answer yet waits from their (first, in this
   * batch) message on.
   */
  touchManyFrom: (written: SQL, now: Date): SQL => sql`
        update tickets t set updated_at = ${now}, awaiting_since = coalesce(t.awaiting_since, w.written_at)
        from (${written}) w
        where t.id = w.ticket_id`,

  /**
   * An agent's message to the client: the client waits no more, and the ticket's first response is recorded if
   * this is it — in the same statement, so two first messages at once record the earlier committed one only.
   * `workSec` is the working time since the ticket's start, needed only while no first response is recorded.
   */
  async answered(tx: Tx, id: string, now: Date, workSec: number | null) {
    await tx
      .update(tickets)
      .set({
        updatedAt: now,
        awaitingSince: null,
        firstResponseAt: sql`coalesce(${tickets.firstResponseAt}, ${now})`,
        firstResponseWorkSec: sql`case when ${tickets.firstResponseAt} is null then ${workSec}::integer else ${tickets.firstResponseWorkSec} end`,
      })
      .where(eq(tickets.id, id));
  },

  /**
   * An answer of the ticket's (an agent's reply) failed for good — the outbox gave up, the channel refused it or
   * reported it failed — so it answered nobody. The wait is read back from the chat rather than remembered: the
   * client waits from their earliest message after the last answer that did not fail (delivered, or pending: it
   * is still being tried) or the last close, whichever is later. Every answer since then failed, so this is the
   * very time `touch` recorded, whichever order the failures come in; a later reply still standing leaves no
   * wait. `firstResponse`, when given, replaces the recorded first response (the failed reply was it). Nothing
   * changes on a closed ticket: the close ended the wait.
   */
  async replyFailed(
    tx: Tx,
    companyId: string,
    id: string,
    firstResponse?: { at: Date | null; workSec: number | null },
  ) {
    const lastStanding = sql`(select max(a.seq) from ${messages} a
      where a.company_id = ${companyId} and a.ticket_id = ${id}
        and (a.type = 'close' or (${answerIn('a')} and a.delivery_status <> 'failed')))`;
    await tx
      .update(tickets)
      .set({
        awaitingSince: sql`(select min(m.created_at) from ${messages} m
          where m.company_id = ${companyId} and m.ticket_id = ${id} and not m.is_agent
            and m.type in ${CONVERSATION} and m.seq > coalesce(${lastStanding}, 0))`,
        ...(firstResponse && {
          firstResponseAt: firstResponse.at,
          firstResponseWorkSec: firstResponse.workSec,
        }),
      })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id), ne(tickets.stage, 'closed')));
  },

  /** When the ticket's earliest answer that did not fail was written (delivered or still pending), if any. */
  async firstStandingAnswer(tx: Tx, companyId: string, id: string): Promise<Date | null> {
    const [row] = await tx
      .select({ at: sql<Date | null>`min(${messages.createdAt})`.mapWith(messages.createdAt) })
      .from(messages)
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.ticketId, id),
          sql`${answerIn('messages')} and ${messages.deliveryStatus} <> 'failed'`,
        ),
      );
    return row?.at ?? null;
  },

  /**
   * The retention sweep's next batch: closed tickets of the company closed before `closedBefore` and not yet purged
   * (the retention index's rows), oldest close first, locked. Rows another sweep or a reopen holds are skipped, so
   * two sweeps at once never take the same ticket, and a ticket reopened meanwhile is left alone.
   */
  async lockPurgeable(tx: Tx, companyId: string, closedBefore: Date, limit: number): Promise<string[]> {
    const rows = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(purgeable(companyId, closedBefore))
      .orderBy(asc(tickets.closedAt), asc(tickets.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return rows.map((r) => r.id);
  },

  /** The ids of those tickets as a subquery, for the owners of what hangs off them (their messages) to count. */
  purgeableIds(tx: Tx, companyId: string, closedBefore: Date) {
    return tx.select({ id: tickets.id }).from(tickets).where(purgeable(companyId, closedBefore));
  },

  /** How many tickets the next retention sweep would take at `closedBefore`. */
  async countPurgeable(tx: Tx, companyId: string, closedBefore: Date): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(tickets).where(purgeable(companyId, closedBefore));
    return row?.n ?? 0;
  },

  /** Records that these tickets' messages and files were deleted (the rows stay for the counts). */
  async markPurged(tx: Tx, companyId: string, ids: readonly string[], now: Date) {
    if (ids.length === 0) return;
    await tx
      .update(tickets)
      .set({ purgedAt: now })
      .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, [...ids])));
  },

  async liveDepartments(tx: Tx, companyId: string) {
    return tx
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(and(eq(departments.companyId, companyId), isNull(departments.deletedAt)))
      .orderBy(departments.createdAt);
  },

  /** Whether the company has (or had: deleted ones keep their closed tickets) this department. */
  async hasDepartment(tx: Tx, companyId: string, id: string) {
    const [row] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.companyId, companyId), eq(departments.id, id)))
      .limit(1);
    return Boolean(row);
  },
};
