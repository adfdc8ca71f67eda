import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRecords, bubbles, clients, tickets } from '../../db/schema';
import {
  eventually,
  login,
  seedCompany,
  startTestApp,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../../test/harness';
import { connectLive } from '../../../test/live';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
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
  it('registers an agent who can then log in, announces it live, and counts online agents by presence', async () => {
    const { adminClient, department, addAgent } = await seedCompany(t);
    const outsider = await (await seedCompany(t)).addAgent();
    const outside = await connectLive(t.baseUrl, outsider.client);
    const adminLive = await connectLive(t.baseUrl, adminClient);
    const body = newAgent(department.id);
    const reply = await adminClient.post('/auth/register', body);
    expect(reply.status).toBe(200);
    expect(reply.body.agent).toMatchObject({
      email: body.email,
      role: 'agent',
      departmentid: department.id,
      department_name: 'General',
    });
    const announced = await adminLive.waitFor('newUser', (p) => p.agent.email === body.email);
    expect(announced.agent).toEqual(reply.body.agent);

    const list = await adminClient.get('/admin/get-all-agents');
    expect(list.body.totalAgents).toBe(2);
    expect(list.body.onlineAgents).toBe(1); // the admin, whose socket is connected
    const listed = list.body.agents.find((a: { email: string }) => a.email === body.email);
    expect(listed).toMatchObject({
      status: 'offline',
      last_logged_on: null,
      closed_on: null,
      push_subscription: 'not_subscribed',
    });

    // Logging in alone is not being online: the workspace socket is.
    const nia = t.client();
    await login(nia, body.email, STRONG_PASSWORD);
    expect((await adminClient.get('/admin/get-all-agents')).body.onlineAgents).toBe(1);
    const niaLive = await connectLive(t.baseUrl, nia);
    await adminLive.waitFor('totalOnlineAgents', (p) => p.onlineAgents === 2);
    const after = await adminClient.get('/admin/get-all-agents');
    expect(after.body.onlineAgents).toBe(2);
    const niaRow = after.body.agents.find((a: { email: string }) => a.email === body.email);
    expect(niaRow.status).toBe('online');
    expect(niaRow.last_logged_on).not.toBeNull();

    // Disabling ends the sockets at once: the count drops without waiting for the grace period.
    const bob = await addAgent();
    const bobLive = await connectLive(t.baseUrl, bob.client);
    await adminLive.waitFor('totalOnlineAgents', (p) => p.onlineAgents === 3);
    await adminClient.post('/auth/delete-agent', { userid: bob.user.id });
    await eventually(() => adminLive.of('totalOnlineAgents').at(-1)?.onlineAgents === 2);
    expect((await adminClient.get('/admin/get-all-agents')).body.onlineAgents).toBe(2);

    expect(outside.of('newUser')).toEqual([]);
    expect(outside.of('totalOnlineAgents')).toEqual([]);
    // The count is for admins: agents are not told (nor about their own arrival).
    expect(niaLive.of('totalOnlineAgents')).toEqual([]);
    for (const live of [outside, adminLive, niaLive, bobLive]) live.close();
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

  it('gives another agent any role, live to their sockets, never its own; the admin switch still toggles', async () => {
    const { adminClient, addAgent, admin } = await seedCompany(t);
    const agent = await addAgent();
    const live = await connectLive(t.baseUrl, agent.client);
    const set = (userid: string, role: string) => adminClient.post('/auth/set-role', { userid, role });
    expect((await set(agent.user.id, 'moderator')).body).toEqual({ userid: agent.user.id, role: 'moderator' });
    await live.waitFor('accessChanged', (p) => p.role === 'moderator');
    expect((await agent.client.get('/auth/validate')).body.role).toBe('moderator');
    const listed = await adminClient.get('/admin/get-all-agents');
    expect(listed.body.agents.find((a: { userid: string }) => a.userid === agent.user.id).role).toBe('moderator');
    // SPEC's switch makes the moderator an admin, and off again an agent.
    expect((await adminClient.post('/auth/set-admin', { userid: agent.user.id })).body.role).toBe('admin');
    expect((await adminClient.post('/auth/set-admin', { userid: agent.user.id })).body.role).toBe('agent');
    expect((await set(agent.user.id, 'admin')).body.role).toBe('admin');
    live.close();

    expect((await set(agent.user.id, 'owner')).status).toBe(400);
    expect((await adminClient.post('/auth/set-role', { userid: agent.user.id })).status).toBe(400);
    // An admin never demotes themselves: the company keeps the admin who changes the others.
    const self = await set(admin.id, 'agent');
    expect(self).toMatchObject({ status: 403, body: { message: 'You cannot change your own role' } });
    expect((await adminClient.get('/auth/validate')).body.role).toBe('admin');
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

describe('the agent profile (GET /admin/{id}/get-user)', () => {
  async function seedHistory(home: Awaited<ReturnType<typeof seedCompany>>, userId: string) {
    const { db } = t.database;
    const companyId = home.company.id;
    const [client] = await db
      .insert(clients)
      .values({ companyId, shortId: 'c0ffee01', name: 'Carla Client' })
      .returning();
    const base = { companyId, clientId: client!.id, departmentId: home.department.id, platform: 'telegram' as const };
    const [rated3, rated2, unrated] = await db
      .insert(tickets)
      .values([
        { ...base, stage: 'closed' as const, handlerId: userId, closedById: userId, rating: 3 },
        { ...base, stage: 'closed' as const, handlerId: userId, closedById: userId, rating: 2 },
        { ...base, stage: 'accepted' as const, handlerId: userId },
        { ...base, stage: 'pending' as const },
      ])
      .returning();
    await db.insert(bubbles).values([
      { companyId, userId, name: 'hi', content: 'Hello!' },
      { companyId, userId, name: 'bye', content: 'Goodbye!' },
    ]);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
    await db.insert(actionRecords).values([
      { companyId, userId, actionType: 'ticket_accept', ticketId: unrated!.id, createdAt: at(1) },
      { companyId, userId, actionType: 'ticket_close', ticketId: rated3!.id, createdAt: at(2) },
      {
        companyId,
        userId,
        clientId: client!.id,
        actionType: 'ticket_rating',
        ticketId: rated2!.id,
        rating: 2,
        createdAt: at(3),
      },
    ]);
  }

  it('answers the user, handled tickets, bubbles, average rating and latest actions, by full or short id', async () => {
    const home = await seedCompany(t);
    const agent = await home.addAgent({ firstName: 'Pia' });
    await seedHistory(home, agent.user.id);

    const full = await home.adminClient.get(`/admin/${agent.user.id}/get-user`);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      user: { userid: agent.user.id, first_name: 'Pia', email: agent.email, status: 'offline', role: 'agent' },
      tickets: 3,
      bubbles: 2,
      rating: 2.5,
    });
    // Newest first; the login of addAgent is the newest of all (the test clock is now, the seeds are in the past).
    expect(full.body.actions.map((a: { action_type: string }) => a.action_type)).toEqual([
      'user_login',
      'ticket_rating',
      'ticket_close',
      'ticket_accept',
    ]);
    expect(full.body.actions[1]).toMatchObject({ rating: 2, action_time: '2026-01-01T10:03:00.000Z' });
    expect(full.body.actions[0]).toMatchObject({ ticketid: null, rating: null });

    const short = await home.adminClient.get(`/admin/${agent.user.id.slice(0, 8)}/get-user`);
    expect(short.status).toBe(200);
    expect(short.body.user.userid).toBe(agent.user.id);
  });

  it('answers null rating and zero counts for a new agent, and keeps only the latest 50 actions', async () => {
    const home = await seedCompany(t);
    const agent = await home.addAgent();
    await t.database.db.insert(actionRecords).values(
      Array.from({ length: 60 }, (_, i) => ({
        companyId: home.company.id,
        userId: agent.user.id,
        actionType: 'user_logout' as const,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    );
    const reply = await home.adminClient.get(`/admin/${agent.user.id}/get-user`);
    expect(reply.body).toMatchObject({ tickets: 0, bubbles: 0, rating: null });
    expect(reply.body.actions).toHaveLength(50);
  });

  it('answers 400 to a malformed id, 404 to an unknown one, to another company and to wrong roles 403', async () => {
    const home = await seedCompany(t);
    const agent = await home.addAgent();
    const bad = await home.adminClient.get('/admin/not-an-id/get-user');
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringContaining('Invalid id') } });
    const unknown = await home.adminClient.get('/admin/00000000-0000-4000-8000-000000000000/get-user');
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Agent not found' } });

    const rival = await seedCompany(t);
    expect((await rival.adminClient.get(`/admin/${agent.user.id}/get-user`)).status).toBe(404);
    expect((await rival.adminClient.get(`/admin/${agent.user.id.slice(0, 8)}/get-user`)).status).toBe(404);

    for (const role of ['agent', 'moderator'] as const) {
      const { client } = await home.addAgent({ role });
      expect((await client.get(`/admin/${agent.user.id}/get-user`)).status).toBe(403);
    }
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
      expect((await client.post('/auth/set-role', { userid: admin.id, role: 'agent' })).status).toBe(403);
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
    expect((await c.post('/auth/set-role', { userid: agent.user.id, role: 'admin' })).status).toBe(404);
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
