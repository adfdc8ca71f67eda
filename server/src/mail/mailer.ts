/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise the dev mailbox — each mail written to
 * DATA_DIR/mail/*.eml and its subject and text logged, so a fresh install can register without any mail server.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../platform/logger';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = {
  send(mail: Mail): Promise<void>;
  close(): void;
  /** True when mail only reaches the server log and DATA_DIR/mail (no SMTP_URL): the screens say so. */
  devMailbox?: boolean;
};

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const { smtpUrl, from, dataDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        // No address, no subject at info (a code stands in the verification mails' subject): personal data.
        logger.info('mail sent');
      },
      close: () => transport.close(),
    };
  }

  const mailbox = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await fs.mkdir(mailbox, { recursive: true });
      const file = path.join(
        mailbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      logger.info({ to: mail.to, subject: mail.subject, text: mail.text, file }, 'mail written to the dev mailbox');
    },
    close: () => undefined,
    devMailbox: true,
  };
}
