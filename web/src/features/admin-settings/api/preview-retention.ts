import type { RetentionPreview } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionQueryKey } from './get-retention';

/** GET /api/retention/preview?months=: the dry run of a value not saved yet (what a sweep at it would delete). */
export const previewRetention = (months: number, signal?: AbortSignal): Promise<RetentionPreview> =>
  api.get(`/retention/preview?months=${months}`, parser('retentionPreviewSchema'), signal);

/**
 * The dry run of `months` (none when null). The last answer stays shown while the next is asked, so the count does
 * not flicker as the admin types.
 */
export function useRetentionPreview(months: number | null) {
  return useQuery({
    queryKey: [...retentionQueryKey, 'preview', months],
    queryFn: ({ signal }) => previewRetention(months!, signal),
    enabled: months !== null,
    placeholderData: keepPreviousData,
  });
}
