/**
 * The login limits under attack, over HTTP on the real database: claims are taken before the
 * password is checked, a stranger's guesses from one address never lock the owner out, and a guesser spread over
 * many addresses meets growing delays while the owner still gets in from an address nobody failed from.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCompany, startTestApp, STRONG_PASSWORD, type TestApp } from '../../../test/harness';
import { attemptKeys } from '../../platform/attempt-guard';
import { createFailureLimiter } from '../../platform/failure-limiter';
import { INVALID_LOGIN, LOGIN_LIMITS } from './auth.service';

// Counts how many times a password really reaches argon2 (the real function still decides).
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../platform/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../platform/passwords')>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      checks.count++;
      return real.verifyPassword(hash, password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const counter = (key: string) => createFailureLimiter(t.database.db, t.clock).count(key);
const statuses = (replies: { status: number }[]) => {
  const tally: Record<number, number> = {};
  for (const r of replies) tally[r.status] = (tally[r.status] ?? 0) + 1;
  return tally;
};
const guess = (from: string, email: string, password = 'Wrong-pass1!') =>
  t.client({ from }).post('/auth/login', { email, password });

describe('login limits', () => {
  it('40 concurrent wrong passwords from one address cost 40 counts, and only 10 reach the password check', async () => {
    const { adminEmail } = await seedCompany(t);
    const stranger = '203.0.113.9';
    checks.count = 0;
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => guess(stranger, adminEmail, `Wrong-pass${i}!`)),
    );

    expect(checks.count).toBe(10);
    expect(statuses(replies)).toEqual({ 401: 10, 429: 30 });
    const keys = attemptKeys(LOGIN_LIMITS, adminEmail, stranger);
    expect(await counter(keys.perAddress)).toBe(40);
    expect(await counter(keys.perSubject)).toBe(10);
    const refused = replies.find((r) => r.status === 429)!;
    expect(refused.body.message).toBe(LOGIN_LIMITS.perAddress.message);
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
  });

  it('the owner logs in from another address while a stranger hammers the account from one', async () => {
    const { adminEmail } = await seedCompany(t);
    const stranger = '203.0.113.10';
    const hammering = Promise.all(Array.from({ length: 60 }, () => guess(stranger, adminEmail)));
    const owner = await guess('198.51.100.7', adminEmail, STRONG_PASSWORD);
    expect(statuses(await hammering)).toEqual({ 401: 10, 429: 50 });
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(adminEmail);

    // Still hammered: the owner's address stays open, the stranger's stays shut — even for the right password,
    // which is the price of a strict per-address limit for someone sharing the stranger's address.
    expect((await guess('198.51.100.7', adminEmail, STRONG_PASSWORD)).status).toBe(200);
    expect((await guess(stranger, adminEmail, STRONG_PASSWORD)).status).toBe(429);
    t.clock.advance(15 * 60_000 + 1);
    expect((await guess(stranger, adminEmail, STRONG_PASSWORD)).status).toBe(200);
  });

  it('a right password clears its own address only, and a wrong e-mail is limited like a wrong password', async () => {
    const { adminEmail } = await seedCompany(t);
    for (let i = 0; i < 9; i++) expect((await guess('192.0.2.20', adminEmail)).status).toBe(401);
    expect((await guess('192.0.2.20', adminEmail, STRONG_PASSWORD)).status).toBe(200);
    // The owner's own typos are forgiven by their success: ten more tries from there.
    for (let i = 0; i < 10; i++) expect((await guess('192.0.2.20', adminEmail)).status).toBe(401);
    expect((await guess('192.0.2.20', adminEmail)).status).toBe(429);

    const nobody = `nobody.${Date.now()}@example.test`;
    const replies = await Promise.all(Array.from({ length: 15 }, () => guess('192.0.2.21', nobody)));
    expect(statuses(replies)).toEqual({ 401: 10, 429: 5 });
    expect(replies.find((r) => r.status === 401)!.body.message).toBe(INVALID_LOGIN);
  });

  it('spread over many addresses: after 100 failures each guess waits a doubling delay, yet a fresh address with the right password gets in', async () => {
    const { adminEmail } = await seedCompany(t);
    const botnet = Array.from({ length: 20 }, (_, i) => `10.66.0.${i + 1}`);
    // 20 addresses × 5 wrong passwords = the 100 free failures.
    for (let round = 0; round < 5; round++) {
      const replies = await Promise.all(botnet.map((from) => guess(from, adminEmail)));
      expect(statuses(replies)).toEqual({ 401: 20 });
    }
    expect(await counter(attemptKeys(LOGIN_LIMITS, adminEmail, botnet[0]).perSubject)).toBe(100);

    // Now every address that already failed waits 30 s; the refusal tells how long, and costs no check.
    checks.count = 0;
    const waiting = await guess(botnet[0]!, adminEmail);
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('30');
    expect(waiting.body.message).toBe('Too many failed login attempts on this account. Try again in 30 seconds.');
    expect(checks.count).toBe(0);

    // The owner, from an address that never failed on this account, is not held up.
    expect((await guess('198.51.100.42', adminEmail, STRONG_PASSWORD)).status).toBe(200);
    // A stranger's new address gets exactly one guess, then waits like the rest.
    expect((await guess('198.51.100.66', adminEmail)).status).toBe(401);
    expect((await guess('198.51.100.66', adminEmail)).status).toBe(429);

    // Once the wait is over, 8 concurrent guesses from the botnet: exactly one is checked.
    const wait = Number((await guess(botnet[1]!, adminEmail)).headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(30);
    t.clock.advance(wait * 1000);
    checks.count = 0;
    const burst = await Promise.all(botnet.slice(0, 8).map((from) => guess(from, adminEmail)));
    expect(statuses(burst)).toEqual({ 401: 1, 429: 7 });
    expect(checks.count).toBe(1);
    // And the next wait has doubled.
    expect(Number((await guess(botnet[9]!, adminEmail)).headers['retry-after'])).toBe(2 * wait);

    // A quiet day later the run is forgotten.
    t.clock.advance(25 * 3600_000);
    expect((await guess(botnet[0]!, adminEmail)).status).toBe(401);
  });
});
