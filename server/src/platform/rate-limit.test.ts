import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const loginFrom = (remoteAddress: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password: 'Wrong-pass1!' }),
  });

describe('per-IP request limit on the account calls', () => {
  it('lets an office behind one address make 100 calls a minute, then answers 429 to that address only', async () => {
    // Different e-mails, so the per-e-mail failure limit (10) never triggers: this is the per-IP ceiling.
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await loginFrom('127.0.0.2', uniqueEmail(`office${i}`))).statusCode);
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
    expect((await loginFrom('127.0.0.3', uniqueEmail())).statusCode).toBe(401);
  });
});
