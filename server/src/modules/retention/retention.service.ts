import type { RetentionPreview, RetentionResponse } from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { CompanyService } from '../companies';
import { messageRepo } from '../messages';
import { ticketRepo } from '../tickets';
import { monthsBefore } from './months';

export type RetentionService = ReturnType<typeof createRetentionService>;

const NOTHING: RetentionPreview = { tickets: 0, messages: 0, files: 0, bytes: 0, closedBefore: null };

/**
 * The company's retention setting (Settings → Data retention) and its dry run: what the next sweep would delete at
 * a number of months, counted by the same queries the sweep deletes by, so the screen's figure is the sweep's.
 */
export function createRetentionService(deps: {
  db: Db;
  clock: Clock;
  companies: Pick<CompanyService, 'get' | 'setRetention'>;
}) {
  const { db, clock, companies } = deps;

  async function preview(companyId: string, months: number): Promise<RetentionPreview> {
    const closedBefore = monthsBefore(clock.now(), months);
    // One snapshot for both counts: a sweep or a close between them cannot make them disagree.
    return db.transaction(
      async (tx) => {
        const tickets = await ticketRepo.countPurgeable(tx, companyId, closedBefore);
        const totals = await messageRepo.totalsOfTickets(
          tx,
          companyId,
          ticketRepo.purgeableIds(tx, companyId, closedBefore),
        );
        return { tickets, ...totals, closedBefore: closedBefore.toISOString() };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async function read(companyId: string): Promise<RetentionResponse> {
    const { retentionMonths: months } = await companies.get(companyId);
    return { months, preview: months === null ? NOTHING : await preview(companyId, months) };
  }

  return {
    read,
    /** The dry run of a value the admin is typing, before it is saved. */
    preview,
    /** Saves the setting (null: off); the next sweep applies it. */
    async set(companyId: string, months: number | null): Promise<RetentionResponse> {
      await companies.setRetention(companyId, months);
      return read(companyId);
    },
  };
}
