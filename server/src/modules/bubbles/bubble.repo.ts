import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bubbles } from '../../db/schema';

/** A bubble is reached only through its owner: the company and the user are part of every lookup. */
export type BubbleOwner = { companyId: string; userId: string };

/** The wire shape (SPEC §3), mapped from the columns here and nowhere else. */
const wire = { bubbleid: bubbles.id, name: bubbles.name, content: bubbles.content };

const owned = (owner: BubbleOwner, id?: string) =>
  and(
    eq(bubbles.companyId, owner.companyId),
    eq(bubbles.userId, owner.userId),
    ...(id === undefined ? [] : [eq(bubbles.id, id)]),
  );

export const bubbleRepo = {
  /** Every bubble of the owner (an erased former agent's). */
  async deleteAll(tx: Tx, owner: BubbleOwner) {
    await tx.delete(bubbles).where(owned(owner));
  },

  /** The owner's bubbles, newest first (the id breaks ties of one instant so the order is stable). */
  list: (tx: Tx, owner: BubbleOwner, limit: number) =>
    tx.select(wire).from(bubbles).where(owned(owner)).orderBy(desc(bubbles.createdAt), desc(bubbles.id)).limit(limit),

  async insert(tx: Tx, owner: BubbleOwner, values: { name: string; content: string; now: Date }) {
    const [row] = await tx
      .insert(bubbles)
      .values({
        companyId: owner.companyId,
        userId: owner.userId,
        name: values.name,
        content: values.content,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .returning(wire);
    return row!;
  },

  /** The updated bubble, or undefined when the owner has none with that id. */
  async update(tx: Tx, owner: BubbleOwner, id: string, values: { name: string; content: string; now: Date }) {
    const [row] = await tx
      .update(bubbles)
      .set({ name: values.name, content: values.content, updatedAt: values.now })
      .where(owned(owner, id))
      .returning(wire);
    return row;
  },

  /** Whether the owner had a bubble with that id (it is gone now). */
  async delete(tx: Tx, owner: BubbleOwner, id: string): Promise<boolean> {
    const rows = await tx.delete(bubbles).where(owned(owner, id)).returning({ id: bubbles.id });
    return rows.length > 0;
  },
};
