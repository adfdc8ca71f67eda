import { DEPARTMENT_HAS_AGENTS, DEPARTMENT_HAS_PENDING } from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, tickets } from '../../db/schema';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function addTicket(
  companyId: string,
  departmentId: string,
  stage: 'pending' | 'accepted' | 'closed',
  rating?: number,
) {
  const [client] = await t.database.db
    .insert(clients)
    .values({ companyId, shortId: Math.random().toString(36).slice(2, 10), name: 'Ivan Client' })
    .returning();
  await t.database.db
    .insert(tickets)
    .values({ companyId, clientId: client!.id, departmentId, platform: 'telegram', stage, rating });
}

describe('departments', () => {
  it('creates departments and lists them for members and, with statistics, for admins', async () => {
    const { adminClient, addAgent, company, department } = await seedCompany(t);
    const created = await adminClient.post('/admin/create-department', { department_name: '  Billing  ' });
    expect(created.status).toBe(200);
    const billing = created.body.departmentid as string;
    await addAgent({ departmentId: billing });
    await addTicket(company.id, billing, 'pending');
    await addTicket(company.id, billing, 'closed', 3);
    await addTicket(company.id, billing, 'closed', 2);

    const { client } = await addAgent();
    expect((await client.get('/auth/get-departments')).body).toEqual([
      { departmentid: department.id, department_name: 'General' },
      { departmentid: billing, department_name: 'Billing' },
    ]);

    const overview = await adminClient.get('/admin/get-departments');
    expect(overview.body.departments).toHaveLength(2);
    expect(overview.body.statistics.find((s: { departmentid: string }) => s.departmentid === billing)).toEqual({
      departmentid: billing,
      department_name: 'Billing',
      averageRating: 2.5,
      agentCount: 1,
      ticketsCount: 3,
      pendingTicketsCount: 1,
    });
  });

  it('refuses an empty or duplicate name', async () => {
    const { adminClient } = await seedCompany(t);
    expect((await adminClient.post('/admin/create-department', { department_name: '   ' })).status).toBe(400);
    const dup = await adminClient.post('/admin/create-department', { department_name: 'general' });
    expect(dup.status).toBe(409);
  });

  it('blocks deletion while agents remain, then while pending tickets remain, then deletes softly', async () => {
    const { adminClient, addAgent, company } = await seedCompany(t);
    const id = (await adminClient.post('/admin/create-department', { department_name: 'Returns' })).body.departmentid;
    const agent = await addAgent({ departmentId: id });
    await addTicket(company.id, id, 'pending');

    const withAgents = await adminClient.post('/admin/delete-department', { departmentid: id });
    expect(withAgents).toMatchObject({ status: 409, body: { message: DEPARTMENT_HAS_AGENTS } });

    await adminClient.post('/auth/delete-agent', { userid: agent.user.id });
    const withPending = await adminClient.post('/admin/delete-department', { departmentid: id });
    expect(withPending).toMatchObject({ status: 409, body: { message: DEPARTMENT_HAS_PENDING } });

    const { eq } = await import('drizzle-orm');
    await t.database.db.update(tickets).set({ stage: 'closed' }).where(eq(tickets.departmentId, id));
    expect((await adminClient.post('/admin/delete-department', { departmentid: id })).status).toBe(200);

    const overview = await adminClient.get('/admin/get-departments');
    const deleted = overview.body.departments.find((d: { departmentid: string }) => d.departmentid === id);
    expect(deleted.deleted_on).not.toBeNull();
    expect(overview.body.statistics.map((s: { departmentid: string }) => s.departmentid)).not.toContain(id);
    expect(
      (await adminClient.get('/auth/get-departments')).body.map((d: { departmentid: string }) => d.departmentid),
    ).not.toContain(id);
    // Deleted is gone: a second delete and an assignment find nothing.
    expect((await adminClient.post('/admin/delete-department', { departmentid: id })).status).toBe(404);
  });

  it('keeps the last department', async () => {
    const { adminClient, department, admin } = await seedCompany(t);
    const { eq } = await import('drizzle-orm');
    const { users } = await import('../../db/schema');
    await t.database.db.update(users).set({ departmentId: null }).where(eq(users.id, admin.id));
    const last = await adminClient.post('/admin/delete-department', { departmentid: department.id });
    expect(last).toMatchObject({ status: 409, body: { message: 'A company needs at least one department' } });
  });

  it('answers 403 to agents and 404 to another company for department calls', async () => {
    const home = await seedCompany(t);
    const { client } = await home.addAgent();
    expect((await client.get('/admin/get-departments')).status).toBe(403);
    expect((await client.post('/admin/create-department', { department_name: 'X' })).status).toBe(403);
    expect((await client.post('/admin/delete-department', { departmentid: home.department.id })).status).toBe(403);

    const rival = await seedCompany(t);
    expect(
      (await rival.adminClient.post('/admin/delete-department', { departmentid: home.department.id })).status,
    ).toBe(404);
    const theirs = await rival.adminClient.get('/auth/get-departments');
    expect(theirs.body.map((d: { departmentid: string }) => d.departmentid)).not.toContain(home.department.id);
  });
});
