import { useMutation } from '@tanstack/react-query';
import type { CodeSentResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { api } from '@/lib/api-client';

/** POST /api/send-reset-password-code: mails a password-reset code to the account's e-mail (or the dev mailbox). */
export const sendResetPasswordCode = (email: string): Promise<CodeSentResponse> =>
  api.post('/send-reset-password-code', { email }, parser('codeSentResponseSchema'));

export function useSendResetPasswordCode() {
  return useMutation({ mutationFn: sendResetPasswordCode });
}
