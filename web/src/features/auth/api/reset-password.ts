import type { ResetPasswordBody } from '@kreechat/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password: sets the new password after the reset code was verified in this browser. */
export const resetPassword = (body: ResetPasswordBody): Promise<unknown> => api.post('/auth/reset-password', body);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
