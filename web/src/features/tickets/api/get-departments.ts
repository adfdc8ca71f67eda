import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type DepartmentOption = { departmentid: string; department_name: string };

/** GET /api/auth/get-departments: the company's departments, deleted ones left out (SPEC §5). */
export const getDepartments = (signal?: AbortSignal): Promise<DepartmentOption[]> =>
  api.get('/auth/get-departments', parser('departmentListSchema'), signal);

export const departmentsQueryOptions = queryOptions({
  queryKey: ['departments', 'live'] as const,
  queryFn: ({ signal }) => getDepartments(signal),
  staleTime: 60_000,
});

export function useDepartments(enabled = true) {
  return useQuery({ ...departmentsQueryOptions, enabled });
}
