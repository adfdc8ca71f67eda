import type { ChangePasswordBody } from '@kreechat/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/change-password: replaces the user's password after checking the current one. The server ends
 * every session of the account, so the caller logs out afterwards.
 */
export const changePassword = (body: ChangePasswordBody): Promise<unknown> => api.post('/auth/change-password', body);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
