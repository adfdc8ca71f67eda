import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { openingHoursQueryKey } from '@/lib/opening-hours';

/** PUT /api/opening-hours/time-zone {time_zone}: the IANA zone every department's schedule is written in. */
export const saveTimeZone = (timeZone: string): Promise<unknown> =>
  api.put('/opening-hours/time-zone', { time_zone: timeZone });

export function useSaveTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTimeZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openingHoursQueryKey }),
  });
}
