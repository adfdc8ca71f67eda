import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, seedCompany, startTestApp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const newAgent = (department: string, overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('new'),
  pass: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
  firstName: 'Nia',
  lastName: 'Okafor',
  department,
  department_name: 'General',
  isAdmin: false,
  isModerator: false,
  ...overrides,
});

describe('agents managed by an admin', () => {
  it('registers an agent who can then log in, and lists agents with online and total counts', async () => {
    const { adminClient, department } = await seedCompany(t);
    const body = newAgent(department.id);
    const reply = await adminClient.post('/auth/register', body);
    expect(reply.status).toBe(200);
    expect(reply.body.agent).toMatchObject({
      email: body.email,
      role: 'agent',
      departmentid: department.id,
      department_name: 'General',
    });

    const list = await adminClient.get('/admin/get-all-agents');
    expect(list.body.totalAgents).toBe(2);
    expect(list.body.onlineAgents).toBe(1); // the admin, whose session is in use
    const listed = list.body.agents.find((a: { email: string }) => a.email === body.email);
    expect(listed).toMatchObject({
      status: 'offline',
      last_logged_on: null,
      closed_on: null,
      push_subscription: 'not_subscribed',
    });

    await login(t.client(), body.email, STRONG_PASSWORD);
    const after = await adminClient.get('/admin/get-all-agents');
    expect(after.body.onlineAgents).toBe(2);
    expect(after.body.agents.find((a: { email: string }) => a.email === body.email).last_logged_on).not.toBeNull();
  });

  it('registers an admin when asked', async () => {
    const { adminClient, department } = await seedCompany(t);
    const reply = await adminClient.post('/auth/register', newAgent(department.id, { isAdmin: true }));
    expect(reply.body.agent.role).toBe('admin');
  });

  it('refuses mismatched or weak passwords, missing fields, taken e-mails and unknown departments', async () => {
    const { adminClient, department, adminEmail } = await seedCompany(t);
    const mismatch = await adminClient.post(
      '/auth/register',
      newAgent(department.id, { confirmPassword: 'Other-pass1!' }),
    );
    expect(mismatch).toMatchObject({ status: 400, body: { message: 'Passwords do not match!' } });
    const weak = await adminClient.post(
      '/auth/register',
      newAgent(department.id, { pass: 'abc', confirmPassword: 'abc' }),
    );
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('Password does not meet the requirements!');
    const missing = await adminClient.post('/auth/register', newAgent(department.id, { firstName: '  ' }));
    expect(missing.status).toBe(400);
    const taken = await adminClient.post('/auth/register', newAgent(department.id, { email: adminEmail }));
    expect(taken.status).toBe(409);
    const other = await seedCompany(t);
    const foreign = await adminClient.post('/auth/register', newAgent(other.department.id));
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Department not found!' } });
  });

  it('toggles the admin role of another agent, never its own', async () => {
    const { adminClient, addAgent, admin } = await seedCompany(t);
    const agent = await addAgent();
    expect((await adminClient.post('/auth/set-admin', { userid: agent.user.id })).body).toEqual({
      userid: agent.user.id,
      role: 'admin',
    });
    expect((await agent.client.get('/auth/validate')).body.role).toBe('admin');
    expect((await adminClient.post('/auth/set-admin', { userid: agent.user.id })).body.role).toBe('agent');
    const self = await adminClient.post('/auth/set-admin', { userid: admin.id });
    expect(self.status).toBe(403);
  });

  it('disables and re-enables another agent, never itself', async () => {
    const { adminClient, addAgent, admin } = await seedCompany(t);
    const agent = await addAgent();
    const disabled = await adminClient.post('/auth/delete-agent', { userid: agent.user.id });
    expect(disabled.body.closed_on).not.toBeNull();
    const enabled = await adminClient.post('/auth/delete-agent', { userid: agent.user.id });
    expect(enabled.body.closed_on).toBeNull();
    await login(t.client(), agent.email, STRONG_PASSWORD);
    expect((await adminClient.post('/auth/delete-agent', { userid: admin.id })).status).toBe(403);
  });

  it('updates another account: e-mail, names and department', async () => {
    const { adminClient, addAgent, company } = await seedCompany(t);
    const agent = await addAgent();
    const sales = await t.services.departments.create(company.id, 'Sales');
    const email = uniqueEmail('moved');
    const reply = await adminClient.put('/auth/update-account', {
      email,
      first_name: 'Bea',
      last_name: 'Moved',
      departmentid: sales.id,
      userid: agent.user.id,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ email, first_name: 'Bea', last_name: 'Moved', department_name: 'Sales' });
    const blank = await adminClient.put('/auth/update-account', {
      email,
      first_name: '',
      last_name: 'x',
      departmentid: sales.id,
      userid: agent.user.id,
    });
    expect(blank.status).toBe(400);
  });
});

describe('who may call the agent admin calls', () => {
  it('answers 403 to agents and moderators', async () => {
    const { addAgent, admin, department } = await seedCompany(t);
    for (const role of ['agent', 'moderator'] as const) {
      const { client } = await addAgent({ role });
      expect((await client.get('/admin/get-all-agents')).status).toBe(403);
      expect((await client.post('/auth/register', newAgent(department.id))).status).toBe(403);
      expect((await client.post('/auth/set-admin', { userid: admin.id })).status).toBe(403);
      expect((await client.post('/auth/delete-agent', { userid: admin.id })).status).toBe(403);
      expect(
        (
          await client.put('/auth/update-account', {
            email: uniqueEmail(),
            first_name: 'a',
            last_name: 'b',
            departmentid: department.id,
            userid: admin.id,
          })
        ).status,
      ).toBe(403);
    }
  });

  it("answers 404 to another company's admin for every id of this company, and changes nothing", async () => {
    const home = await seedCompany(t);
    const agent = await home.addAgent();
    const rival = await seedCompany(t);
    const c = rival.adminClient;
    expect((await c.post('/auth/set-admin', { userid: agent.user.id })).status).toBe(404);
    expect((await c.post('/auth/delete-agent', { userid: agent.user.id })).status).toBe(404);
    const update = await c.put('/auth/update-account', {
      email: uniqueEmail(),
      first_name: 'Evil',
      last_name: 'Edit',
      departmentid: rival.department.id,
      userid: agent.user.id,
    });
    expect(update.status).toBe(404);
    const list = await c.get('/admin/get-all-agents');
    expect(list.body.agents.map((a: { userid: string }) => a.userid)).not.toContain(agent.user.id);

    const mine = await home.adminClient.get('/admin/get-all-agents');
    expect(mine.body.agents.find((a: { userid: string }) => a.userid === agent.user.id)).toMatchObject({
      role: 'agent',
      closed_on: null,
      first_name: 'Bob',
    });
  });

  it('answers 400 to a malformed id', async () => {
    const { adminClient } = await seedCompany(t);
    const reply = await adminClient.post('/auth/set-admin', { userid: 'not-a-uuid' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('Invalid id');
  });
});
