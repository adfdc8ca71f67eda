import { and, desc, eq, lt } from 'drizzle-orm';
import type { PrivateMessage } from '@kreechat/contract';
import type { Tx } from '../../db/client';
import { privateChats, privateMessages } from '../../db/schema';

export type PrivateMessageRow = typeof privateMessages.$inferSelect;

/** A pair is stored in id order, so the two members find the same single chat. */
export const pairOf = (one: string, other: string) => (one < other ? [one, other] : [other, one]) as [string, string];

const ofPair = (companyId: string, one: string, other: string) => {
  const [userA, userB] = pairOf(one, other);
  return and(eq(privateChats.companyId, companyId), eq(privateChats.userA, userA), eq(privateChats.userB, userB));
};

export const toPrivateMessage = (row: PrivateMessageRow): PrivateMessage => ({
  id: row.id,
  chatid: row.chatId,
  senderid: row.senderId,
  receiverid: row.receiverId,
  type: row.type,
  content: row.content,
  created_on: row.createdAt.toISOString(),
});

export const privateChatRepo = {
  async chatIdOf(tx: Tx, companyId: string, one: string, other: string): Promise<string | undefined> {
    const [row] = await tx
      .select({ id: privateChats.id })
      .from(privateChats)
      .where(ofPair(companyId, one, other));
    return row?.id;
  },

  /** The pair's chat, made on its first message; a concurrent first message of the other member finds it. */
  async ensureChat(tx: Tx, companyId: string, one: string, other: string, now: Date): Promise<string> {
    const [userA, userB] = pairOf(one, other);
    const [created] = await tx
      .insert(privateChats)
      .values({ companyId, userA, userB, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: privateChats.id });
    if (created) return created.id;
    return (await privateChatRepo.chatIdOf(tx, companyId, one, other))!;
  },

  async insertMessage(tx: Tx, values: typeof privateMessages.$inferInsert): Promise<PrivateMessageRow> {
    const [row] = await tx.insert(privateMessages).values(values).returning();
    return row!;
  },

  /** Up to `limit` messages before the `before` seq (the newest when null), oldest first. */
  async page(tx: Tx, chatId: string, before: number | null, limit: number): Promise<PrivateMessageRow[]> {
    const rows = await tx
      .select()
      .from(privateMessages)
      .where(
        before
          ? and(eq(privateMessages.chatId, chatId), lt(privateMessages.seq, before))
          : eq(privateMessages.chatId, chatId),
      )
      .orderBy(desc(privateMessages.seq))
      .limit(limit);
    return rows.reverse();
  },
};
