import { openingHoursResponseSchema, type OpeningHours } from '@kreechat/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { OpeningHours };

/** GET /api/opening-hours: the company's time zone and every live department's schedule and targets. */
export const getOpeningHours = (signal?: AbortSignal): Promise<OpeningHours> =>
  api.get('/opening-hours', openingHoursResponseSchema, signal);

export const openingHoursQueryKey = ['admin', 'opening-hours'] as const;

export function useOpeningHours() {
  return useQuery(queryOptions({ queryKey: openingHoursQueryKey, queryFn: ({ signal }) => getOpeningHours(signal) }));
}
