import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Notification } from '@kreechat/contract';
import type { Tx } from '../../db/client';
import { notifications, tickets } from '../../db/schema';

export type NewNotification = typeof notifications.$inferInsert;

/** The notifications of one user: company and user are part of every lookup. */
export type Inbox = { companyId: string; userId: string };

const ofInbox = (inbox: Inbox) =>
  and(eq(notifications.companyId, inbox.companyId), eq(notifications.userId, inbox.userId));

/** The wire shape (SPEC §3 Notification); the ticket's date, platform and rating come from the ticket itself. */
const wire = {
  id: notifications.id,
  type: notifications.type,
  name: notifications.name,
  content: notifications.content,
  createdAt: notifications.createdAt,
  ticketid: notifications.ticketId,
  ticketCreatedAt: tickets.createdAt,
  ticket_platform: tickets.platform,
  senderid: notifications.senderId,
  rating: tickets.rating,
};

type WireRow = {
  id: string;
  type: Notification['type'];
  name: string;
  content: string | null;
  createdAt: Date;
  ticketid: string | null;
  ticketCreatedAt: Date | null;
  ticket_platform: Notification['ticket_platform'];
  senderid: string | null;
  rating: number | null;
};

const toNotification = (row: WireRow): Notification => ({
  id: row.id,
  type: row.type,
  name: row.name,
  content: row.content,
  created_on: row.createdAt.toISOString(),
  ticketid: row.ticketid,
  ticket_created_on: row.ticketCreatedAt?.toISOString() ?? null,
  ticket_platform: row.ticket_platform,
  senderid: row.senderid,
  rating: row.type === 'rating' ? row.rating : null,
});

export const notificationRepo = {
  /**
   * Rewrites the notifications about the client's tickets for an erasure: a client's message or rating no longer
   * names the client (`name`), and no message or note text stays (`content`; a rating keeps its value).
   */
  async eraseOfClient(tx: Tx, companyId: string, clientId: string, name: string) {
    await tx
      .update(notifications)
      .set({
        name: sql`case when ${notifications.type} = 'mention' then ${notifications.name} else ${name} end`,
        content: sql`case when ${notifications.type} = 'rating' then ${notifications.content} else null end`,
      })
      .where(
        and(
          eq(notifications.companyId, companyId),
          inArray(
            notifications.ticketId,
            tx
              .select({ id: tickets.id })
              .from(tickets)
              .where(and(eq(tickets.companyId, companyId), eq(tickets.clientId, clientId))),
          ),
        ),
      );
  },

  async insert(tx: Tx, values: NewNotification): Promise<string> {
    const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
    return row!.id;
  },

  /**
   * The unseen 'text' notification about the same conversation (a ticket, or a colleague's private chat), if any:
   * a new message refreshes it instead of piling up one entry per message.
   */
  async findUnseenAbout(tx: Tx, inbox: Inbox, about: { ticketId: string } | { senderId: string }) {
    const [row] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          ofInbox(inbox),
          eq(notifications.type, 'text'),
          eq(notifications.seen, false),
          'ticketId' in about
            ? and(eq(notifications.ticketId, about.ticketId), isNull(notifications.senderId))
            : eq(notifications.senderId, about.senderId),
        ),
      )
      .limit(1);
    return row?.id;
  },

  async refresh(tx: Tx, id: string, values: { name: string; content: string | null; createdAt: Date }) {
    await tx.update(notifications).set(values).where(eq(notifications.id, id));
  },

  /** The newest `limit` notifications of the inbox, newest first. */
  async list(tx: Tx, inbox: Inbox, limit: number): Promise<Notification[]> {
    const rows = await tx
      .select(wire)
      .from(notifications)
      .leftJoin(tickets, eq(tickets.id, notifications.ticketId))
      .where(ofInbox(inbox))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
    return rows.map(toNotification);
  },

  async view(tx: Tx, inbox: Inbox, id: string): Promise<Notification | undefined> {
    const [row] = await tx
      .select(wire)
      .from(notifications)
      .leftJoin(tickets, eq(tickets.id, notifications.ticketId))
      .where(and(ofInbox(inbox), eq(notifications.id, id)));
    return row && toNotification(row);
  },

  async countUnseen(tx: Tx, inbox: Inbox): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(notifications)
      .where(and(ofInbox(inbox), eq(notifications.seen, false)));
    return row?.n ?? 0;
  },

  async markAllSeen(tx: Tx, inbox: Inbox) {
    await tx
      .update(notifications)
      .set({ seen: true })
      .where(and(ofInbox(inbox), eq(notifications.seen, false)));
  },

  async deleteAll(tx: Tx, inbox: Inbox) {
    await tx.delete(notifications).where(ofInbox(inbox));
  },

  /** Every inbox's entries sent by an agent now erased carry the name the account has since, not the old one. */
  async renameSender(tx: Tx, companyId: string, senderId: string, name: string) {
    await tx
      .update(notifications)
      .set({ name })
      .where(and(eq(notifications.companyId, companyId), eq(notifications.senderId, senderId)));
  },

  /** The entries about tickets whose messages the retention sweep deletes: they quote those messages. */
  async deleteAboutTickets(tx: Tx, companyId: string, ticketIds: readonly string[]) {
    if (ticketIds.length === 0) return;
    await tx
      .delete(notifications)
      .where(and(eq(notifications.companyId, companyId), inArray(notifications.ticketId, [...ticketIds])));
  },
};
