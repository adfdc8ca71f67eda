import { ACCOUNT_MESSAGES, WEAK_PASSWORD_MESSAGE } from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  login,
  seedCompany,
  startTestApp,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from '../../../test/harness';
import { readMail } from '../../../test/smtp-sink';
import { CURRENT_PASSWORD_FAILURES } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://desk.example.test' });
});
afterAll(async () => t?.close());

const NEW_PASSWORD = 'N3w-Secret!pass';

/** The mails delivered to `address`, as read by a person. */
const mailsTo = (address: string) => t.smtp.mails.filter((m) => m.to.includes(address)).map(readMail);

const expectSessionValid = async (client: TestClient) =>
  expect((await client.get('/auth/validate')).body.status).toBe('valid');

describe('changing one’s own e-mail address', () => {
  it('needs the current password; names alone do not', async () => {
    const { addAgent } = await seedCompany(t);
    const agent = await addAgent();
    const newEmail = uniqueEmail('moved');

    const without = await agent.client.post('/auth/update-profile', {
      first_name: 'Bob',
      last_name: 'Agent',
      email: newEmail,
    });
    expect(without).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.currentPasswordRequired } });
    const empty = await agent.client.post('/auth/update-profile', {
      first_name: 'Bob',
      last_name: 'Agent',
      email: newEmail,
      current_password: '',
    });
    expect(empty.status).toBe(400);
    await expectSessionValid(agent.client);
    expect((await agent.client.get('/auth/profile')).body.email).toBe(agent.email);

    // The same address (in other letter case too) is no change: no password asked, no mail.
    const renamed = await agent.client.post('/auth/update-profile', {
      first_name: 'Robert',
      last_name: 'Agent',
      email: agent.email.toUpperCase(),
    });
    expect(renamed.status).toBe(200);
    await login(agent.client, agent.email, STRONG_PASSWORD);
    expect((await agent.client.get('/auth/profile')).body).toMatchObject({ firstName: 'Robert', email: agent.email });
    expect(mailsTo(agent.email)).toEqual([]);
  });

  it('refuses a wrong current password and counts it: after 5 even the right one waits 15 minutes', async () => {
    const { addAgent } = await seedCompany(t);
    const agent = await addAgent();
    const other = await addAgent();
    const body = (current_password: string) => ({
      first_name: 'Bob',
      last_name: 'Agent',
      email: uniqueEmail('thief'),
      current_password,
    });
    for (let i = 0; i < CURRENT_PASSWORD_FAILURES.max; i++) {
      const wrong = await agent.client.post('/auth/update-profile', body(`Guess-${i}-pass!`));
      expect(wrong).toMatchObject({ status: 403, body: { message: ACCOUNT_MESSAGES.currentPasswordWrong } });
    }
    const blocked = await agent.client.post('/auth/update-profile', body(STRONG_PASSWORD));
    expect(blocked).toMatchObject({ status: 429, body: { message: CURRENT_PASSWORD_FAILURES.message } });
    // The change-password call draws on the same count.
    const alsoBlocked = await agent.client.post('/auth/change-password', {
      current_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(alsoBlocked.status).toBe(429);
    await expectSessionValid(agent.client);
    expect((await agent.client.get('/auth/profile')).body.email).toBe(agent.email);
    // Someone else's count is their own, and logging in is not locked by these guesses.
    expect((await other.client.post('/auth/update-profile', body(STRONG_PASSWORD))).status).toBe(200);
    await login(t.client(), agent.email, STRONG_PASSWORD);

    t.clock.advance(CURRENT_PASSWORD_FAILURES.windowMs + 1);
    expect((await agent.client.post('/auth/update-profile', body(STRONG_PASSWORD))).status).toBe(200);
  });

  it('with the right password moves the account, ends its sessions and mails the old address only', async () => {
    const { addAgent } = await seedCompany(t);
    const agent = await addAgent({ firstName: 'Rosa' });
    const otherDevice = t.client();
    await login(otherDevice, agent.email, STRONG_PASSWORD);
    const newEmail = uniqueEmail('rosa.new');

    const reply = await agent.client.post('/auth/update-profile', {
      first_name: 'Rosa',
      last_name: 'Parks',
      email: newEmail,
      current_password: STRONG_PASSWORD,
    });
    expect(reply.status).toBe(200);
    expect((await agent.client.get('/auth/validate')).body.status).toBe('invalid');
    expect((await otherDevice.get('/auth/profile')).status).toBe(401);
    expect((await t.client().post('/auth/login', { email: agent.email, password: STRONG_PASSWORD })).status).toBe(401);
    await login(t.client(), newEmail, STRONG_PASSWORD);

    const [notice, ...more] = await eventually(() => (mailsTo(agent.email).length ? mailsTo(agent.email) : null));
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('KreeChat: the e-mail address of your account was changed');
    expect(notice!.text).toContain('Hello Rosa Parks,');
    expect(notice!.text).toContain(`You changed the e-mail address of your KreeChat account to ${newEmail}`);
    expect(notice!.text).toContain('2026-03-02');
    expect(notice!.text).toMatch(/If you did not make or expect this change/);
    expect(notice!.text).toContain('https://desk.example.test/forgot-password');
    expect(mailsTo(newEmail)).toEqual([]);
  });

  it('refuses an address another account has, keeping the session and sending nothing', async () => {
    const { addAgent } = await seedCompany(t);
    const rival = await seedCompany(t, { name: 'Rival' });
    const agent = await addAgent();
    const taken = await agent.client.post('/auth/update-profile', {
      first_name: 'Bob',
      last_name: 'Agent',
      email: rival.adminEmail,
      current_password: STRONG_PASSWORD,
    });
    expect(taken.status).toBe(409);
    await expectSessionValid(agent.client);
    expect(mailsTo(agent.email)).toEqual([]);
    expect(mailsTo(rival.adminEmail)).toEqual([]);
  });
});

describe('changing one’s own password', () => {
  const change = (client: TestClient, body: Record<string, unknown>) => client.post('/auth/change-password', body);

  it('follows the registration strength rule and needs matching, different passwords', async () => {
    const { addAgent } = await seedCompany(t);
    const agent = await addAgent();
    const weak = await change(agent.client, {
      current_password: STRONG_PASSWORD,
      new_password: 'weakpass',
      confirm_password: 'weakpass',
    });
    expect(weak).toMatchObject({ status: 400, body: { message: WEAK_PASSWORD_MESSAGE } });
    const mismatch = await change(agent.client, {
      current_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: `${NEW_PASSWORD}x`,
    });
    expect(mismatch).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.passwordsDoNotMatch } });
    const same = await change(agent.client, {
      current_password: STRONG_PASSWORD,
      new_password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(same).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.samePassword } });
    const missing = await change(agent.client, { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    await expectSessionValid(agent.client);
    await login(t.client(), agent.email, STRONG_PASSWORD);
  });

  it('refuses a wrong current password, counted, and leaves the password as it was', async () => {
    const { addAgent } = await seedCompany(t);
    const agent = await addAgent();
    for (let i = 0; i < CURRENT_PASSWORD_FAILURES.max; i++) {
      const wrong = await change(agent.client, {
        current_password: `Guess-${i}-pass!`,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(wrong).toMatchObject({ status: 403, body: { message: ACCOUNT_MESSAGES.currentPasswordWrong } });
    }
    const right = await change(agent.client, {
      current_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(right.status).toBe(429);
    await expectSessionValid(agent.client);
    await login(t.client(), agent.email, STRONG_PASSWORD);
    expect(mailsTo(agent.email)).toEqual([]);
  });

  it('with the right password ends every session like a reset and mails the account’s address', async () => {
    const { addAgent } = await seedCompany(t);
    const agent = await addAgent({ firstName: 'Pat' });
    const otherDevice = t.client();
    await login(otherDevice, agent.email, STRONG_PASSWORD);

    const reply = await change(agent.client, {
      current_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(reply).toMatchObject({ status: 200, body: { message: 'Password changed. Log in again.' } });
    expect(reply.cookies.find((c) => c.name === 'kc_session')?.value).toBe('');
    expect((await agent.client.get('/auth/validate')).body.status).toBe('invalid');
    expect((await otherDevice.get('/auth/profile')).status).toBe(401);
    expect((await t.client().post('/auth/login', { email: agent.email, password: STRONG_PASSWORD })).status).toBe(401);
    await login(t.client(), agent.email, NEW_PASSWORD);

    const [notice] = await eventually(() => (mailsTo(agent.email).length ? mailsTo(agent.email) : null));
    expect(notice!.subject).toBe('KreeChat: your password was changed');
    expect(notice!.text).toContain('Hello Pat Agent,');
    expect(notice!.text).toContain('The password of your KreeChat account was changed');
    expect(notice!.text).toContain('If you did not change it, reset it at once');
    expect(notice!.text).not.toContain(NEW_PASSWORD);
  });

  it('answers 401 without a session', async () => {
    const reply = await change(t.client(), {
      current_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(reply.status).toBe(401);
  });
});

describe('an admin changing an account’s e-mail address', () => {
  it('mails the old address of the agent', async () => {
    const { adminClient, addAgent, department } = await seedCompany(t);
    const agent = await addAgent({ firstName: 'Ines' });
    const newEmail = uniqueEmail('ines.new');
    const reply = await adminClient.put('/auth/update-account', {
      email: newEmail,
      first_name: 'Ines',
      last_name: 'Agent',
      departmentid: department.id,
      userid: agent.user.id,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.email).toBe(newEmail);
    const [notice] = await eventually(() => (mailsTo(agent.email).length ? mailsTo(agent.email) : null));
    expect(notice!.text).toContain(
      `An administrator of your company changed the e-mail address of your KreeChat account to ${newEmail}`,
    );
    expect(mailsTo(newEmail)).toEqual([]);

    // Names or department only: no mail.
    const before = t.smtp.mails.length;
    const renamed = await adminClient.put('/auth/update-account', {
      email: newEmail,
      first_name: 'Inès',
      last_name: 'Agent',
      departmentid: department.id,
      userid: agent.user.id,
    });
    expect(renamed.status).toBe(200);
    expect(t.smtp.mails.length).toBe(before);
  });

  it('changes the admin’s own e-mail only on the profile, which asks for the password', async () => {
    const { adminClient, admin, adminEmail, department } = await seedCompany(t);
    const own = (email: string, first_name = 'Ada') =>
      adminClient.put('/auth/update-account', {
        email,
        first_name,
        last_name: 'Admin',
        departmentid: department.id,
        userid: admin.id,
      });
    const moved = await own(uniqueEmail('ada.new'));
    expect(moved).toMatchObject({ status: 403, body: { message: ACCOUNT_MESSAGES.ownEmailOnProfile } });
    expect((await adminClient.get('/auth/profile')).body.email).toBe(adminEmail);
    expect((await own(adminEmail, 'Adaline')).status).toBe(200);
    expect((await adminClient.get('/auth/profile')).body.firstName).toBe('Adaline');
    expect(mailsTo(adminEmail)).toEqual([]);
  });

  it('cannot touch another company’s agent: 404, nothing changed, nothing mailed', async () => {
    const home = await seedCompany(t);
    const rival = await seedCompany(t, { name: 'Rival' });
    const victim = await home.addAgent();
    const reply = await rival.adminClient.put('/auth/update-account', {
      email: uniqueEmail('stolen'),
      first_name: 'Bob',
      last_name: 'Agent',
      departmentid: rival.department.id,
      userid: victim.user.id,
    });
    expect(reply.status).toBe(404);
    expect((await victim.client.get('/auth/profile')).body.email).toBe(victim.email);
    expect(mailsTo(victim.email)).toEqual([]);
  });
});

describe('when the mail server is down', () => {
  it('the change still happens and the failed notice is logged, without the addresses', async () => {
    const logged: string[] = [];
    const down = await startTestApp(
      { SMTP_URL: 'smtp://127.0.0.1:9' },
      { logTo: { write: (line: string) => void logged.push(line) } },
    );
    try {
      const { addAgent } = await seedCompany(down);
      const agent = await addAgent();
      const reply = await agent.client.post('/auth/change-password', {
        current_password: STRONG_PASSWORD,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(reply.status).toBe(200);
      await login(down.client(), agent.email, NEW_PASSWORD);
      const failure = logged
        .map((line) => JSON.parse(line) as { msg: string; err?: { code?: string } })
        .find((line) => line.msg === 'could not mail an account-change notice');
      expect(failure?.err?.code).toBe('ESOCKET');
      expect(logged.join('')).not.toContain(agent.email);
    } finally {
      await down.close();
    }
  });
});
