import { and, asc, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { seesAllDepartments, type Mentionable, type Message } from '@kreechat/contract';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { clients, departments, messages, tickets, users } from '../../db/schema';
import { fileUrl } from '../../files/storage';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

const replied = alias(messages, 'replied');

function selectViews(tx: Tx) {
  return tx
    .select({
      message: messages,
      agentFirst: users.firstName,
      agentLast: users.lastName,
      clientName: clients.name,
      replied: { id: replied.id, type: replied.type, content: replied.content, isAgent: replied.isAgent },
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.createdById))
    .leftJoin(clients, eq(clients.id, messages.clientId))
    .leftJoin(replied, eq(replied.id, messages.replyToId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

/**
 * The first `limit` messages matching `where` in seq order, with their authors' names. The page is chosen in a
 * subquery and joined after: joined first, the planner (PGlite has no statistics) hashed every message of the
 * ticket before sorting — a 10,000-message chat took 4× as long as a short one to answer one page.
 */
function viewsInOrder(tx: Tx, where: SQL | undefined, order: 'asc' | 'desc', limit: number) {
  const bySeq = order === 'asc' ? asc(messages.seq) : desc(messages.seq);
  const page = tx.select({ id: messages.id }).from(messages).where(where).orderBy(bySeq).limit(limit);
  return selectViews(tx).where(inArray(messages.id, page)).orderBy(bySeq);
}

export function toMessage(r: ViewRow): Message {
  const m = r.message;
  const agentName = r.agentFirst === null ? null : `${r.agentFirst} ${r.agentLast ?? ''}`.trim();
  return {
    messageid: m.id,
    seq: m.seq,
    ticketid: m.ticketId,
    type: m.type,
    content: m.content,
    created_on: m.createdAt.toISOString(),
    created_by: m.isAgent ? agentName : r.clientName,
    isagent: m.isAgent,
    clientid: m.clientId,
    senderid: m.createdById,
    file_name: m.fileName,
    file_size: m.fileSize,
    path: fileUrl(m.filePath),
    imageUrl: m.type === 'image' ? fileUrl(m.filePath) : null,
    thumbnailUrl: fileUrl(m.thumbnailPath),
    video_thumbnail: fileUrl(m.videoThumbnailPath),
    region: m.region,
    reaction: m.reaction,
    delivery_status: m.deliveryStatus,
    delivery_error: m.deliveryError,
    idempotencyKey: m.idempotencyKey,
    automatic: m.autoKind,
    reply_to: r.replied
      ? {
          messageid: r.replied.id,
          type: r.replied.type,
          content: r.replied.content,
          isagent: r.replied.isAgent,
        }
      : null,
  };
}

export const messageRepo = {
  async insert(tx: Tx, values: NewMessage): Promise<MessageRow> {
    const [row] = await tx.insert(messages).values(values).returning();
    return row!;
  },

  async view(tx: Tx, companyId: string, id: string): Promise<Message | undefined> {
    const [row] = await selectViews(tx).where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
    return row && toMessage(row);
  },

  async find(tx: Tx, companyId: string, id: string) {
    const [row] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
      .limit(1);
    return row;
  },

  async findByIdempotencyKey(tx: Tx, companyId: string, key: string) {
    const [row] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.idempotencyKey, key)))
      .limit(1);
    return row;
  },

  async findByExternalId(tx: Tx, companyId: string, externalId: string) {
    const [row] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.externalId, externalId)))
      .orderBy(desc(messages.seq))
      .limit(1);
    return row;
  },

  /** One page of a chat, newest first from the database, returned oldest first; `before` is an exclusive seq. */
  async page(tx: Tx, ticketId: string, before: number | null, limit: number): Promise<Message[]> {
    const rows = await viewsInOrder(
      tx,
      before ? and(eq(messages.ticketId, ticketId), lt(messages.seq, before)) : eq(messages.ticketId, ticketId),
      'desc',
      limit,
    );
    return rows.reverse().map(toMessage);
  },

  /** Up to `limit` messages of a chat after an exclusive seq, oldest first. */
  async pageAfter(tx: Tx, ticketId: string, after: number, limit: number): Promise<Message[]> {
    const rows = await viewsInOrder(tx, and(eq(messages.ticketId, ticketId), gt(messages.seq, after)), 'asc', limit);
    return rows.map(toMessage);
  },

  /** The message if it belongs to this ticket of this company. */
  async findInTicket(tx: Tx, companyId: string, ticketId: string, id: string) {
    const [row] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.id, id)))
      .limit(1);
    return row;
  },

  /** Messages of a chat whose text or file name holds `keyword` (any case, taken literally), newest first. */
  async search(tx: Tx, companyId: string, ticketId: string, keyword: string, limit: number): Promise<Message[]> {
    // LIKE treats % and _ as wildcards and \ as its escape: escape all three so the keyword matches literally.
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await viewsInOrder(
      tx,
      and(
        eq(messages.companyId, companyId),
        eq(messages.ticketId, ticketId),
        or(ilike(messages.content, pattern), ilike(messages.fileName, pattern)),
      ),
      'desc',
      limit,
    );
    return rows.map(toMessage);
  },

  /**
   * The client's newest message through one channel account, over all their tickets there: what opens (or last
   * opened) WhatsApp's 24-hour window, and what a read receipt points at.
   */
  async lastFromClient(tx: Tx, companyId: string, clientId: string, channelRef: string) {
    const [row] = await tx
      .select({
        id: messages.id,
        createdAt: messages.createdAt,
        externalId: messages.externalId,
        deliveryStatus: messages.deliveryStatus,
      })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.clientId, clientId),
          eq(messages.isAgent, false),
          eq(tickets.channelRef, channelRef),
        ),
      )
      .orderBy(desc(messages.seq))
      .limit(1);
    return row;
  },

  /**
   * The company's enabled users, except `exceptId`, who may see a ticket of `departmentId` handled by `handlerId`
   * (the tickets module's `canSee`: its department, its handler, admins and moderators), by name.
   */
  async mentionable(
    tx: Tx,
    companyId: string,
    ticket: { departmentId: string; handlerId: string | null },
    exceptId: string,
  ): Promise<Mentionable[]> {
    const rows = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        departmentId: users.departmentId,
        departmentName: departments.name,
      })
      .from(users)
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(and(eq(users.companyId, companyId), ne(users.id, exceptId), isNull(users.disabledAt)))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    return rows
      .filter((u) => seesAllDepartments(u.role) || u.departmentId === ticket.departmentId || u.id === ticket.handlerId)
      .map((u) => ({
        userid: u.id,
        name: `${u.firstName} ${u.lastName}`.trim(),
        department_name: u.departmentName,
      }));
  },

  async update(tx: Tx, id: string, patch: Partial<NewMessage>) {
    const [row] = await tx.update(messages).set(patch).where(eq(messages.id, id)).returning();
    return row;
  },
};
