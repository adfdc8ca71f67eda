/**
 * The mails that tell a person their account changed. They are sent after the change committed, so a mail
 * server that fails is logged, not answered as a failed change (the change happened; saying otherwise would
 * invite a retry that now finds the e-mail taken or the password wrong).
 */
import type { Logger } from '../platform/logger';
import type { Mailer } from './mailer';
import { emailChangedMail, passwordChangedMail } from './templates';

export type AccountNotices = ReturnType<typeof createAccountNotices>;

export function createAccountNotices(deps: { mailer: Mailer; logger: Logger; publicUrl: string | undefined }) {
  const { mailer, logger, publicUrl } = deps;

  async function send(to: string, mail: { subject: string; text: string }) {
    try {
      await mailer.send({ to, ...mail });
    } catch (error) {
      logger.error({ err: error }, 'could not mail an account-change notice');
    }
  }

  return {
    /** Mails `oldEmail` that the account now answers to `newEmail`. */
    emailChanged: (notice: { oldEmail: string; newEmail: string; name: string; byAdmin: boolean; at: Date }) =>
      send(notice.oldEmail, emailChangedMail({ ...notice, publicUrl })),

    passwordChanged: (notice: { email: string; name: string; at: Date }) =>
      send(notice.email, passwordChangedMail({ ...notice, publicUrl })),
  };
}
