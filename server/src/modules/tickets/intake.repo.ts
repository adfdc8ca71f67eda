import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { heldMessages, inboundUpdates } from '../../db/schema';

export const intakeRepo = {
  /**
   * Marks an update processed; false when it already was (a redelivery, or a retry that lost a race). With a
   * `payload`, the update is recorded in this same transaction: one commit records and processes it.
   */
  async claimUpdate(
    tx: Tx,
    companyId: string,
    key: { channelKey: string; updateId: string; payload?: unknown },
    now: Date,
  ): Promise<boolean> {
    if (key.payload !== undefined) {
      const inserted = await tx
        .insert(inboundUpdates)
        .values({
          channelKey: key.channelKey,
          updateId: key.updateId,
          companyId,
          payload: key.payload,
          receivedAt: now,
          processedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: inboundUpdates.updateId });
      if (inserted.length) return true;
      // Recorded before (an earlier try failed): claim that record instead.
    }
    const [row] = await tx
      .update(inboundUpdates)
      .set({ processedAt: now, error: null })
      .where(
        and(
          eq(inboundUpdates.channelKey, key.channelKey),
          eq(inboundUpdates.updateId, key.updateId),
          isNull(inboundUpdates.processedAt),
        ),
      )
      .returning({ id: inboundUpdates.updateId });
    return Boolean(row);
  },

  async hasHeld(tx: Tx, clientId: string) {
    const [row] = await tx
      .select({ id: heldMessages.id })
      .from(heldMessages)
      .where(eq(heldMessages.clientId, clientId))
      .limit(1);
    return Boolean(row);
  },

  async hold(tx: Tx, values: typeof heldMessages.$inferInsert) {
    await tx.insert(heldMessages).values(values);
  },

  /** The client's held messages in arrival order, removed as they are taken. */
  async takeHeld(tx: Tx, clientId: string) {
    const rows = await tx
      .select()
      .from(heldMessages)
      .where(eq(heldMessages.clientId, clientId))
      .orderBy(asc(heldMessages.seq));
    await tx.delete(heldMessages).where(eq(heldMessages.clientId, clientId));
    return rows;
  },
};
