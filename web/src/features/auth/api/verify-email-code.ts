import type { VerifyEmailCodeBody } from '@kreechat/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/verify-email-code: checks a mailed code. With `isPasswordReset` it unlocks the password reset of
 * that e-mail in this browser; without it, the company registration.
 */
export const verifyEmailCode = (body: VerifyEmailCodeBody): Promise<unknown> => api.post('/verify-email-code', body);

export function useVerifyEmailCode() {
  return useMutation({ mutationFn: verifyEmailCode });
}
