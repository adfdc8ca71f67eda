import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/send-email-verification: mails a 6-digit code and sets the httpOnly verification cookie. */
export const sendEmailVerification = (email: string): Promise<unknown> =>
  api.post('/send-email-verification', { email });

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}
