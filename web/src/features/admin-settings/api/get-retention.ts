import type { RetentionResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/retention: the company's retention (months, null: off) and what the next sweep would delete at it. */
export const getRetention = (signal?: AbortSignal): Promise<RetentionResponse> =>
  api.get('/retention', parser('retentionResponseSchema'), signal);

export const retentionQueryKey = ['admin', 'retention'] as const;

export function useRetention() {
  return useQuery(queryOptions({ queryKey: retentionQueryKey, queryFn: ({ signal }) => getRetention(signal) }));
}
