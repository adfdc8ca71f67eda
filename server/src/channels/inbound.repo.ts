import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inboundUpdates } from '../db/schema';

export type InboundKey = { channelKey: string; updateId: string };

/** The raw updates channels receive: recorded before they are acknowledged, kept until processed. */
export const inboundRepo = {
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

  /** Unprocessed updates due for a (re)try, older than `settledBefore` so ones still in flight are left alone. */
  async due(db: Db, now: Date, settledBefore: Date, maxAttempts: number, limit: number) {
    return db
      .select()
      .from(inboundUpdates)
      .where(
        and(
          isNull(inboundUpdates.processedAt),
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
