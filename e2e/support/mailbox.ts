import fs from 'node:fs';

/** The 6-digit code of the newest mail the real SMTP server received for `to`, waiting for it to arrive. */
export async function codeMailedTo(to: string, after = 0): Promise<string> {
  const file = process.env.E2E_MAIL_FILE!;
  for (let i = 0; i < 100; i++) {
    const mails = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string[]; raw: string })
      .filter((m) => m.to.includes(to.toLowerCase()));
    const mail = mails.length > after ? mails[mails.length - 1] : undefined;
    const code = mail && /verification code: (\d{6})/.exec(mail.raw)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${to}`);
}

export function mailCount(to: string): number {
  return fs
    .readFileSync(process.env.E2E_MAIL_FILE!, 'utf8')
    .split('\n')
    .filter((line) => line && (JSON.parse(line) as { to: string[] }).to.includes(to.toLowerCase())).length;
}
