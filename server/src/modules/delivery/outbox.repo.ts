import { and, asc, eq, gt, inArray, isNull, lte, or, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { outbox } from '../../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutbox = typeof outbox.$inferInsert;

export const outboxRepo = {
  async insert(tx: Tx, values: NewOutbox) {
    await tx.insert(outbox).values(values);
  },

  /**
   * Claims up to `limit` due jobs for `lockMs`: SKIP LOCKED lets several processes drain one queue without
   * taking the same job; a job whose claimer died becomes due again when its lock runs out.
   */
  async claimDue(tx: Tx, now: Date, limit: number, lockMs: number): Promise<OutboxRow[]> {
    const due = tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, 'pending'),
          lte(outbox.nextAttemptAt, now),
          or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(outbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(outbox)
      .set({ lockedUntil: new Date(now.getTime() + lockMs) })
      .where(inArray(outbox.id, due))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  },

  async update(tx: Tx, id: string, patch: Partial<NewOutbox>) {
    await tx.update(outbox).set(patch).where(eq(outbox.id, id));
  },

  /** Whether the company's outbox sent something the channel knows by this id. */
  async sentAs(tx: Tx, companyId: string, externalId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.companyId, companyId), eq(outbox.externalId, externalId)))
      .limit(1);
    return Boolean(row);
  },

  /** Whether a job to this recipient is claimed by a worker right now (being sent, or about to be marked sent). */
  async inFlightTo(tx: Tx, to: { companyId: string; channelRef: string; recipient: string }, now: Date) {
    const [row] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.companyId, to.companyId),
          eq(outbox.channelRef, to.channelRef),
          eq(outbox.recipient, to.recipient),
          eq(outbox.status, 'pending'),
          gt(outbox.lockedUntil, now),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  async forMessage(tx: Tx, messageId: string) {
    const [row] = await tx.select().from(outbox).where(eq(outbox.messageId, messageId)).limit(1);
    return row;
  },
};
