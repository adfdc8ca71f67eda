import { and, asc, eq, isNull, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { inboundUpdates } from '../../db/schema';

export type InboundKey = { channelKey: string; updateId: string };

/**
 * `inbound_updates`, the raw updates channels receive: recorded before they are acknowledged, kept until
 * processed. Its only writer: the channel kit records and retries through {@link createInboundUpdates}, and intake
 * marks an update processed in the transaction that stores what it said (the fast path's statement does both, with
 * {@link inboundUpdateRepo.recordProcessedFrom} as one of its steps).
 */
export const inboundUpdateRepo = {
  /**
   * The record of updates processed at once, as one step of a statement that composes others (intake's fast path).
   * `from` is a FROM clause whose row `x` has channel_key, update_id, company_id and payload; an update recorded
   * before is skipped. Returns (channel_key, update_id) of those it recorded.
   */
  recordProcessedFrom: (from: SQL, now: Date): SQL => sql`
        insert into inbound_updates (channel_key, update_id, company_id, payload, received_at, processed_at, next_attempt_at)
        select x.channel_key, x.update_id, x.company_id, x.payload, ${now}, ${now}, ${now}
        from ${from}
        on conflict do nothing
        returning channel_key, update_id`,

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

  /**
   * An erasure: the raw updates that came from these channel identities keep their keys (so a redelivery is still
   * known and dropped) and lose their payloads, which hold what the client wrote; one still waiting for a retry is
   * marked processed, so it is never taken in (a retry already in flight then finds it claimed). An update is the
   * identity's when its id starts with "<identity>:" (the widget's) or when the identity appears anywhere in its
   * payload as a value, text or number (a Telegram chat id, a WhatsApp number) — a channel-neutral rule, so a
   * number that happens to equal the identity elsewhere in a payload costs that payload too. Reads every update of
   * the company (there is no index by identity): erasures are rare. Answers how many were forgotten.
   */
  async forgetOf(tx: Tx, companyId: string, identities: string[], now: Date): Promise<number> {
    if (!identities.length) return 0;
    const matches = identities.map((identity) => {
      const asNumber = /^\d{1,15}$/.test(identity) ? Number(identity) : identity;
      return sql`(left(${inboundUpdates.updateId}, ${identity.length + 1}) = ${`${identity}:`}
        or jsonb_path_exists(${inboundUpdates.payload}, '$.** ? (@ == $text || @ == $number)',
             jsonb_build_object('text', ${identity}::text, 'number', ${JSON.stringify(asNumber)}::jsonb)))`;
    });
    const rows = await tx
      .update(inboundUpdates)
      .set({
        payload: { erased: true },
        processedAt: sql`coalesce(${inboundUpdates.processedAt}, ${now.toISOString()}::timestamptz)`,
        error: null,
      })
      .where(and(eq(inboundUpdates.companyId, companyId), or(...matches)))
      .returning({ id: inboundUpdates.updateId });
    return rows.length;
  },

  async failedAttempt(db: Db, key: InboundKey, error: string, nextAttemptAt: Date) {
    await db
      .update(inboundUpdates)
      .set({ attempts: sql`${inboundUpdates.attempts} + 1`, error: error.slice(0, 2000), nextAttemptAt })
      .where(and(eq(inboundUpdates.channelKey, key.channelKey), eq(inboundUpdates.updateId, key.updateId)));
  },
};
