/**
 * E-mailed codes under attack, over HTTP on the real database: code checks and code sends are
 * claimed before anything is compared or mailed, per (e-mail, client address) strictly and per e-mail with growing
 * delays, and a stranger hammering an address never keeps its owner from getting and using a code.
 */
import { VERIFICATION_MESSAGES } from '@kreechat/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, seedCompany, startTestApp, uniqueEmail, type TestApp } from '../../../test/harness';
import { emailCodes } from '../../db/schema';
import { attemptKeys } from '../../platform/attempt-guard';
import { sha256 } from '../../platform/crypto';
import { createFailureLimiter } from '../../platform/failure-limiter';
import { CODE_CHECKS, CODE_SENDS } from './verification.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const counter = (key: string) => createFailureLimiter(t.database.db, t.clock).count(key);
const tally = (replies: { status: number; body: { message?: string } }[]) => {
  const out: Record<string, number> = {};
  for (const r of replies) out[`${r.status} ${r.body.message}`] = (out[`${r.status} ${r.body.message}`] ?? 0) + 1;
  return out;
};
const mailsTo = (email: string) => t.smtp.mails.filter((m) => m.to.includes(email)).length;

/** A verification session started from `from`: its cookie secret and the code it mailed. */
async function startSession(email: string, from: string, path = '/send-email-verification') {
  const browser = t.client({ from });
  expect((await browser.post(path, { email })).status).toBe(200);
  // The mail leaves after the answer: once it has, the newest mail to the address is this session's.
  await t.services.verification.idle();
  return { secret: browser.cookie('kc_verify')!, code: await t.smtp.codeFor(email) };
}

/** A browser at `from` holding the verification session `secret` (the cookie travels, the address does not). */
function browserWith(secret: string, from: string) {
  const browser = t.client({ from });
  browser.setCookie('kc_verify', secret);
  return browser;
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('code checks', () => {
  it('40 concurrent wrong codes from one address cost 40 counts, and only 10 are compared', async () => {
    const email = uniqueEmail('owner');
    // Eight sessions (5 tries each, 40 in all), started from two addresses: only the checking address is limited.
    const sessions: { secret: string; code: string }[] = [];
    for (let i = 0; i < 8; i++) sessions.push(await startSession(email, i < 4 ? '192.0.2.31' : '192.0.2.32'));
    const stranger = '203.0.113.20';
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const session = sessions[i % 8]!;
        return browserWith(session.secret, stranger).post('/verify-email-code', {
          email,
          code: wrongCode(session.code),
        });
      }),
    );

    const rows = await t.database.db
      .select({ attempts: emailCodes.attempts })
      .from(emailCodes)
      .where(
        inArray(
          emailCodes.id,
          sessions.map((s) => sha256(s.secret)),
        ),
      );
    expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(10);
    const outcomes = tally(replies);
    expect(outcomes[`429 ${CODE_CHECKS.perAddress.message}`]).toBe(30);
    expect(
      (outcomes[`400 ${VERIFICATION_MESSAGES.invalidCode}`] ?? 0) +
        (outcomes[`429 ${VERIFICATION_MESSAGES.tooManyAttempts}`] ?? 0),
    ).toBe(10);
    expect(await counter(attemptKeys(CODE_CHECKS, email, stranger).perAddress)).toBe(40);
  });

  it('the owner verifies their code from another address while a stranger hammers the e-mail from one', async () => {
    const email = uniqueEmail('owner');
    const stranger = '203.0.113.21';
    // Two sessions of the stranger's own: 10 tries, all used up on wrong codes.
    const theirs = [await startSession(email, stranger), await startSession(email, stranger)];
    for (let i = 0; i < 10; i++) {
      const session = theirs[i % 2]!;
      const reply = await browserWith(session.secret, stranger).post('/verify-email-code', {
        email,
        code: wrongCode(session.code),
      });
      expect([400, 429]).toContain(reply.status);
      expect(reply.body.message).not.toBe(CODE_CHECKS.perAddress.message);
    }
    // Then a burst, while the owner asks for a code and uses it from elsewhere.
    const another = await startSession(email, '192.0.2.33');
    const burst = Promise.all(
      Array.from({ length: 20 }, () =>
        browserWith(another.secret, stranger).post('/verify-email-code', { email, code: wrongCode(another.code) }),
      ),
    );
    const owner = t.client({ from: '198.51.100.8' });
    expect((await owner.post('/send-email-verification', { email })).status).toBe(200);
    await t.services.verification.idle();
    const code = await t.smtp.codeFor(email);
    expect((await owner.post('/verify-email-code', { email, code })).status).toBe(200);
    expect(tally(await burst)).toEqual({ [`429 ${CODE_CHECKS.perAddress.message}`]: 20 });

    // Even the owner's right code is refused from the stranger's address: nothing is compared there any more.
    const fromThere = browserWith(owner.cookie('kc_verify')!, stranger);
    const refused = await fromThere.post('/verify-email-code', { email, code });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(CODE_CHECKS.perAddress.message);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives a check back when no code was compared (no live session)', async () => {
    const email = uniqueEmail('owner');
    const from = '203.0.113.22';
    // One after another: a claim refused while others are still in flight stays counted, like any refusal.
    const replies = [];
    for (let i = 0; i < 15; i++) {
      replies.push(await t.client({ from }).post('/verify-email-code', { email, code: '123456' }));
    }
    expect(tally(replies)).toEqual({ [`410 ${VERIFICATION_MESSAGES.expiredSession}`]: 15 });
    expect(await counter(attemptKeys(CODE_CHECKS, email, from).perAddress)).toBe(0);
    const session = await startSession(email, from);
    expect(
      (await browserWith(session.secret, from).post('/verify-email-code', { email, code: session.code })).status,
    ).toBe(200);
  });
});

describe('code sends', () => {
  it('20 concurrent reset-code requests from one address cost 20 counts and mail exactly 5 codes', async () => {
    const { adminEmail } = await seedCompany(t);
    const from = '203.0.113.30';
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => t.client({ from }).post('/send-reset-password-code', { email: adminEmail })),
    );
    expect(tally(replies)).toEqual({
      '200 If an account exists for this address, a reset code has been sent': 5,
      [`429 ${CODE_SENDS.perAddress.message}`]: 15,
    });
    await t.services.verification.idle();
    expect(mailsTo(adminEmail)).toBe(5);
    expect(await counter(attemptKeys(CODE_SENDS, adminEmail, from).perAddress)).toBe(20);
  });

  it('a stranger flooding reset codes from many addresses cannot keep the owner from getting and using one', async () => {
    const { adminEmail } = await seedCompany(t);
    const botnet = Array.from({ length: 5 }, (_, i) => `10.77.0.${i + 1}`);
    // 5 addresses × 4 requests = the 20 free sends for this e-mail address.
    for (let round = 0; round < 4; round++) {
      for (const from of botnet) {
        expect((await t.client({ from }).post('/send-reset-password-code', { email: adminEmail })).status).toBe(200);
      }
    }
    const waiting = await t.client({ from: botnet[0] }).post('/send-reset-password-code', { email: adminEmail });
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('60');
    expect(waiting.body.message).toBe('Too many codes requested for this e-mail address. Try again in 1 minute.');
    await t.services.verification.idle();
    expect(mailsTo(adminEmail)).toBe(20);

    // The owner, from an address that asked for nothing today, gets a code, uses it and logs in.
    const owner = t.client({ from: '198.51.100.9' });
    expect((await owner.post('/send-reset-password-code', { email: adminEmail })).status).toBe(200);
    await t.services.verification.idle();
    const code = await t.smtp.codeFor(adminEmail);
    expect((await owner.post('/verify-email-code', { email: adminEmail, code, isPasswordReset: true })).status).toBe(
      200,
    );
    const newPassword = 'An0ther-Secret!';
    const reset = await owner.post('/auth/reset-password', {
      email: adminEmail,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.status).toBe(200);
    await login(t.client({ from: '198.51.100.9' }), adminEmail, newPassword);
  });
});
