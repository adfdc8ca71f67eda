import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/send-reset-password-code: mails a password-reset code to the account's e-mail. */
export const sendResetPasswordCode = (email: string): Promise<unknown> =>
  api.post('/send-reset-password-code', { email });

export function useSendResetPasswordCode() {
  return useMutation({ mutationFn: sendResetPasswordCode });
}
