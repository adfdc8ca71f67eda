import type { Db } from '../../db/client';
import type { LockFactory } from '../../db/locks';
import type { FileStorage } from '../../files/storage';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { periodicSweep } from '../../platform/periodic-sweep';
import type { CompanyService } from '../companies';
import { messageRepo, type PurgeTotals } from '../messages';
import { notificationRepo } from '../notifications';
import { ticketRepo } from '../tickets';
import { monthsBefore } from './months';

/** How often the sweep runs by default (RETENTION_SWEEP_MS): deletion is due within minutes, never to the second. */
export const RETENTION_SWEEP_MS = 5 * 60_000;
/** Tickets per transaction: a short lock on a few rows, however many messages a company has to lose. */
export const RETENTION_BATCH = 100;
/** Batches per company per sweep: a company with a long backlog continues on the next sweep, after the others. */
const BATCHES_PER_COMPANY = 20;
/** One process sweeps at a time (the others find the lock taken and wait for their next turn). */
const LOCK_NAME = 'retention-sweep';

export type SweepTotals = PurgeTotals & { tickets: number };
const none = (): SweepTotals => ({ tickets: 0, messages: 0, files: 0, bytes: 0 });

export type RetentionSweeper = ReturnType<typeof createRetentionSweeper>;

/**
 * Deletes the messages and files of closed tickets past their company's retention (companies.retention_months),
 * leaving the ticket rows (counts, ratings, response times) with `purged_at` set.
 *
 * Each batch locks its tickets (skipping rows another transaction holds) and deletes their messages, the
 * notifications quoting them and marks them purged in one transaction; the files go from the store after the
 * commit, so a rollback never leaves a message without its file. A leader lock keeps the sweep to one process;
 * the row locks alone would still keep two sweeps from taking the same ticket, and a reopen (which locks the ticket
 * first) from losing the client's conversation. A process that dies between commit and file removal leaves those
 * files in the store unreferenced.
 */
export function createRetentionSweeper(deps: {
  db: Db;
  clock: Clock;
  locks: LockFactory;
  companies: Pick<CompanyService, 'withRetention'>;
  storage: Pick<FileStorage, 'remove'>;
  logger: Logger;
  intervalMs?: number;
}) {
  const { db, clock, locks, companies, storage, logger } = deps;

  async function purgeBatch(companyId: string, closedBefore: Date, now: Date): Promise<SweepTotals> {
    const purged = await db.transaction(async (tx) => {
      const ids = await ticketRepo.lockPurgeable(tx, companyId, closedBefore, RETENTION_BATCH);
      if (ids.length === 0) return undefined;
      const deleted = await messageRepo.deleteOfTickets(tx, companyId, ids);
      await notificationRepo.deleteAboutTickets(tx, companyId, ids);
      await ticketRepo.markPurged(tx, companyId, ids, now);
      return { tickets: ids.length, ...deleted };
    });
    if (!purged) return none();
    const { fileKeys, ...totals } = purged;
    for (const key of fileKeys) {
      // A file already gone is no error (remove says so); a store that fails leaves the file, and says so here.
      await storage.remove(companyId, key).catch((error: unknown) => {
        logger.error({ err: error, companyId }, 'retention: a file could not be removed from the store');
      });
    }
    return totals;
  }

  async function sweepCompany(companyId: string, months: number, now: Date, totals: SweepTotals) {
    const closedBefore = monthsBefore(now, months);
    for (let batch = 0; batch < BATCHES_PER_COMPANY; batch++) {
      const purged = await purgeBatch(companyId, closedBefore, now);
      totals.tickets += purged.tickets;
      totals.messages += purged.messages;
      totals.files += purged.files;
      totals.bytes += purged.bytes;
      if (purged.tickets < RETENTION_BATCH) return;
    }
  }

  async function sweep(): Promise<SweepTotals> {
    const totals = none();
    const lock = await locks.tryAcquire(LOCK_NAME);
    if (!lock) return totals;
    try {
      const now = clock.now();
      for (const company of await companies.withRetention()) {
        try {
          await sweepCompany(company.id, company.months, now, totals);
        } catch (error) {
          // One company's failure (a lost connection, a lock timeout) does not keep the others' data.
          logger.error({ err: error, companyId: company.id }, 'retention sweep of a company failed');
        }
      }
    } finally {
      await lock.release();
    }
    if (totals.tickets > 0) logger.info({ ...totals }, 'retention sweep deleted old closed tickets’ messages');
    return totals;
  }

  // A sweep answers what it deleted (nothing when another process holds the sweep’s lock).
  return periodicSweep(sweep, { intervalMs: deps.intervalMs ?? RETENTION_SWEEP_MS, logger, name: 'retention sweep' });
}
