/** A real SMTP server on loopback that keeps what it receives, so tests read the mails the app really sent. */
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

/** The subject and the plain-text body of a single-part mail, as a person reads them (transfer encoding undone). */
export function readMail(mail: ReceivedMail): { subject: string; text: string } {
  const split = mail.raw.search(/\r?\n\r?\n/);
  // Folded header lines continue with whitespace.
  const headers = mail.raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = mail.raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
}

export type SmtpSink = {
  url: string;
  mails: ReceivedMail[];
  /** The 6-digit code of the newest mail to `to`, waiting briefly for it to arrive. */
  codeFor(to: string): Promise<string>;
  close(): Promise<void>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async codeFor(to) {
      for (let i = 0; i < 100; i++) {
        const mail = [...mails].reverse().find((m) => m.to.includes(to));
        const code = mail && /verification code: (\d{6})/.exec(mail.raw)?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no code mailed to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
