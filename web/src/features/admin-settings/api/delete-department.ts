import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminDepartmentsQueryKey } from './get-departments';

/**
 * POST /api/admin/delete-department {departmentid}: refused with 409 while the department still has agents, then
 * while it has pending tickets (contract DEPARTMENT_HAS_AGENTS / DEPARTMENT_HAS_PENDING).
 */
export const deleteDepartment = (departmentid: string): Promise<unknown> =>
  api.post('/admin/delete-department', { departmentid }, parser('okSchema'));

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDepartment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDepartmentsQueryKey }),
  });
}
