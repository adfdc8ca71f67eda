import { PRODUCT_NAME } from '@kreechat/contract';

/** The verification mails. The code stands in the subject too, so the dev mailbox's log line carries it. */
export function verificationMail(code: string, purpose: 'register' | 'reset') {
  const what = purpose === 'register' ? 'confirm your e-mail address' : 'reset your password';
  return {
    subject: `${PRODUCT_NAME} verification code: ${code}`,
    text: [
      `Your ${PRODUCT_NAME} verification code is ${code}.`,
      '',
      `Enter it within 10 minutes to ${what}.`,
      'If you did not ask for it, ignore this mail.',
    ].join('\n'),
  };
}
