import type { OpeningHours } from '@kreechat/contract';
import { parser } from './schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /api/opening-hours (every member): the company's time zone, each department's schedule and targets. */
export const getOpeningHours = (signal?: AbortSignal): Promise<OpeningHours> =>
  api.get('/opening-hours', parser('openingHoursResponseSchema'), signal);

/** One cache for the workspace (closed-now notices, response clocks) and Settings: a saved schedule shows at once. */
export const openingHoursQueryKey = ['opening-hours'] as const;

/*
 * No live event tells the workspace an admin changed the hours: a workspace open all day reads them again every
 * quarter of an hour (and on its next mount once a minute old), which is soon enough for a schedule.
 */
const REFRESH_MS = 15 * 60_000;

export function useOpeningHours() {
  return useQuery(
    queryOptions({
      queryKey: openingHoursQueryKey,
      queryFn: ({ signal }) => getOpeningHours(signal),
      staleTime: 60_000,
      refetchInterval: REFRESH_MS,
    }),
  );
}
