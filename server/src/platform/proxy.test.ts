/**
 * TRUST_PROXY: a client-written X-Forwarded-For changes nothing — the per-IP ceiling and the
 * per-(account, address) login limit still count the connection's own address — unless the request comes from a
 * listed proxy; then the right-most address that is no proxy is the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness';
import { LOGIN_LIMITS } from '../modules/auth/auth.service';
import { attemptKeys } from './attempt-guard';
import { createFailureLimiter } from './failure-limiter';
import { createProxyTrust, proxyTrustByHop } from './proxy';

describe('createProxyTrust', () => {
  it('trusts no peer without a proxy, and any peer with a hop count', () => {
    expect(createProxyTrust(false)('127.0.0.1')).toBe(false);
    expect(createProxyTrust(1)('203.0.113.7')).toBe(true);
  });

  it('trusts listed addresses and CIDRs, IPv4 and IPv6, with IPv4-mapped peers as IPv4', () => {
    const isProxy = createProxyTrust(['127.0.0.1', '10.0.0.0/8', '2001:db8:aa::/48', '::1', '::ffff:192.168.7.0/120']);
    for (const peer of ['127.0.0.1', '::ffff:127.0.0.1', '10.20.30.40', '::ffff:10.0.0.1', '2001:db8:aa:1::5', '::1']) {
      expect(isProxy(peer), peer).toBe(true);
    }
    expect(isProxy('192.168.7.9')).toBe(true);
    for (const peer of ['127.0.0.2', '::ffff:127.0.0.2', '11.0.0.1', '2001:db8:ab::1', '::2', 'not-an-ip', '']) {
      expect(isProxy(peer), peer).toBe(false);
    }
  });

  it('counts hops for Fastify: with 2 proxies the peer and the right-most forwarded address are proxies', () => {
    const byHop = proxyTrustByHop(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => byHop('198.51.100.1', hop))).toEqual([true, true, false]);
    expect(proxyTrustByHop(false)).toBe(false);
  });
});

const wrongLogin = (t: TestApp, from: string, email: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from,
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: JSON.stringify({ email, password: 'Wrong-pass1!' }),
  });
const loginCount = (t: TestApp, email: string, address: string) =>
  createFailureLimiter(t.database.db, t.clock).count(attemptKeys(LOGIN_LIMITS, email, address).perAddress);
let spoofs = 0;
const spoofed = () => `198.18.${(++spoofs >> 8) & 255}.${spoofs & 255}`;

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('ignores a rotating X-Forwarded-For: the per-IP ceiling still answers 429 after 100 calls', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      statuses.push((await wrongLogin(t, '203.0.113.60', `office${i}@example.test`, spoofed())).statusCode);
    }
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
  });

  it('ignores a rotating X-Forwarded-For: the per-account-and-address limit still counts the real peer', async () => {
    const { adminEmail } = await seedCompany(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await wrongLogin(t, '203.0.113.61', adminEmail, spoofed())).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    expect(await loginCount(t, adminEmail, '203.0.113.61')).toBe(11);
  });
});

describe('with TRUST_PROXY=127.0.0.1,10.0.0.0/8', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' });
  });
  afterAll(async () => t?.close());

  it('still ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const { adminEmail } = await seedCompany(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await wrongLogin(t, '203.0.113.62', adminEmail, spoofed())).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('from a listed proxy, takes the right-most address that is no proxy as the client', async () => {
    const { adminEmail } = await seedCompany(t);
    const client = '198.51.100.77';
    // Whatever the client wrote on the left, the proxy appended the address it saw: that one counts.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await wrongLogin(t, '127.0.0.1', adminEmail, `${spoofed()}, ${client}`)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    expect(await loginCount(t, adminEmail, client)).toBe(11);
    expect(await loginCount(t, adminEmail, '127.0.0.1')).toBe(0);

    // Another client through the same proxy has its own count; so does one behind two listed proxies.
    expect((await wrongLogin(t, '127.0.0.1', adminEmail, `${client}, 198.51.100.78`)).statusCode).toBe(401);
    expect((await wrongLogin(t, '127.0.0.1', adminEmail, `${client}, 198.51.100.79, 10.1.2.3`)).statusCode).toBe(401);
    expect(await loginCount(t, adminEmail, '198.51.100.78')).toBe(1);
    expect(await loginCount(t, adminEmail, '198.51.100.79')).toBe(1);

    // And the owner, through the proxy from their own address, is not held up by the stranger's count.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.80' },
      payload: JSON.stringify({ email: adminEmail, password: STRONG_PASSWORD }),
    });
    expect(owner.statusCode).toBe(200);
  });
});

describe('with TRUST_PROXY=1 (a hop count)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => t?.close());

  it('takes the right-most X-Forwarded-For entry as the client, whatever stands left of it', async () => {
    const { adminEmail } = await seedCompany(t);
    for (let i = 0; i < 3; i++) await wrongLogin(t, '127.0.0.1', adminEmail, `${spoofed()}, 198.51.100.90`);
    expect(await loginCount(t, adminEmail, '198.51.100.90')).toBe(3);
    expect(await loginCount(t, adminEmail, '127.0.0.1')).toBe(0);
  });
});
