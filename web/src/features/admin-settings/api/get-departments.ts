import type { AdminDepartmentsResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/get-departments: the departments with their statistics (SPEC §2 Settings → Departments). */
export const getAdminDepartments = (signal?: AbortSignal): Promise<AdminDepartmentsResponse> =>
  api.get('/admin/get-departments', parser('adminDepartmentsResponseSchema'), signal);

export const adminDepartmentsQueryKey = ['admin', 'departments'] as const;

export function useAdminDepartments() {
  return useQuery(
    queryOptions({ queryKey: adminDepartmentsQueryKey, queryFn: ({ signal }) => getAdminDepartments(signal) }),
  );
}
