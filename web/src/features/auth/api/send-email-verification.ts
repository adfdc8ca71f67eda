import { useMutation } from '@tanstack/react-query';
import type { CodeSentResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { api } from '@/lib/api-client';

/**
 * POST /api/send-email-verification: mails a 6-digit code and sets the httpOnly verification cookie;
 * `devMailbox` when the server has no SMTP and the code is in its log and DATA_DIR/mail.
 */
export const sendEmailVerification = (email: string): Promise<CodeSentResponse> =>
  api.post('/send-email-verification', { email }, parser('codeSentResponseSchema'));

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}
