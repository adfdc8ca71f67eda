import type { WidgetMessage, WidgetTicket } from '@kreechat/contract';
import { and, asc, desc, eq, gt, isNull, lt, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientIdentities, heldMessages, messages, tickets, users } from '../../db/schema';

/**
 * What a visitor may read, and nothing else: the messages of their own tickets on their own site token, found
 * through their client identity. Read-only SQL over tables other modules own (messages, tickets, held_messages);
 * every write goes through intake.
 */
export type VisitorKey = { companyId: string; tokenPublicId: string; identity: string };

/**
 * Internal notes are the agents' own: no visitor read returns one, whatever else it matches. Nor the closing words
 * the agents' chat keeps as automatic messages (closing text, rating question, thanks): the widget draws those
 * itself, from the company's texts, beside the conversation.
 */
const notNote = and(
  ne(messages.type, 'note'),
  or(isNull(messages.autoKind), notInArray(messages.autoKind, ['closing', 'ratingQuestion', 'ratingThanks'])),
)!;

const ofVisitor = (v: VisitorKey): SQL =>
  and(
    eq(clientIdentities.companyId, v.companyId),
    eq(clientIdentities.platform, 'wordpress'),
    eq(clientIdentities.externalId, v.identity),
    eq(tickets.platform, 'wordpress'),
    eq(tickets.channelRef, v.tokenPublicId),
  )!;

const messageColumns = {
  id: messages.id,
  seq: messages.seq,
  ticketId: messages.ticketId,
  type: messages.type,
  content: messages.content,
  isAgent: messages.isAgent,
  fileName: messages.fileName,
  fileSize: messages.fileSize,
  filePath: messages.filePath,
  externalId: messages.externalId,
  createdAt: messages.createdAt,
  agentFirst: users.firstName,
};

type MessageFacts = {
  id: string;
  seq: number;
  ticketId: string;
  type: WidgetMessage['type'];
  content: string;
  isAgent: boolean;
  fileName: string | null;
  fileSize: number | null;
  filePath: string | null;
  externalId: string | null;
  createdAt: Date;
  agentFirst: string | null;
};

const SYSTEM_TYPES = new Set(['close', 'reopen', 'rating']);
const FILE_KINDS = new Set(['image', 'video', 'audio']);
const kindOf = (type: string) => (FILE_KINDS.has(type) ? (type as 'image' | 'video' | 'audio') : 'document');
const stageOf = (stage: string): WidgetTicket['stage'] =>
  stage === 'closed' ? 'closed' : stage === 'pending' ? 'pending' : 'accepted';

/** A stored message as the visitor sees it: agents by first name only, files behind the widget's own route. */
export function toWidgetMessage(m: MessageFacts): WidgetMessage {
  return {
    id: m.id,
    seq: m.seq,
    ticketId: m.ticketId,
    type: m.type,
    text: m.content,
    from: SYSTEM_TYPES.has(m.type) ? 'system' : m.isAgent ? 'agent' : 'visitor',
    agentName: m.isAgent ? m.agentFirst : null,
    createdAt: m.createdAt.toISOString(),
    file:
      m.filePath && m.fileName
        ? { name: m.fileName, size: m.fileSize, kind: kindOf(m.type), url: `/api/widget/files/${m.id}` }
        : m.fileName
          ? { name: m.fileName, size: m.fileSize, kind: 'document', url: '' }
          : null,
    // The widget's own key for what the visitor sent; an agent's browser key is not the visitor's business.
    clientMessageId: m.isAgent ? null : m.externalId,
  };
}

export const widgetRepo = {
  /** A page of the visitor's messages: the newest, older than `before`, or newer than `after` (ascending). */
  async page(db: Db, v: VisitorKey, cursor: { before?: number; after?: number }, limit: number) {
    const bound =
      cursor.after !== undefined
        ? gt(messages.seq, cursor.after)
        : cursor.before !== undefined
          ? lt(messages.seq, cursor.before)
          : undefined;
    const rows = await db
      .select(messageColumns)
      .from(clientIdentities)
      .innerJoin(tickets, eq(tickets.clientId, clientIdentities.clientId))
      .innerJoin(messages, eq(messages.ticketId, tickets.id))
      .leftJoin(users, eq(users.id, messages.createdById))
      .where(and(ofVisitor(v), notNote, bound))
      .orderBy(cursor.after !== undefined ? asc(messages.seq) : desc(messages.seq))
      .limit(limit + 1);
    const hasMore = rows.length > limit;
    const page = rows.slice(0, limit);
    if (cursor.after === undefined) page.reverse();
    return { messages: page.map((m) => toWidgetMessage(m as MessageFacts)), hasMore };
  },

  /** One of the visitor's messages (a file they may download), or undefined when it is not theirs. */
  async file(db: Db, v: VisitorKey, messageId: string) {
    const [row] = await db
      .select({ filePath: messages.filePath, fileName: messages.fileName })
      .from(clientIdentities)
      .innerJoin(tickets, eq(tickets.clientId, clientIdentities.clientId))
      .innerJoin(messages, eq(messages.ticketId, tickets.id))
      .where(and(ofVisitor(v), notNote, eq(messages.id, messageId)))
      .limit(1);
    return row;
  },

  /** A message of the company by id, as a visitor sees it (the sender's view of what it delivers). */
  async message(db: Db, companyId: string, id: string): Promise<WidgetMessage | undefined> {
    const [row] = await db
      .select(messageColumns)
      .from(messages)
      .leftJoin(users, eq(users.id, messages.createdById))
      .where(and(eq(messages.companyId, companyId), notNote, eq(messages.id, id)))
      .limit(1);
    return row && toWidgetMessage(row as MessageFacts);
  },

  /** The message the visitor sent with `clientMessageId` (a retried send answers with what the first stored). */
  async byClientMessageId(db: Db, v: VisitorKey, clientMessageId: string) {
    const [row] = await db
      .select(messageColumns)
      .from(clientIdentities)
      .innerJoin(tickets, eq(tickets.clientId, clientIdentities.clientId))
      .innerJoin(messages, eq(messages.ticketId, tickets.id))
      .leftJoin(users, eq(users.id, messages.createdById))
      .where(and(ofVisitor(v), notNote, eq(messages.externalId, clientMessageId), eq(messages.isAgent, false)))
      .limit(1);
    return row && toWidgetMessage(row as MessageFacts);
  },

  /** The visitor's latest ticket on this site. */
  async ticket(db: Db, v: VisitorKey): Promise<Omit<WidgetTicket, 'closing'> | null> {
    const [row] = await db
      .select({ id: tickets.id, stage: tickets.stage, rating: tickets.rating })
      .from(clientIdentities)
      .innerJoin(tickets, eq(tickets.clientId, clientIdentities.clientId))
      .where(ofVisitor(v))
      .orderBy(desc(tickets.createdAt))
      .limit(1);
    return row ? { id: row.id, stage: stageOf(row.stage), rating: row.rating } : null;
  },

  async ticketById(db: Db, companyId: string, id: string): Promise<Omit<WidgetTicket, 'closing'> | null> {
    const [row] = await db
      .select({ id: tickets.id, stage: tickets.stage, rating: tickets.rating })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
      .limit(1);
    return row ? { id: row.id, stage: stageOf(row.stage), rating: row.rating } : null;
  },

  /** What the visitor wrote before choosing a department. */
  async held(db: Db, v: VisitorKey) {
    const rows = await db
      .select({ message: heldMessages.message, createdAt: heldMessages.createdAt })
      .from(clientIdentities)
      .innerJoin(heldMessages, eq(heldMessages.clientId, clientIdentities.clientId))
      .where(
        and(
          eq(clientIdentities.companyId, v.companyId),
          eq(clientIdentities.platform, 'wordpress'),
          eq(clientIdentities.externalId, v.identity),
          eq(heldMessages.channelRef, v.tokenPublicId),
        ),
      )
      .orderBy(asc(heldMessages.seq));
    return rows.map((r) => {
      const content = (r.message as { content?: { type?: string; text?: string; caption?: string | null } }).content;
      return {
        text: content?.type === 'text' ? (content.text ?? '') : (content?.caption ?? ''),
        createdAt: r.createdAt.toISOString(),
      };
    });
  },

  /**
   * The newest ticket on a site token of the visitor the site signed in with this e-mail (SPEC §7's WordPress calls
   * name a ticket so). Only the signed identity answers: a guest's e-mail is only what they typed, so anyone may
   * have typed this one, and a guest's ticket is reached by its id.
   */
  async ticketIdByEmail(db: Db, companyId: string, tokenPublicId: string, email: string) {
    const [row] = await db
      .select({ id: tickets.id })
      .from(clientIdentities)
      .innerJoin(tickets, eq(tickets.clientId, clientIdentities.clientId))
      .where(
        and(
          eq(clientIdentities.companyId, companyId),
          eq(clientIdentities.platform, 'wordpress'),
          eq(clientIdentities.externalId, `${tokenPublicId}:${email}`),
          eq(clientIdentities.verified, true),
          eq(tickets.companyId, companyId),
          eq(tickets.platform, 'wordpress'),
          eq(tickets.channelRef, tokenPublicId),
        ),
      )
      .orderBy(desc(tickets.updatedAt))
      .limit(1);
    return row?.id;
  },
};
