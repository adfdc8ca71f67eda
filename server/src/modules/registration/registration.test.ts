import {
  INVALID_TIME_ZONE,
  REGISTRATION_NOT_COMPLETED,
  VERIFICATION_MESSAGES,
  WEAK_PASSWORD_MESSAGE,
} from '@kreechat/contract';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, seedCompany, startTestApp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../../test/harness';
import { readMail } from '../../../test/smtp-sink';
import { hashPassword } from '../../platform/passwords';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const registration = (email: string, overrides: Record<string, unknown> = {}) => ({
  contact_person: 'Grace Brewster Hopper',
  company_name: 'Hopper Logistics',
  company_phone: '+1 555 0100',
  company_email: email,
  password: STRONG_PASSWORD,
  country: 'US',
  ...overrides,
});

describe('company registration', () => {
  it('registers a company after the e-mailed code is verified, signed in at once, and its admin can log in', async () => {
    const browser = t.client();
    const email = uniqueEmail('owner');
    expect((await browser.post('/precheck', { data: { ...registration(email), prod_name: 'KreeChat' } })).status).toBe(
      200,
    );
    const sent = await browser.post('/send-email-verification', { email });
    expect(sent.status).toBe(200);
    // Mailed through SMTP: the screen keeps "check your inbox".
    expect(sent.body).toMatchObject({ devMailbox: false });
    const verifyCookie = sent.cookies.find((c) => c.name === 'kc_verify');
    expect(verifyCookie).toMatchObject({ httpOnly: true });
    const code = await t.smtp.codeFor(email);
    expect(code).toMatch(/^\d{6}$/);

    expect((await browser.post('/verify-email-code', { email, code })).status).toBe(200);
    const registered = await browser.post('/register-company-kreechat', { data: registration(email) });
    // Signed in at once, as login would: no second typing of the password just chosen.
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ user: { email, role: 'admin', firstName: 'Grace' }, lang: 'en' });
    expect(registered.cookies.find((c) => c.name === 'kc_session')).toMatchObject({ httpOnly: true });
    expect((await browser.get('/auth/validate')).body).toMatchObject({ status: 'valid', role: 'admin' });
    expect((await browser.get('/onboarding')).status).toBe(200);

    const admin = t.client();
    const loggedIn = await login(admin, email, STRONG_PASSWORD);
    expect(loggedIn.body.user).toMatchObject({ firstName: 'Grace', lastName: 'Brewster Hopper', role: 'admin' });
    const profile = await admin.get('/auth/profile');
    expect(profile.body).toMatchObject({ companyName: 'Hopper Logistics', departmentName: 'General' });
    const departments = await admin.get('/auth/get-departments');
    expect(departments.body).toHaveLength(1);

    // The verification session is used up: a second registration with it is refused.
    const again = await browser.post('/register-company-kreechat', { data: registration(email) });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(VERIFICATION_MESSAGES.expiredSession);
  });

  it('stores the registering browser’s time zone on the company, UTC without one', async () => {
    async function register(overrides: Record<string, unknown>) {
      const browser = t.client();
      const email = uniqueEmail('owner');
      await browser.post('/send-email-verification', { email });
      await browser.post('/verify-email-code', { email, code: await t.smtp.codeFor(email) });
      const registered = await browser.post('/register-company-kreechat', { data: registration(email, overrides) });
      const admin = t.client();
      if (registered.status === 200) await login(admin, email, STRONG_PASSWORD);
      return { registered, admin };
    }
    const amsterdam = await register({ time_zone: 'Europe/Amsterdam' });
    expect(amsterdam.registered.status).toBe(200);
    expect((await amsterdam.admin.get('/opening-hours')).body.time_zone).toBe('Europe/Amsterdam');
    const none = await register({});
    expect((await none.admin.get('/opening-hours')).body.time_zone).toBe('UTC');
    const bad = await register({ time_zone: 'Europe/Atlantis' });
    expect(bad.registered).toMatchObject({ status: 400, body: { message: INVALID_TIME_ZONE } });
  });

  it('answers an address that has an account exactly like a new one, and mails it the ways in instead of a code', async () => {
    const { adminEmail } = await seedCompany(t);
    const free = uniqueEmail('newcomer');
    const answers = async (email: string) => {
      const browser = t.client();
      const pre = await browser.post('/precheck', { data: { ...registration(email), prod_name: 'KreeChat' } });
      const sent = await browser.post('/send-email-verification', { email });
      return {
        browser,
        replies: [pre, sent].map((r) => ({ status: r.status, body: r.body, cookies: r.cookies.map((c) => c.name) })),
      };
    };
    const taken = await answers(adminEmail);
    const fresh = await answers(free);
    expect(taken.replies).toEqual(fresh.replies);
    expect(taken.replies.map((r) => r.status)).toEqual([200, 200]);

    await t.services.verification.idle();
    const [mail, ...more] = t.smtp.mails.filter((m) => m.to.includes(adminEmail)).map(readMail);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('KreeChat: you already have an account');
    expect(mail!.text).toContain('This address already has a KreeChat account');
    expect(mail!.text).toContain('"Forgot password?" on the KreeChat login page');
    expect(mail!.text).not.toMatch(/\d{6}/);
    expect(await t.smtp.codeFor(free)).toMatch(/^\d{6}$/);

    // No code reached the address, so no guess registers a second company on it.
    const guess = await taken.browser.post('/verify-email-code', { email: adminEmail, code: '123456' });
    expect(guess).toMatchObject({ status: 400, body: { message: VERIFICATION_MESSAGES.invalidCode } });
  });

  it('refuses the last step, in general words, when the address got an account after its code was proved', async () => {
    const browser = t.client();
    const email = uniqueEmail('owner');
    await browser.post('/send-email-verification', { email });
    expect((await browser.post('/verify-email-code', { email, code: await t.smtp.codeFor(email) })).status).toBe(200);
    const { company, department } = await seedCompany(t);
    await t.services.agents.create({
      companyId: company.id,
      email,
      passwordHash: await hashPassword(STRONG_PASSWORD),
      firstName: 'Quick',
      lastName: 'Colleague',
      role: 'agent',
      departmentId: department.id,
      createdAt: t.clock.now(),
    });
    const registered = await browser.post('/register-company-kreechat', { data: registration(email) });
    expect(registered).toMatchObject({ status: 409, body: { message: REGISTRATION_NOT_COMPLETED } });
  });

  it('enforces the password rule and required fields with messages', async () => {
    const browser = t.client();
    const weak = await browser.post('/precheck', { data: registration(uniqueEmail(), { password: 'password1' }) });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain(WEAK_PASSWORD_MESSAGE);
    const noName = await browser.post('/precheck', { data: registration(uniqueEmail(), { company_name: '   ' }) });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('Company name is required');
    const badCountry = await browser.post('/precheck', { data: registration(uniqueEmail(), { country: 'XX' }) });
    expect(badCountry.status).toBe(400);
  });

  it('refuses registration without a verified code in this browser', async () => {
    const email = uniqueEmail();
    const stranger = t.client();
    const noSession = await stranger.post('/register-company-kreechat', { data: registration(email) });
    expect(noSession.status).toBe(410);
    expect(noSession.body.message).toBe(VERIFICATION_MESSAGES.expiredSession);

    const browser = t.client();
    await browser.post('/send-email-verification', { email });
    const unverified = await browser.post('/register-company-kreechat', { data: registration(email) });
    expect(unverified.status).toBe(400);

    // Another address than the verified one is refused.
    const code = await t.smtp.codeFor(email);
    await browser.post('/verify-email-code', { email, code });
    const other = await browser.post('/register-company-kreechat', { data: registration(uniqueEmail()) });
    expect(other.status).toBe(410);
  });

  it('expires a code after 10 minutes', async () => {
    const browser = t.client();
    const email = uniqueEmail();
    await browser.post('/send-email-verification', { email });
    const code = await t.smtp.codeFor(email);
    t.clock.advance(10 * 60_000 + 1);
    const late = await browser.post('/verify-email-code', { email, code });
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(VERIFICATION_MESSAGES.expiredCode);
  });

  it('allows 5 wrong tries, then answers Too many failed attempts even for the right code', async () => {
    const browser = t.client();
    const email = uniqueEmail();
    await browser.post('/send-email-verification', { email });
    const code = await t.smtp.codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const reply = await browser.post('/verify-email-code', { email, code: wrong });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(VERIFICATION_MESSAGES.invalidCode);
    }
    const fifth = await browser.post('/verify-email-code', { email, code: wrong });
    expect(fifth.body.message).toBe(VERIFICATION_MESSAGES.tooManyAttempts);
    const right = await browser.post('/verify-email-code', { email, code });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(VERIFICATION_MESSAGES.tooManyAttempts);

    // Resending starts over with a fresh code and fresh tries (its mail leaves after the answer).
    await browser.post('/send-email-verification', { email });
    await t.services.verification.idle();
    const fresh = await t.smtp.codeFor(email);
    expect((await browser.post('/verify-email-code', { email, code: fresh })).status).toBe(200);
  });

  it('answers Expired verification session without the cookie or after the session ran out', async () => {
    const email = uniqueEmail();
    const browser = t.client();
    await browser.post('/send-email-verification', { email });
    const code = await t.smtp.codeFor(email);
    const other = t.client();
    expect((await other.post('/verify-email-code', { email, code })).body.message).toBe(
      VERIFICATION_MESSAGES.expiredSession,
    );
    t.clock.advance(31 * 60_000);
    expect((await browser.post('/verify-email-code', { email, code })).body.message).toBe(
      VERIFICATION_MESSAGES.expiredSession,
    );
  });

  it('rejects a malformed code', async () => {
    const reply = await t.client().post('/verify-email-code', { email: uniqueEmail(), code: '12ab' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('6 digits');
  });
});

describe('password reset', () => {
  it('resets the password in three steps and ends every session of the account', async () => {
    const { adminEmail, adminClient } = await seedCompany(t);
    expect((await adminClient.get('/auth/validate')).body.status).toBe('valid');

    const browser = t.client();
    const sent = await browser.post('/send-reset-password-code', { email: adminEmail });
    expect(sent.status).toBe(200);
    const code = await t.smtp.codeFor(adminEmail);
    expect((await browser.post('/verify-email-code', { email: adminEmail, code, isPasswordReset: true })).status).toBe(
      200,
    );
    const newPassword = 'An0ther-Secret!';
    const reset = await browser.post('/auth/reset-password', {
      email: adminEmail,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.status).toBe(200);

    expect((await adminClient.get('/auth/validate')).body.status).toBe('invalid');
    expect((await t.client().post('/auth/login', { email: adminEmail, password: STRONG_PASSWORD })).status).toBe(401);
    await login(t.client(), adminEmail, newPassword);
  });

  it('answers an unknown e-mail exactly like a known one, and mails nothing', async () => {
    const { adminEmail } = await seedCompany(t);
    const unknown = uniqueEmail('nobody');
    const known = await t.client().post('/send-reset-password-code', { email: adminEmail });
    const mailsBefore = t.smtp.mails.length;
    const stranger = await t.client().post('/send-reset-password-code', { email: unknown });
    expect(stranger.status).toBe(known.status);
    expect(stranger.body).toEqual(known.body);
    expect(stranger.cookies.map((c) => c.name)).toEqual(known.cookies.map((c) => c.name));
    await t.services.verification.idle();
    expect(t.smtp.mails.slice(mailsBefore).some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('accepts a reset only after a reset code was verified in this browser', async () => {
    const { adminEmail } = await seedCompany(t);
    const body = { email: adminEmail, newPassword: 'An0ther-Secret!', confirmPassword: 'An0ther-Secret!' };
    expect((await t.client().post('/auth/reset-password', body)).status).toBe(410);

    const browser = t.client();
    await browser.post('/send-reset-password-code', { email: adminEmail });
    expect((await browser.post('/auth/reset-password', body)).status).toBe(400);

    // A registration-purpose verification does not open a reset.
    const code = await t.smtp.codeFor(adminEmail);
    const asRegistration = await browser.post('/verify-email-code', { email: adminEmail, code });
    expect(asRegistration.body.message).toBe(VERIFICATION_MESSAGES.expiredSession);
  });

  it('enforces the password rule and the confirmation at reset', async () => {
    const { adminEmail } = await seedCompany(t);
    const browser = t.client();
    await browser.post('/send-reset-password-code', { email: adminEmail });
    const code = await t.smtp.codeFor(adminEmail);
    await browser.post('/verify-email-code', { email: adminEmail, code, isPasswordReset: true });
    const weak = await browser.post('/auth/reset-password', {
      email: adminEmail,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain(WEAK_PASSWORD_MESSAGE);
    const mismatch = await browser.post('/auth/reset-password', {
      email: adminEmail,
      newPassword: 'An0ther-Secret!',
      confirmPassword: 'An0ther-Secret?',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Passwords do not match');
  });

  it('limits how many codes one address can request', async () => {
    const email = uniqueEmail();
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push(await t.client().post('/send-reset-password-code', { email }));
    expect(replies.slice(0, 5).every((r) => r.status === 200)).toBe(true);
    expect(replies[5]!.status).toBe(429);
  });
});

describe('without SMTP (the dev mailbox)', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await startTestApp({ SMTP_URL: '' });
  });
  afterAll(async () => dev?.close());

  it('says the code went to the dev mailbox, and writes it to DATA_DIR/mail', async () => {
    const email = uniqueEmail('devbox');
    const sent = await dev.client().post('/send-email-verification', { email });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: 'Verification code sent', devMailbox: true });
    await dev.services.verification.idle();
    const files = fs.readdirSync(path.join(dev.dataDir, 'mail'));
    expect(files.some((f) => fs.readFileSync(path.join(dev.dataDir, 'mail', f), 'utf8').includes(email))).toBe(true);
  });

  it('says the same for a reset, whether or not the address has an account', async () => {
    const unknown = await dev.client().post('/send-reset-password-code', { email: uniqueEmail('nobody') });
    expect(unknown.body).toMatchObject({ devMailbox: true });
  });
});
