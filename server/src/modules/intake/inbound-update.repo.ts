import { and, asc, eq, isNull, like, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { inboundUpdates } from '../../db/schema';

export type InboundKey = { channelKey: string; updateId: string };

/**
 * `inbound_updates`, the raw updates channels receive: recorded before they are acknowledged, kept until
 * processed. Its only writer: the channel kit records and retries through {@link createInboundUpdates}, and intake
 * marks an update processed in the transaction that stores what it said (the fast path's statement does both in
 * `intake-fast.repo.ts`).
 */
export const inboundUpdateRepo = {
  /**
   * Marks an update processed; false when it already was (a redelivery, or a retry that lost a race). With a
   * `payload`, the update is recorded in this same transaction: one commit records and processes it.
   */
  async claim(
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

  /** Records an update once; false for a redelivery of one already recorded. */
  async record(db: Db, key: InboundKey, companyId: string, payload: unknown, now: Date): Promise<boolean> {
    const rows = await db
      .insert(inboundUpdates)
      .values({ ...key, companyId, payload, receivedAt: now, nextAttemptAt: now })
      .onConflictDoNothing()
      .returning({ id: inboundUpdates.updateId });
    return rows.length > 0;
  },

  async find(db: Db, key: InboundKey) {
    const [row] = await db
      .select()
      .from(inboundUpdates)
      .where(and(eq(inboundUpdates.channelKey, key.channelKey), eq(inboundUpdates.updateId, key.updateId)));
    return row;
  },

  /**
   * Unprocessed updates of one channel (keys starting `channelPrefix`) due for a (re)try, older than
   * `settledBefore` so ones still in flight are left alone.
   */
  async due(db: Db, channelPrefix: string, now: Date, settledBefore: Date, maxAttempts: number, limit: number) {
    return db
      .select()
      .from(inboundUpdates)
      .where(
        and(
          isNull(inboundUpdates.processedAt),
          like(inboundUpdates.channelKey, `${channelPrefix.replace(/[\\%_]/g, '\\$&')}%`),
          lte(inboundUpdates.nextAttemptAt, now),
          lt(inboundUpdates.receivedAt, settledBefore),
          lt(inboundUpdates.attempts, maxAttempts),
        ),
      )
      .orderBy(asc(inboundUpdates.receivedAt))
      .limit(limit);
  },

  async failedAttempt(db: Db, key: InboundKey, error: string, nextAttemptAt: Date) {
    await db
      .update(inboundUpdates)
      .set({ attempts: sql`${inboundUpdates.attempts} + 1`, error: error.slice(0, 2000), nextAttemptAt })
      .where(and(eq(inboundUpdates.channelKey, key.channelKey), eq(inboundUpdates.updateId, key.updateId)));
  },
};
