import type { StorageSource, StorageUsage } from '@kreechat/contract';
import type { Db } from '../db/client';
import type { Clock } from '../platform/clock';
import { fileUsageRepo } from './file-usage.repo';
import { QUOTA_WINDOW_MS, type QuotaLimits } from './quota';

export type StorageUsageService = ReturnType<typeof createStorageUsageService>;

const SOURCES: Record<string, StorageSource> = { wordpress: 'wordpress', telegram: 'telegram', whatsapp: 'whatsapp' };

/** What admins see of their company's file storage: used of total, the last day by channel account, the limits. */
export function createStorageUsageService(deps: { db: Db; clock: Clock; limits: QuotaLimits }) {
  const { db, clock, limits } = deps;
  return {
    async usage(companyId: string): Promise<StorageUsage> {
      const since = new Date(clock.now().getTime() - QUOTA_WINDOW_MS);
      const [total, lastDay, names] = await Promise.all([
        fileUsageRepo.companyTotal(db, companyId),
        fileUsageRepo.byChannelSince(db, companyId, since),
        fileUsageRepo.channelNames(db, companyId),
      ]);
      return {
        limits,
        usedBytes: total.bytes,
        files: total.files,
        lastDayBytes: lastDay.reduce((sum, row) => sum + row.bytes, 0),
        lastDay: lastDay.map((row) => ({
          // Neither ref: an agent's file (files stored before quotas were counted are older than a day).
          source: row.channelRef === null ? 'agents' : (SOURCES[row.platform ?? ''] ?? 'other'),
          channelRef: row.channelRef,
          name: row.channelRef === null ? null : (names.get(row.channelRef) ?? null),
          bytes: row.bytes,
          files: row.files,
        })),
      };
    },
  };
}
