/**
 * Fixed-window counters kept in the database, so a limit holds across every process (failures per e-mail).
 * Per-IP request limits live in @fastify/rate-limit; these count what an attacker spreads across addresses.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import type { Clock } from './clock';
import { TooManyRequestsError } from './errors';

export type Limit = { max: number; windowMs: number; message: string };

export type FailureLimiter = ReturnType<typeof createFailureLimiter>;

export function createFailureLimiter(db: Db, clock: Clock) {
  const windowStartAfter = (windowMs: number) => new Date(clock.now().getTime() - windowMs);

  return {
    /** Throws 429 when `key` already reached the limit in the current window. */
    async assertBelow(key: string, limit: Limit): Promise<void> {
      const [row] = await db
        .select({ count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(
          and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowStart, windowStartAfter(limit.windowMs))),
        );
      if ((row?.count ?? 0) >= limit.max) throw new TooManyRequestsError(limit.message);
    },

    /** Counts one more event for `key`, starting a new window when the old one has passed. */
    async hit(key: string, limit: Limit): Promise<void> {
      const now = clock.now();
      const live = sql`${rateLimitCounters.windowStart} > ${windowStartAfter(limit.windowMs).toISOString()}::timestamptz`;
      await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${live} then ${rateLimitCounters.count} + 1 else 1 end`,
            windowStart: sql`case when ${live} then ${rateLimitCounters.windowStart} else ${now.toISOString()}::timestamptz end`,
          },
        });
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
  };
}
