/**
 * Counters kept in the database, so a limit holds across every process. Each claim is ONE statement (an upsert
 * returning what it wrote), made BEFORE the guarded work runs: concurrent attempts are serialised on the counter's
 * row by PostgreSQL itself, so N attempts at once cost N counts and none can slip between a read and a write.
 * Per-IP request ceilings live in @fastify/rate-limit; these count per account or e-mail address.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import type { Clock } from './clock';

/** A fixed window: at most `max` claims per `windowMs`, counted from the window's first claim. */
export type Window = { max: number; windowMs: number };

/**
 * Free claims, then growing gaps: claims 1 … `free` come as fast as they like; claim `free + k` (k ≥ 1) must come
 * at least `firstDelayMs · 2^(k-1)` (at most `maxDelayMs`) after the one before. The run is forgotten once
 * `forgetAfterMs` passed beyond its last "not before" time without a claim.
 */
export type Schedule = { free: number; firstDelayMs: number; maxDelayMs: number; forgetAfterMs: number };

export type SlotClaim = { admitted: true } | { admitted: false; notBefore: Date };

export type FailureLimiter = ReturnType<typeof createFailureLimiter>;

/** The wait a schedule imposes after its n-th claim (n ≥ 1) before the next one. */
export function delayAfterMs(n: number, schedule: Schedule): number {
  if (n < schedule.free) return 0;
  return Math.min(schedule.maxDelayMs, schedule.firstDelayMs * 2 ** Math.min(n - schedule.free, 40));
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export function createFailureLimiter(db: Db, clock: Clock) {
  const c = rateLimitCounters;

  return {
    /**
     * Counts one claim on `key`'s window (a new window once the old one has passed) and returns the count
     * including this claim: above `window.max` means refused. Refused claims stay counted.
     */
    async claim(key: string, window: Window): Promise<{ count: number; resetsAt: Date }> {
      const now = clock.now();
      const live = sql`${c.windowStart} > ${at(new Date(now.getTime() - window.windowMs))}`;
      const [row] = await db
        .insert(c)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: c.key,
          set: {
            count: sql`case when ${live} then ${c.count} + 1 else 1 end`,
            windowStart: sql`case when ${live} then ${c.windowStart} else ${at(now)} end`,
          },
        })
        .returning({ count: c.count, windowStart: c.windowStart });
      return { count: row!.count, resetsAt: new Date(row!.windowStart.getTime() + window.windowMs) };
    },

    /**
     * Admits one claim on `key` under `schedule`, or refuses it while the run's "not before" time lies ahead.
     * The row keeps the run's admitted count and, in `window_start`, the time before which the next claim is
     * refused. An `exempt` claim is always admitted and counted; it moves "not before" to at most its own delay
     * from now, so exempt claims cannot push the others' wait beyond `maxDelayMs`. A refused claim changes
     * nothing (the upsert's WHERE is false, so no row comes back).
     */
    async claimSlot(key: string, schedule: Schedule, options: { exempt: boolean }): Promise<SlotClaim> {
      const now = clock.now();
      const forgotten = sql`${c.windowStart} < ${at(new Date(now.getTime() - schedule.forgetAfterMs))}`;
      // The gap after the claim that makes the count n = `c.count + 1` (delayAfterMs in SQL); the exponent is
      // capped so power() never overflows however long an attack runs.
      const delay = sql`case when ${c.count} + 1 < ${schedule.free}::int then interval '0'
        else least(${schedule.maxDelayMs}::float8,
                   ${schedule.firstDelayMs}::float8 * power(2::float8, least(${c.count} + 1 - ${schedule.free}::int, 40)))
             * interval '1 millisecond' end`;
      const firstNotBefore = new Date(now.getTime() + delayAfterMs(1, schedule));
      const admitted = await db
        .insert(c)
        .values({ key, windowStart: firstNotBefore, count: 1 })
        .onConflictDoUpdate({
          target: c.key,
          set: {
            count: sql`case when ${forgotten} then 1 else ${c.count} + 1 end`,
            windowStart: sql`case when ${forgotten} then ${at(firstNotBefore)} else greatest(${c.windowStart}, ${at(now)} + ${delay}) end`,
          },
          setWhere: options.exempt ? sql`true` : sql`${c.windowStart} <= ${at(now)}`,
        })
        .returning({ count: c.count });
      if (admitted.length > 0) return { admitted: true };
      // Only to tell the caller how long to wait: the decision above was taken atomically.
      const [row] = await db.select({ notBefore: c.windowStart }).from(c).where(eq(c.key, key));
      return { admitted: false, notBefore: row?.notBefore ?? now };
    },

    /** Gives back one claim (an attempt that turned out not to test anything). Never below zero. */
    async release(key: string): Promise<void> {
      await db
        .update(c)
        .set({ count: sql`greatest(${c.count} - 1, 0)` })
        .where(eq(c.key, key));
    },

    async reset(key: string): Promise<void> {
      await db.delete(c).where(eq(c.key, key));
    },

    /**
     * Deletes the counters nothing has touched for `olderThanMs` (their windows and runs long over): every
     * (account, address) pair ever tried leaves rows, and an attacker rotating addresses would otherwise grow the
     * table without end.
     */
    async sweep(olderThanMs: number): Promise<number> {
      const before = new Date(clock.now().getTime() - olderThanMs);
      const gone = await db
        .delete(c)
        .where(sql`${c.windowStart} < ${at(before)}`)
        .returning({ key: c.key });
      return gone.length;
    },

    /** The current count of `key` (0 without a row), whatever its window: for tests and diagnostics. */
    async count(key: string): Promise<number> {
      const [row] = await db.select({ count: c.count }).from(c).where(eq(c.key, key));
      return row?.count ?? 0;
    },
  };
}
