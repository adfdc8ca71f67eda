/**
 * Whether an address has an account is told to no one but its owner, by mail: the registration and reset steps
 * answer alike and take the same time for every address. The time is proven by construction (no mail is sent on
 * the request path: the answer comes while the mail server still holds the mail) and then measured, against a
 * mail server as slow as a real one, with a bound a loaded machine keeps.
 */
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, seedCompany, startTestApp, uniqueEmail, type TestApp } from '../../../test/harness';
import { readMail, type ReceivedMail } from '../../../test/smtp-sink';

/** How long the mail server below takes to accept a mail: a remote server's round trips, give or take. */
const MAIL_SERVER_MS = 150;

/** An SMTP server that takes MAIL_SERVER_MS per mail, and holds every mail while `hold` is on. */
async function startSlowMailServer() {
  const mails: ReceivedMail[] = [];
  let release: () => void = () => {};
  let held: Promise<void> = Promise.resolve();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void held
          .then(() => new Promise((resolve) => setTimeout(resolve, MAIL_SERVER_MS)))
          .then(() => {
            mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
            callback();
          });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo: (to: string) => mails.filter((m) => m.to.includes(to)).map(readMail),
    hold() {
      held = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSlowMailServer>>;
beforeAll(async () => {
  smtp = await startSlowMailServer();
  t = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Every reply from its own client address, so no per-address limit is what the test measures. */
let addressCount = 0;
const post = async (path: string, body: unknown) => {
  addressCount++;
  const from = `198.18.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
  const started = performance.now();
  const reply = await t.client({ from }).post(path, body);
  return { reply, ms: performance.now() - started };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe('the answer does not wait for the mail', () => {
  it('answers a reset request for an account, and a registration for a taken address, while the mail is held', async () => {
    const { adminEmail } = await seedCompany(t);
    smtp.hold();
    try {
      const reset = await post('/send-reset-password-code', { email: adminEmail });
      expect(reset.reply.status).toBe(200);
      const register = await post('/send-email-verification', { email: adminEmail });
      expect(register.reply.status).toBe(200);
      // Answered, yet neither mail has reached the (held) mail server.
      expect(smtp.mailsTo(adminEmail)).toEqual([]);
    } finally {
      smtp.release();
    }
    const mails = await eventually(() => (smtp.mailsTo(adminEmail).length === 2 ? smtp.mailsTo(adminEmail) : null));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'KreeChat: you already have an account',
        expect.stringMatching(/^KreeChat verification code: \d{6}$/),
      ]),
    );
  });
});

describe('an address with an account takes as long to answer as one without', () => {
  /** Medians of `rounds` interleaved requests for addresses with and without an account. */
  async function timings(path: string, rounds: number) {
    const { addAgent } = await seedCompany(t);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const agent = await addAgent();
      for (const [email, times] of [
        [agent.email, known],
        [uniqueEmail('nobody'), unknown],
      ] as const) {
        const { reply, ms } = await post(path, { email });
        expect(reply.status).toBe(200);
        times.push(ms);
        // Measured one at a time: a mail still leaving is not charged to the next request.
        await t.services.verification.idle();
      }
    }
    return { known: median(known), unknown: median(unknown) };
  }

  it.each(['/send-reset-password-code', '/send-email-verification'])('%s', async (path) => {
    const { known, unknown } = await timings(path, 10);
    // Before, one of the two waited for the mail server (MAIL_SERVER_MS and more): a reset's known address, a
    // registration's new one.
    // Close in milliseconds, or in proportion when a loaded machine makes every request slow.
    const close =
      Math.abs(known - unknown) < MAIL_SERVER_MS / 3 || Math.max(known, unknown) / Math.min(known, unknown) < 1.5;
    expect(close, `median ${known.toFixed(1)} ms against ${unknown.toFixed(1)} ms`).toBe(true);
  });
});
