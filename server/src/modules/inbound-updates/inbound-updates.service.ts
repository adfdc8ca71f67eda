import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { inboundUpdateRepo, type InboundKey } from './inbound-update.repo';
import type { InboundOrigin } from './inbound.types';

export type InboundUpdates = ReturnType<typeof createInboundUpdates>;
export type { InboundKey };

/**
 * The record of what channels received, for the channel kit (`channels/inbound/`): an update is recorded under
 * (channel account, update id) before it is acknowledged, so a redelivery is a no-op, and one whose processing
 * failed is found again by the sweeper. Processing marks it done through intake, in the same transaction.
 */
export function createInboundUpdates(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Records an update once; false for a redelivery of one already recorded. */
    record: (key: InboundKey, companyId: string, payload: unknown) =>
      inboundUpdateRepo.record(db, key, companyId, payload, clock.now()),

    /** Whether the update is recorded and not yet processed (a process that recorded it may have died since). */
    async unprocessed(key: InboundKey): Promise<boolean> {
      const row = await inboundUpdateRepo.find(db, key);
      return Boolean(row && !row.processedAt);
    },

    /**
     * One channel's unprocessed updates (keys starting `channelPrefix`) due for a (re)try, received before
     * `settledBefore` (so ones in flight are left alone).
     */
    due: (channelPrefix: string, settledBefore: Date, maxAttempts: number, limit: number) =>
      inboundUpdateRepo.due(db, channelPrefix, clock.now(), settledBefore, maxAttempts, limit),

    /** Notes a failed processing; the update is due again at `nextAttemptAt`. Answers the attempts so far. */
    async failed(key: InboundKey, error: string, delayFor: (attempts: number) => number): Promise<number> {
      const row = await inboundUpdateRepo.find(db, key);
      const attempts = (row?.attempts ?? 0) + 1;
      await inboundUpdateRepo.failedAttempt(db, key, error, new Date(clock.now().getTime() + delayFor(attempts)));
      return attempts;
    },
  };
}

/**
 * Marks the update a client's message, tap or rating came in (`origin.update`) processed, inside the transaction that
 * stores what it said; false when it was processed already (a redelivery). Without an update (the widget's own
 * calls), true.
 */
export const claimUpdateOf = (tx: Tx, origin: InboundOrigin, now: Date): Promise<boolean> =>
  origin.update ? inboundUpdateRepo.claim(tx, origin.companyId, origin.update, now) : Promise.resolve(true);
