import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { seesAllDepartments, type Mentionable, type Message } from '@kreechat/contract';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { clients, departments, messages, tickets, users } from '../../db/schema';
import { fileUrl } from '../../files/storage';
import type { TicketScope } from '../tickets';
import { readFailure } from './delivery-failure';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
/** What a retention sweep deletes, or would: messages, the attachments among them, and those attachments' bytes. */
export type PurgeTotals = { messages: number; files: number; bytes: number };

/** A `messages` row as raw SQL answers it (`returning *`): snake_case columns, bigints and dates maybe as text. */
export type MessageSqlRow = {
  id: string;
  seq: string | number;
  company_id: string;
  ticket_id: string;
  client_id: string | null;
  type: MessageRow['type'];
  content: string;
  is_agent: boolean;
  created_by_id: string | null;
  file_name: string | null;
  file_size: string | number | null;
  file_path: string | null;
  thumbnail_path: string | null;
  video_thumbnail_path: string | null;
  region: string | null;
  reaction: string | null;
  reply_to_id: string | null;
  delivery_status: MessageRow['deliveryStatus'];
  delivery_error: string | null;
  external_id: string | null;
  idempotency_key: string | null;
  auto_kind: MessageRow['autoKind'];
  erased_at: Date | string | null;
  created_at: Date | string;
};

/** The one mapping of a raw `messages` row to the row drizzle reads. */
export const messageFromSql = (r: MessageSqlRow): MessageRow => ({
  id: r.id,
  seq: Number(r.seq),
  companyId: r.company_id,
  ticketId: r.ticket_id,
  clientId: r.client_id,
  type: r.type,
  content: r.content,
  isAgent: r.is_agent,
  createdById: r.created_by_id,
  fileName: r.file_name,
  fileSize: r.file_size === null ? null : Number(r.file_size),
  filePath: r.file_path,
  thumbnailPath: r.thumbnail_path,
  videoThumbnailPath: r.video_thumbnail_path,
  region: r.region,
  reaction: r.reaction,
  replyToId: r.reply_to_id,
  deliveryStatus: r.delivery_status,
  deliveryError: r.delivery_error,
  externalId: r.external_id,
  idempotencyKey: r.idempotency_key,
  autoKind: r.auto_kind,
  erasedAt: r.erased_at === null ? null : new Date(r.erased_at),
  createdAt: new Date(r.created_at),
});

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
    ...readFailure(m.deliveryError),
    idempotencyKey: m.idempotencyKey,
    automatic: m.autoKind,
    erased: m.erasedAt !== null,
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

/** What people wrote (texts, files, places, notes): what an erasure removes. Desk events (close, reopen, rating) stay. */
const ERASABLE_TYPES = ['text', 'audio', 'image', 'document', 'video', 'location', 'note'] as const;

/** The messages of the client's tickets (served by tickets_client_idx, then messages_ticket_seq_idx). */
const inClientTickets = (companyId: string, clientId: string) =>
  and(
    eq(messages.companyId, companyId),
    inArray(
      messages.ticketId,
      sql`(select ${tickets.id} from ${tickets} where ${tickets.companyId} = ${companyId} and ${tickets.clientId} = ${clientId})`,
    ),
  );

/** A message as the client's export lists it: who wrote it, what, and the stored file (the key stays server-side). */
export type ExportedMessageRow = {
  id: string;
  seq: number;
  type: MessageRow['type'];
  isAgent: boolean;
  authorName: string | null;
  automatic: MessageRow['autoKind'];
  content: string;
  fileName: string | null;
  fileSize: number | null;
  fileKey: string | null;
  region: string | null;
  reaction: string | null;
  replyToId: string | null;
  deliveryStatus: MessageRow['deliveryStatus'];
  erased: boolean;
  createdAt: Date;
};

export const messageRepo = {
  async insert(tx: Tx, values: NewMessage): Promise<MessageRow> {
    const [row] = await tx.insert(messages).values(values).returning();
    return row!;
  },

  /**
   * The insert of clients' received messages, as one step of a statement that composes others (intake's fast path:
   * record the update, insert the message, touch the ticket, in one round trip). `from` is a FROM clause whose
   * row `x` has message_id, company_id, ticket_id, client_id, type, content, region, external_id, created_at and
   * `i`, the order in which they are numbered. Returns every column (`returning *`: {@link messageFromSql} maps it).
   */
  insertReceivedFrom: (from: SQL): SQL => sql`
        insert into messages (id, company_id, ticket_id, client_id, type, content, region, is_agent, external_id, delivery_status, created_at)
        select x.message_id, x.company_id, x.ticket_id, x.client_id, x.type, x.content, x.region, false, x.external_id,
               'received', x.created_at
        from ${from}
        order by x.i
        returning *`,

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

  /**
   * What deleting the messages of `ticketIds` (a list, or a query of ticket ids) would take away: the messages, the
   * files they carry (an attachment with its previews counts once) and the attachments' bytes. The same counts
   * {@link deleteOfTickets} reports, so a dry run and the sweep agree.
   */
  async totalsOfTickets(tx: Tx, companyId: string, ticketIds: SQLWrapper): Promise<PurgeTotals> {
    const [row] = await tx
      .select({
        messages: count(),
        files: count(messages.filePath),
        bytes: sql<string | null>`sum(${messages.fileSize}) filter (where ${messages.filePath} is not null)`,
      })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), inArray(messages.ticketId, ticketIds)));
    return { messages: row?.messages ?? 0, files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
  },

  /**
   * Deletes every message of these tickets (their pins and outbox rows go with them, by cascade) and returns what
   * went, with the storage keys of their files (attachments, thumbnails, video previews) for the caller to remove
   * once the transaction has committed.
   */
  async deleteOfTickets(
    tx: Tx,
    companyId: string,
    ticketIds: readonly string[],
  ): Promise<PurgeTotals & { fileKeys: string[] }> {
    if (ticketIds.length === 0) return { messages: 0, files: 0, bytes: 0, fileKeys: [] };
    const rows = await tx
      .delete(messages)
      .where(and(eq(messages.companyId, companyId), inArray(messages.ticketId, [...ticketIds])))
      .returning({
        filePath: messages.filePath,
        fileSize: messages.fileSize,
        thumbnailPath: messages.thumbnailPath,
        videoThumbnailPath: messages.videoThumbnailPath,
      });
    const withFile = rows.filter((r) => r.filePath !== null);
    return {
      messages: rows.length,
      files: withFile.length,
      bytes: withFile.reduce((sum, r) => sum + (r.fileSize ?? 0), 0),
      fileKeys: rows.flatMap((r) =>
        [r.filePath, r.thumbnailPath, r.videoThumbnailPath].filter((key): key is string => key !== null),
      ),
    };
  },

  /**
   * The close notes an erased agent wrote ("Ticket closed by <name>"): their name goes from the text as it went
   * from the account, the note stays where it was in the chat.
   */
  async renameCloser(tx: Tx, companyId: string, userId: string, content: string) {
    await tx
      .update(messages)
      .set({ content })
      .where(and(eq(messages.companyId, companyId), eq(messages.createdById, userId), eq(messages.type, 'close')));
  },

  /**
   * Mentions of an erased agent in anyone's notes (`@[name](id)`, the contract's mentionToken): the name in the token
   * becomes `name`, the mention itself stays.
   */
  async renameMentions(tx: Tx, companyId: string, userId: string, name: string) {
    await tx
      .update(messages)
      .set({
        content: sql`regexp_replace(${messages.content}, ${`@\\[[^\\]]*\\]\\(${userId}\\)`}, ${`@[${name}](${userId})`}, 'g')`,
      })
      .where(
        and(eq(messages.companyId, companyId), eq(messages.type, 'note'), like(messages.content, `%](${userId})%`)),
      );
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

  /**
   * Erases, in place, what people wrote in the client's tickets (texts, files, places, notes; desk events stay):
   * the content becomes '', file, place, reaction and the channel's id are gone (so a late edit or reaction
   * from the channel finds nothing to change), `erased_at` is set. One statement, so the file keys it answers are
   * exactly those of the rows it erased: delete them from the store after the commit.
   */
  async eraseOfClient(tx: Tx, companyId: string, clientId: string, now: Date): Promise<string[]> {
    const old = sql`select ${messages.id} as id, ${messages.filePath} as file_path,
        ${messages.thumbnailPath} as thumbnail_path, ${messages.videoThumbnailPath} as video_thumbnail_path
      from ${messages}
      where ${and(inClientTickets(companyId, clientId), inArray(messages.type, [...ERASABLE_TYPES]), isNull(messages.erasedAt))}
      for update`;
    const result = (await tx.execute(sql`
      with old as (${old}), erased as (
        update messages m set content = '', file_name = null, file_size = null, file_path = null,
          thumbnail_path = null, video_thumbnail_path = null, region = null, reaction = null, external_id = null,
          erased_at = ${now.toISOString()}::timestamptz
        from old where m.id = old.id
      )
      select file_path, thumbnail_path, video_thumbnail_path from old
      where file_path is not null or thumbnail_path is not null or video_thumbnail_path is not null`)) as unknown as {
      rows: { file_path: string | null; thumbnail_path: string | null; video_thumbnail_path: string | null }[];
    };
    return result.rows.flatMap((r) =>
      [r.file_path, r.thumbnail_path, r.video_thumbnail_path].filter((key): key is string => key !== null),
    );
  },

  /**
   * Whether a stored file of the company may be read by a viewer who sees the tickets `scope` names (null: all).
   * An agent's photo is read by every member; a chat's file or thumbnail by whoever sees the ticket it was sent
   * in; a key nothing refers to, by nobody. One statement: each key column is probed through its own index.
   */
  async fileReadable(tx: Tx, companyId: string, key: string, scope: TicketScope): Promise<boolean> {
    // TicketScope's rule: a department's tickets and the ones a user handles; neither given, none.
    const seen = scope
      ? sql`coalesce(t.department_id = ${scope.departmentId} or t.handler_id = ${scope.userId ?? null}, false)`
      : sql`true`;
    // The ticket is read by a scalar subquery, once per message the key's index finds: a join would let the
    // planner start from the viewer's tickets, which in a big department are many.
    const result = (await tx.execute(sql`
      select exists (select 1 from ${users} u where u.company_id = ${companyId} and u.profile_pic = ${key})
        or exists (
          select 1 from ${messages} m
          where m.company_id = ${companyId}
            and (m.file_path = ${key} or m.thumbnail_path = ${key} or m.video_thumbnail_path = ${key})
            and (select ${seen} from ${tickets} t where t.id = m.ticket_id and t.company_id = ${companyId})
        ) as readable`)) as unknown as { rows: { readable: boolean }[] };
    return result.rows[0]?.readable === true;
  },

  /** Up to `limit` messages of a ticket after the exclusive seq `after`, oldest first, for the client's export. */
  async exportPage(
    tx: Tx,
    companyId: string,
    ticketId: string,
    after: number,
    limit: number,
  ): Promise<ExportedMessageRow[]> {
    const rows = await viewsInOrder(
      tx,
      and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), gt(messages.seq, after)),
      'asc',
      limit,
    );
    return rows.map(({ message: m, agentFirst, agentLast, clientName }) => ({
      id: m.id,
      seq: m.seq,
      type: m.type,
      isAgent: m.isAgent,
      authorName: m.isAgent ? (agentFirst === null ? null : `${agentFirst} ${agentLast ?? ''}`.trim()) : clientName,
      automatic: m.autoKind,
      content: m.content,
      fileName: m.fileName,
      fileSize: m.fileSize,
      fileKey: m.filePath,
      region: m.region,
      reaction: m.reaction,
      replyToId: m.replyToId,
      deliveryStatus: m.deliveryStatus,
      erased: m.erasedAt !== null,
      createdAt: m.createdAt,
    }));
  },

  /** Up to `limit` messages with a stored file in the client's tickets after the exclusive seq `after`, by seq. */
  filesOfClient(tx: Tx, companyId: string, clientId: string, after: number, limit: number) {
    return tx
      .select({ id: messages.id, seq: messages.seq, fileName: messages.fileName, fileKey: messages.filePath })
      .from(messages)
      .where(and(inClientTickets(companyId, clientId), isNotNull(messages.filePath), gt(messages.seq, after)))
      .orderBy(asc(messages.seq))
      .limit(limit);
  },

  async update(tx: Tx, id: string, patch: Partial<NewMessage>) {
    const [row] = await tx.update(messages).set(patch).where(eq(messages.id, id)).returning();
    return row;
  },
};
