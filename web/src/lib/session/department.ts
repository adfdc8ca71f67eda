import type { DepartmentOfUser } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type MyDepartment = DepartmentOfUser;

/** GET /api/auth/department: the signed-in user's department (SPEC §7: fetched at start). */
export const getMyDepartment = (signal?: AbortSignal): Promise<MyDepartment> =>
  api.get('/auth/department', parser('departmentOfUserResponseSchema'), signal);

export const myDepartmentQueryKey = ['session', 'department'] as const;

export const myDepartmentQueryOptions = queryOptions({
  queryKey: myDepartmentQueryKey,
  queryFn: ({ signal }) => getMyDepartment(signal),
  staleTime: 5 * 60_000,
});

export function useMyDepartment() {
  return useQuery(myDepartmentQueryOptions);
}
