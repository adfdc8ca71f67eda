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

/**
 * Sent instead of a registration code when the address already has an account: the registration screens answer
 * alike for every address, so only the address's owner learns that it has one, and learns the ways in.
 */
export function accountExistsMail(publicUrl: string | undefined) {
  const login = publicUrl ? `${publicUrl}/login` : `the ${PRODUCT_NAME} login page`;
  return {
    subject: `${PRODUCT_NAME}: you already have an account`,
    text: [
      `Someone, probably you, asked to register a company on ${PRODUCT_NAME} with this e-mail address.`,
      `This address already has a ${PRODUCT_NAME} account, so no new company can be registered with it.`,
      '',
      `Log in at ${login}. If you forgot your password, reset it with ${resetHint(publicUrl)}.`,
      "If your account was disabled, your company's administrator can enable it again.",
      '',
      'If you did not ask for this, ignore this mail: nothing was changed.',
    ].join('\n'),
  };
}

/** A moment as a mail states it: unambiguous wherever the reader is. */
const stamp = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Where "Forgot password?" is, as a link when the server knows its public address. */
const resetHint = (publicUrl: string | undefined) =>
  publicUrl ? `${publicUrl}/forgot-password` : `"Forgot password?" on the ${PRODUCT_NAME} login page`;

/**
 * To the OLD address after an account's e-mail address changed: the owner hears of it even when someone else made
 * the change, and learns the one way back (the new address now receives the password-reset codes, so only an
 * administrator can return the account).
 */
export function emailChangedMail(notice: {
  name: string;
  newEmail: string;
  byAdmin: boolean;
  at: Date;
  publicUrl: string | undefined;
}) {
  const who = notice.byAdmin ? 'An administrator of your company changed' : 'You changed';
  return {
    subject: `${PRODUCT_NAME}: the e-mail address of your account was changed`,
    text: [
      `Hello ${notice.name},`,
      '',
      `${who} the e-mail address of your ${PRODUCT_NAME} account to ${notice.newEmail} (${stamp(notice.at)}).`,
      'From now on you log in with the new address, and this one receives no more mail from us.',
      '',
      "If you did not make or expect this change, someone else may be using your account. Ask your company's",
      `${PRODUCT_NAME} administrator at once to set your e-mail address back, then reset your password with`,
      `${resetHint(notice.publicUrl)}.`,
    ].join('\n'),
  };
}

/** To the account's address after its password changed (every session was ended with it). */
export function passwordChangedMail(notice: { name: string; at: Date; publicUrl: string | undefined }) {
  return {
    subject: `${PRODUCT_NAME}: your password was changed`,
    text: [
      `Hello ${notice.name},`,
      '',
      `The password of your ${PRODUCT_NAME} account was changed (${stamp(notice.at)}).`,
      'Every session of the account was ended: log in again with the new password.',
      '',
      `If you did not change it, reset it at once with ${resetHint(notice.publicUrl)}`,
      "and tell your company's administrator.",
    ].join('\n'),
  };
}
