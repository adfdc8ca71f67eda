import type { ResponseTimesQuery, ResponseTimesResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminTicketsQueryRoot } from '@/lib/query-keys';

/**
 * GET /api/get-response-times?from=&to= (admins): first-response times per department over the days given (in
 * the company's zone). Under the tickets table's key root, so the ticket events that refresh the table refresh
 * these too; a new period keeps the last answer on screen (dimmed) while it loads.
 */
export const getResponseTimes = (period: ResponseTimesQuery, signal?: AbortSignal): Promise<ResponseTimesResponse> =>
  api.get(`/get-response-times?${new URLSearchParams(period)}`, parser('responseTimesResponseSchema'), signal);

export function useResponseTimes(period: ResponseTimesQuery | null) {
  return useQuery({
    queryKey: [...adminTicketsQueryRoot, 'response-times', period?.from, period?.to],
    queryFn: ({ signal }) => getResponseTimes(period!, signal),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}
