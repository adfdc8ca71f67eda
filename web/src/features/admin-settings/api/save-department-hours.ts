import type { DepartmentHoursBody } from '@kreechat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { openingHoursQueryKey } from '@/lib/opening-hours';

/**
 * PUT /api/opening-hours/:departmentid: one department's whole schedule, special dates and targets. A refusal is
 * 400 `{ message }` with the first rule broken, worded as the contract words it.
 */
export const saveDepartmentHours = ({
  departmentid,
  body,
}: {
  departmentid: string;
  body: DepartmentHoursBody;
}): Promise<unknown> => api.put(`/opening-hours/${encodeURIComponent(departmentid)}`, body);

export function useSaveDepartmentHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDepartmentHours,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openingHoursQueryKey }),
  });
}
