import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminDepartmentsQueryKey } from './get-departments';

/** POST /api/admin/create-department {department_name}: answers the new department's id. */
export const createDepartment = (name: string): Promise<{ departmentid: string }> =>
  api.post('/admin/create-department', { department_name: name }, parser('createDepartmentResponseSchema'));

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDepartmentsQueryKey }),
  });
}
