import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, seedCompany, startTestApp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../../test/harness';
import { ACCOUNT_DISABLED, INVALID_LOGIN } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('login and session', () => {
  it('logs in with an httpOnly SameSite=Lax session cookie and validates it with its expiry', async () => {
    const { adminEmail, admin } = await seedCompany(t);
    const browser = t.client();
    const reply = await browser.post('/auth/login', { email: adminEmail.toUpperCase(), password: STRONG_PASSWORD });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      user: { id: admin.id, username: 'Ada Admin', role: 'admin' },
      isPushSubscribed: false,
      lang: 'en',
    });
    const cookie = reply.cookies.find((c) => c.name === 'kc_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const valid = await browser.get('/auth/validate');
    expect(valid.body).toMatchObject({
      status: 'valid',
      role: 'admin',
      username: 'Ada Admin',
      id: admin.id,
      isPushSubscribed: false,
    });
    expect(new Date(valid.body.expires).getTime()).toBe(t.clock.now().getTime() + 12 * 3600_000);
  });

  it('refuses a wrong password or an unknown e-mail with one message', async () => {
    const { adminEmail } = await seedCompany(t);
    const wrong = await t.client().post('/auth/login', { email: adminEmail, password: 'Wrong-pass1!' });
    const unknown = await t.client().post('/auth/login', { email: uniqueEmail(), password: 'Wrong-pass1!' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(INVALID_LOGIN);
    expect(unknown.body.message).toBe(INVALID_LOGIN);
  });

  it('stops a password guesser after 10 failures from one address, even with the right password', async () => {
    const { adminEmail } = await seedCompany(t);
    for (let i = 0; i < 10; i++) {
      expect((await t.client().post('/auth/login', { email: adminEmail, password: `Wrong-pass${i}!` })).status).toBe(
        401,
      );
    }
    const blocked = await t.client().post('/auth/login', { email: adminEmail, password: STRONG_PASSWORD });
    expect(blocked.status).toBe(429);
    t.clock.advance(15 * 60_000 + 1);
    expect((await t.client().post('/auth/login', { email: adminEmail, password: STRONG_PASSWORD })).status).toBe(200);
  });

  it('slides the expiry on use and ends an unused session after the TTL', async () => {
    const { adminClient } = await seedCompany(t);
    t.clock.advance(11 * 3600_000);
    const slid = await adminClient.get('/auth/validate');
    expect(slid.body.status).toBe('valid');
    expect(new Date(slid.body.expires).getTime()).toBe(t.clock.now().getTime() + 12 * 3600_000);
    t.clock.advance(12 * 3600_000 + 1);
    expect((await adminClient.get('/auth/validate')).body).toEqual({ status: 'invalid' });
    expect((await adminClient.get('/auth/profile')).status).toBe(401);
  });

  it('ends the session server-side at logout: the old cookie no longer works', async () => {
    const { adminClient } = await seedCompany(t);
    const token = adminClient.cookie('kc_session')!;
    const out = await adminClient.post('/auth/logout');
    expect(out.status).toBe(200);
    const replay = t.client();
    replay.setCookie('kc_session', token);
    expect((await replay.get('/auth/validate')).body.status).toBe('invalid');
    expect((await replay.get('/auth/profile')).status).toBe(401);
  });

  it('logs out only by a same-origin POST: a cross-site POST, a form post or a GET leaves the session working', async () => {
    const { adminClient } = await seedCompany(t);
    const crossSite = await adminClient.post('/auth/logout', {}, { origin: 'https://evil.example' });
    expect(crossSite).toMatchObject({ status: 403, body: { message: 'Cross-site request refused' } });
    const form = await adminClient.request('POST', '/auth/logout', '', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const link = await adminClient.get('/auth/logout');
    expect(link.status).toBe(404);
    expect(link.body).toEqual({ message: 'Not found' });
    expect((await adminClient.get('/auth/validate')).body.status).toBe('valid');
    expect((await adminClient.get('/auth/profile')).status).toBe(200);

    const own = await adminClient.post('/auth/logout', {}, { origin: 'http://localhost:80' });
    expect(own.status).toBe(200);
    expect((await adminClient.get('/auth/validate')).body.status).toBe('invalid');
  });

  it('refuses a disabled agent at login and drops their open sessions', async () => {
    const { adminClient, addAgent } = await seedCompany(t);
    const agent = await addAgent();
    expect((await agent.client.get('/auth/validate')).body.status).toBe('valid');
    expect((await adminClient.post('/auth/delete-agent', { userid: agent.user.id })).status).toBe(200);
    expect((await agent.client.get('/auth/validate')).body.status).toBe('invalid');
    const refused = await t.client().post('/auth/login', { email: agent.email, password: STRONG_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_DISABLED);
  });

  it('records login and logout actions', async () => {
    const { addAgent, company } = await seedCompany(t);
    const agent = await addAgent();
    await agent.client.post('/auth/logout');
    const { actionRecords } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const rows = await t.database.db.select().from(actionRecords).where(eq(actionRecords.userId, agent.user.id));
    expect(rows.map((r) => r.actionType).sort()).toEqual(['user_login', 'user_logout']);
    expect(rows.every((r) => r.companyId === company.id)).toBe(true);
  });
});

describe('own account', () => {
  it('reads the profile, department and language preference', async () => {
    const { adminClient, department } = await seedCompany(t, { name: 'Globex' });
    expect((await adminClient.get('/auth/profile')).body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Admin',
      departmentName: 'General',
      companyName: 'Globex',
      license: 'Community',
      profilePic: null,
    });
    expect((await adminClient.get('/auth/department')).body).toEqual({
      departmentid: department.id,
      department_name: 'General',
    });
    expect((await adminClient.get('/auth/get-user-pref')).body).toEqual({ lang: 'en' });
  });

  it('changes the language, and refuses one that is not among the 8', async () => {
    const { adminClient } = await seedCompany(t);
    expect((await adminClient.post('/auth/change-lang', { lang: 'ja' })).status).toBe(200);
    expect((await adminClient.get('/auth/get-user-pref')).body).toEqual({ lang: 'ja' });
    const bad = await adminClient.post('/auth/change-lang', { lang: 'de' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unsupported language');
  });

  it('updates names and e-mail, refusing an address another account has', async () => {
    const { adminClient, addAgent } = await seedCompany(t);
    const other = await addAgent();
    const taken = await adminClient.post('/auth/update-profile', {
      first_name: 'Ada',
      last_name: 'L',
      email: other.email,
      current_password: STRONG_PASSWORD,
    });
    expect(taken.status).toBe(409);
    const email = uniqueEmail('renamed');
    expect(
      (
        await adminClient.post('/auth/update-profile', {
          first_name: 'Augusta',
          last_name: 'King',
          email,
          current_password: STRONG_PASSWORD,
        })
      ).status,
    ).toBe(200);
    // Updating one's own account ends the session (SPEC §5); the new e-mail logs in.
    expect((await adminClient.get('/auth/profile')).status).toBe(401);
    await login(adminClient, email, STRONG_PASSWORD);
    expect((await adminClient.get('/auth/profile')).body).toMatchObject({
      firstName: 'Augusta',
      lastName: 'King',
      email,
    });
    const empty = await adminClient.post('/auth/update-profile', { first_name: ' ', last_name: 'King', email });
    expect(empty.status).toBe(400);
  });

  it('answers 401 to every member call without a session', async () => {
    const stranger = t.client();
    for (const path of ['/auth/profile', '/auth/get-user-pref', '/auth/department', '/auth/get-departments']) {
      expect((await stranger.get(path)).status).toBe(401);
    }
    expect((await stranger.post('/auth/change-lang', { lang: 'en' })).status).toBe(401);
  });
});
