import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PinnedMessage } from '@kreechat/contract';
import type { Tx } from '../../db/client';
import { messages, pinnedMessages, tickets, users } from '../../db/schema';

/** A pin is always reached through its company and ticket, so another tenant's ids match nothing. */
export type PinScope = { companyId: string; ticketId: string };

function selectPins(tx: Tx) {
  return tx
    .select({
      pinid: pinnedMessages.id,
      ticketid: pinnedMessages.ticketId,
      messageid: pinnedMessages.messageId,
      message_seq: messages.seq,
      messageCreatedAt: messages.createdAt,
      type: messages.type,
      content: messages.content,
      fileName: messages.fileName,
      pinnerFirst: users.firstName,
      pinnerLast: users.lastName,
      createdAt: pinnedMessages.createdAt,
    })
    .from(pinnedMessages)
    .innerJoin(messages, eq(messages.id, pinnedMessages.messageId))
    .leftJoin(users, eq(users.id, pinnedMessages.pinnedById));
}

type PinRow = Awaited<ReturnType<ReturnType<typeof selectPins>['execute']>>[number];

/** The wire shape (SPEC §3 Pinned message): content and type come from the message itself, never from a request. */
function toPin(r: PinRow): PinnedMessage {
  return {
    pinid: r.pinid,
    ticketid: r.ticketid,
    messageid: r.messageid,
    message_seq: r.message_seq,
    message_created_on: r.messageCreatedAt.toISOString(),
    type: r.type,
    content: r.content,
    fileName: r.fileName,
    username: `${r.pinnerFirst ?? ''} ${r.pinnerLast ?? ''}`.trim(),
    created_on: r.createdAt.toISOString(),
  };
}

const inScope = (scope: PinScope) =>
  and(eq(pinnedMessages.companyId, scope.companyId), eq(pinnedMessages.ticketId, scope.ticketId));

export const pinRepo = {
  /** The id of the ticket's message with this id, or created at this instant (the newest of a tie). */
  async findMessage(tx: Tx, scope: PinScope, by: { id: string } | { createdAt: Date }) {
    const [row] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.companyId, scope.companyId),
          eq(messages.ticketId, scope.ticketId),
          'id' in by ? eq(messages.id, by.id) : eq(messages.createdAt, by.createdAt),
        ),
      )
      .orderBy(asc(messages.seq))
      .limit(1);
    return row;
  },

  /** Pins the message; false when it was pinned already (the unique index makes a second pin a no-op). */
  async insert(tx: Tx, scope: PinScope, values: { messageId: string; pinnedById: string; now: Date }) {
    const rows = await tx
      .insert(pinnedMessages)
      .values({ ...scope, messageId: values.messageId, pinnedById: values.pinnedById, createdAt: values.now })
      .onConflictDoNothing()
      .returning({ id: pinnedMessages.id });
    return rows.length > 0;
  },

  async view(tx: Tx, scope: PinScope, messageId: string): Promise<PinnedMessage | undefined> {
    const [row] = await selectPins(tx).where(and(inScope(scope), eq(pinnedMessages.messageId, messageId)));
    return row && toPin(row);
  },

  /** The ticket's pins, oldest first (the id breaks ties of one instant so the order is stable). */
  async list(tx: Tx, scope: PinScope): Promise<PinnedMessage[]> {
    const rows = await selectPins(tx)
      .where(inScope(scope))
      .orderBy(asc(pinnedMessages.createdAt), asc(pinnedMessages.id));
    return rows.map(toPin);
  },

  /** Unpins every message of the client's tickets (an erasure), answering what was unpinned. */
  deleteOfClient(tx: Tx, companyId: string, clientId: string) {
    return tx
      .delete(pinnedMessages)
      .where(
        and(
          eq(pinnedMessages.companyId, companyId),
          inArray(
            pinnedMessages.ticketId,
            tx
              .select({ id: tickets.id })
              .from(tickets)
              .where(and(eq(tickets.companyId, companyId), eq(tickets.clientId, clientId))),
          ),
        ),
      )
      .returning({ ticketId: pinnedMessages.ticketId, messageId: pinnedMessages.messageId });
  },

  /** Whether the message was pinned (it is not any more). */
  async delete(tx: Tx, scope: PinScope, messageId: string): Promise<boolean> {
    const rows = await tx
      .delete(pinnedMessages)
      .where(and(inScope(scope), eq(pinnedMessages.messageId, messageId)))
      .returning({ id: pinnedMessages.id });
    return rows.length > 0;
  },
};
