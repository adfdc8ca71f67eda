import type { StorageUsage } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/storage/usage (admins): the company's files — used of total, the last 24 hours by channel, the limits. */
export const getStorageUsage = (signal?: AbortSignal): Promise<StorageUsage> =>
  api.get('/storage/usage', parser('storageUsageSchema'), signal);

export const storageUsageQueryKey = ['admin', 'storage-usage'] as const;

export function useStorageUsage() {
  return useQuery(queryOptions({ queryKey: storageUsageQueryKey, queryFn: ({ signal }) => getStorageUsage(signal) }));
}
