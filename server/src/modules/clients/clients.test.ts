import { CLIENT_NOT_FOUND, CLIENT_SEARCH_LIMIT } from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRecords, clients, tickets } from '../../db/schema';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';
import { connectLive } from '../../../test/live';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
});
afterAll(async () => t?.close());

let serial = 0;
async function addClient(companyId: string, values: Partial<typeof clients.$inferInsert> = {}) {
  serial += 1;
  const [row] = await t.database.db
    .insert(clients)
    .values({
      companyId,
      shortId: `S${serial.toString(36).toUpperCase().padStart(7, '0')}`,
      name: `Client ${serial}`,
      createdAt: new Date(Date.UTC(2026, 0, 1) + serial * 1000),
      ...values,
    })
    .returning();
  return row!;
}

async function addTicket(companyId: string, clientId: string, departmentId: string, handlerId?: string) {
  const [row] = await t.database.db
    .insert(tickets)
    .values({
      companyId,
      clientId,
      departmentId,
      platform: 'telegram',
      stage: handlerId ? 'accepted' : 'pending',
      handlerId,
    })
    .returning();
  return row!;
}

describe('clients', () => {
  it('lists the total and the newest 20, then pages of 10 in a stable order until an empty page', async () => {
    const { company, addAgent } = await seedCompany(t);
    const made = [];
    for (let i = 0; i < 35; i++) made.push(await addClient(company.id));
    // Two clients created in the same instant still page in one order (id breaks the tie).
    const sameTime = new Date(Date.UTC(2025, 0, 1));
    made.push(
      await addClient(company.id, { createdAt: sameTime }),
      await addClient(company.id, { createdAt: sameTime }),
    );
    const { client } = await addAgent();

    const overview = await client.get('/admin/get-all-clients');
    expect(overview.status).toBe(200);
    expect(overview.body.totalClients).toBe(37);
    expect(overview.body.clients).toHaveLength(20);
    expect(overview.body.clients[0]).toEqual({
      clientid: made[34]!.id,
      short_id: made[34]!.shortId,
      client_name: made[34]!.name,
      account_number: null,
      address: null,
      note: null,
      blocked_on: false,
      count_ticket_reopened: 0,
      created_on: made[34]!.createdAt.toISOString(),
      // No channel identity (made here directly): nothing typed to doubt.
      verified: true,
      erased_on: null,
    });

    const ids: string[] = overview.body.clients.map((c: { clientid: string }) => c.clientid);
    for (let offset = 20; ; offset += 10) {
      const page = await client.get(`/${offset}/get-clients`);
      expect(page.status).toBe(200);
      if (page.body.length === 0) break;
      expect(page.body.length).toBeLessThanOrEqual(10);
      ids.push(...page.body.map((c: { clientid: string }) => c.clientid));
    }
    expect(ids).toHaveLength(37);
    expect(new Set(ids).size).toBe(37);
    const tied = [made[35]!.id, made[36]!.id].sort().reverse();
    expect(ids.slice(35)).toEqual(tied);
    expect(ids.slice(0, 35)).toEqual(
      made
        .slice(0, 35)
        .map((c) => c.id)
        .reverse(),
    );
  });

  it('searches names and account numbers by substring and short ids by prefix, taking wildcards literally', async () => {
    const { company, addAgent } = await seedCompany(t);
    const maria = await addClient(company.id, { name: 'Maria Lopez', shortId: 'QWERTY23' });
    const percent = await addClient(company.id, { name: '100% Sure', accountNumber: 'ACC-778' });
    const under = await addClient(company.id, { name: 'snake_case Ltd' });
    const { client } = await addAgent();
    const ids = async (text: string) => {
      const reply = await client.get(`/${encodeURIComponent(text)}/search-clients`);
      expect(reply.status).toBe(200);
      return reply.body.map((c: { clientid: string }) => c.clientid);
    };
    const elodie = await addClient(company.id, { name: 'Élodie Ørsted', accountNumber: 'fr-9001' });
    expect(await ids('ria lo')).toEqual([maria.id]);
    expect(await ids('LO')).toEqual([elodie.id, maria.id]);
    expect(await ids('éLODIE øRS')).toEqual([elodie.id]);
    expect(await ids('FR-90')).toEqual([elodie.id]);
    expect(await ids('qwe')).toEqual([maria.id]);
    expect(await ids('ERTY')).toEqual([]);
    expect(await ids('c-77')).toEqual([percent.id]);
    expect(await ids('%')).toEqual([percent.id]);
    expect(await ids('_')).toEqual([under.id]);
    expect(await ids('nobody here')).toEqual([]);

    for (let i = 0; i < CLIENT_SEARCH_LIMIT + 5; i++) await addClient(company.id, { name: `Bulk ${i}` });
    expect(await ids('bulk')).toHaveLength(CLIENT_SEARCH_LIMIT);
  });

  it('shows a profile by id or short id with its actions, and lets moderators and admins edit it', async () => {
    const { company, department, admin, adminClient, addAgent } = await seedCompany(t);
    const ivan = await addClient(company.id, { name: 'Ivan', reopenedCount: 2 });
    const ticket = await addTicket(company.id, ivan.id, department.id, admin.id);
    await t.database.db.insert(actionRecords).values({
      companyId: company.id,
      userId: admin.id,
      clientId: ivan.id,
      ticketId: ticket.id,
      actionType: 'ticket_rating',
      rating: 3,
      createdAt: new Date(Date.UTC(2026, 1, 1)),
    });
    const { client: agent } = await addAgent();

    const byShort = await agent.get(`/admin/${ivan.shortId.toLowerCase()}/get-client`);
    expect(byShort.status).toBe(200);
    expect(byShort.body.client).toMatchObject({ clientid: ivan.id, client_name: 'Ivan', count_ticket_reopened: 2 });
    expect(byShort.body.client_actions).toEqual([
      {
        actionid: expect.any(String),
        action_type: 'ticket_rating',
        userid: admin.id,
        user_name: 'Ada Admin',
        ticketid: ticket.id,
        rating: 3,
        created_on: '2026-02-01T00:00:00.000Z',
      },
    ]);
    expect((await agent.get(`/admin/${ivan.id}/get-client`)).body).toEqual(byShort.body);

    const body = {
      client_name: ' Ivan Petrov ',
      address: ' Sofia ',
      account_number: ' 42 ',
      note: 'VIP',
      clientid: ivan.id,
    };
    expect(await agent.put('/auth/update-client', body)).toMatchObject({ status: 403 });
    const { client: moderator } = await addAgent({ role: 'moderator' });
    const updated = await moderator.put('/auth/update-client', body);
    expect(updated).toMatchObject({
      status: 200,
      body: { clientid: ivan.id, client_name: 'Ivan Petrov', address: 'Sofia', account_number: '42', note: 'VIP' },
    });
    expect((await adminClient.get(`/admin/${ivan.shortId}/get-client`)).body.client).toEqual(updated.body);
  });

  it('refuses bad input with a message', async () => {
    const { company, adminClient } = await seedCompany(t);
    const ivan = await addClient(company.id);
    const good = { client_name: 'A', address: 'B', account_number: 'C', note: 'D', clientid: ivan.id };
    const cases: [unknown, string][] = [
      [{ ...good, client_name: '   ' }, 'Client name is required'],
      [{ ...good, address: undefined }, 'Address is required'],
      [{ ...good, account_number: '' }, 'Account number is required'],
      [{ ...good, note: ' ' }, 'Note is required'],
      [{ ...good, clientid: 'nope' }, 'Invalid client ID!'],
    ];
    for (const [body, message] of cases) {
      expect(await adminClient.put('/auth/update-client', body)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await adminClient.get('/-1/get-clients')).toMatchObject({
      status: 400,
      body: { message: 'Invalid offset' },
    });
    expect(await adminClient.get('/abc/get-clients')).toMatchObject({
      status: 400,
      body: { message: 'Invalid offset' },
    });
    expect(await adminClient.get(`/${'x'.repeat(81)}/search-clients`)).toMatchObject({
      status: 400,
      body: { message: 'Search text is too long' },
    });
    expect(await adminClient.get('/%20%20/search-clients')).toMatchObject({
      status: 400,
      body: { message: 'Search text is required' },
    });
    expect(await adminClient.get('/admin/NOSUCHID/get-client')).toMatchObject({
      status: 404,
      body: { message: CLIENT_NOT_FOUND },
    });
  });

  it('sets the account number from the chat pane: the handler, a moderator or an admin, on the client’s ticket', async () => {
    const { company, department, adminClient, addAgent } = await seedCompany(t);
    const handler = await addAgent();
    const bystander = await addAgent();
    const ivan = await addClient(company.id);
    const other = await addClient(company.id);
    const ticket = await addTicket(company.id, ivan.id, department.id, handler.user.id);
    const body = {
      client_number: ' 555-01 ',
      clientid: ivan.id,
      departmentId: department.id,
      created_on: ivan.createdAt.toISOString(),
      ticketid: ticket.id,
    };
    expect(await bystander.client.post('/auth/update-client-number', body)).toMatchObject({ status: 403 });
    const set = await handler.client.post('/auth/update-client-number', body);
    expect(set).toMatchObject({ status: 200, body: { clientid: ivan.id, account_number: '555-01' } });
    const admin = await adminClient.post('/auth/update-client-number', { ...body, client_number: '777' });
    expect(admin).toMatchObject({ status: 200, body: { account_number: '777' } });

    expect(await adminClient.post('/auth/update-client-number', { ...body, clientid: other.id })).toMatchObject({
      status: 404,
    });
    expect(await adminClient.post('/auth/update-client-number', { ...body, created_on: 'yesterday' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid account creation date!' },
    });
    expect(await adminClient.post('/auth/update-client-number', { ...body, client_number: ' ' })).toMatchObject({
      status: 400,
      body: { message: 'Account number is required' },
    });
  });

  it('tells the whole company, live, when a client’s number, details or block changed — and no other company', async () => {
    const home = await seedCompany(t);
    const rival = await seedCompany(t);
    const handler = await home.addAgent();
    const colleague = await connectLive(t.baseUrl, (await home.addAgent()).client);
    const outsider = await connectLive(t.baseUrl, rival.adminClient);
    const ivan = await addClient(home.company.id);
    const ticket = await addTicket(home.company.id, ivan.id, home.department.id, handler.user.id);
    try {
      await handler.client.post('/auth/update-client-number', {
        client_number: 'NUM-1',
        clientid: ivan.id,
        departmentId: home.department.id,
        created_on: ivan.createdAt.toISOString(),
        ticketid: ticket.id,
      });
      await colleague.waitFor('clientUpdated', (p) => p.client.account_number === 'NUM-1');
      await home.adminClient.put('/auth/update-client', {
        clientid: ivan.id,
        client_name: 'Ivan Petrov',
        address: 'Harbour 1',
        account_number: 'NUM-1',
        note: 'calls at noon',
      });
      await colleague.waitFor('clientUpdated', (p) => p.client.client_name === 'Ivan Petrov');
      await home.adminClient.post(`/admin/${ivan.id}/block`, {});
      const blocked = await colleague.waitFor('clientUpdated', (p) => p.client.blocked_on);
      expect(blocked.client).toMatchObject({ clientid: ivan.id, client_name: 'Ivan Petrov', note: 'calls at noon' });
      // The rival's own event arrives after anything of ours would have.
      const rivalClient = await addClient(rival.company.id);
      await rival.adminClient.post(`/admin/${rivalClient.id}/block`, {});
      await outsider.waitFor('clientUpdated', (p) => p.client.clientid === rivalClient.id);
      expect(outsider.of('clientUpdated')).toHaveLength(1);
    } finally {
      colleague.close();
      outsider.close();
    }
  });

  it('keeps clients to their company and blocking to admins', async () => {
    const home = await seedCompany(t);
    const rival = await seedCompany(t);
    const ivan = await addClient(home.company.id, { name: 'Home Ivan', accountNumber: 'HOME-1' });
    const ticket = await addTicket(home.company.id, ivan.id, home.department.id, home.admin.id);
    const r = rival.adminClient;

    expect((await r.get('/admin/get-all-clients')).body).toEqual({ totalClients: 0, clients: [] });
    expect((await r.get('/0/get-clients')).body).toEqual([]);
    expect((await r.get('/Home/search-clients')).body).toEqual([]);
    expect((await r.get(`/admin/${ivan.id}/get-client`)).status).toBe(404);
    expect((await r.get(`/admin/${ivan.shortId}/get-client`)).status).toBe(404);
    const edit = { client_name: 'Taken', address: 'X', account_number: 'Y', note: 'Z', clientid: ivan.id };
    expect(await r.put('/auth/update-client', edit)).toMatchObject({
      status: 404,
      body: { message: CLIENT_NOT_FOUND },
    });
    const number = {
      client_number: '1',
      clientid: ivan.id,
      departmentId: home.department.id,
      created_on: ivan.createdAt.toISOString(),
      ticketid: ticket.id,
    };
    expect((await r.post('/auth/update-client-number', number)).status).toBe(404);
    expect((await r.post(`/admin/${ivan.id}/block`)).status).toBe(404);

    const { client: agent } = await home.addAgent();
    expect((await agent.post(`/admin/${ivan.id}/block`)).status).toBe(403);
    expect((await home.adminClient.post(`/admin/${ivan.id}/block`)).body).toEqual({
      clientid: ivan.id,
      blocked_on: true,
    });
    expect((await agent.get(`/admin/${ivan.id}/get-client`)).body.client).toMatchObject({
      client_name: 'Home Ivan',
      account_number: 'HOME-1',
      blocked_on: true,
    });

    const anonymous = t.client();
    expect((await anonymous.get('/admin/get-all-clients')).status).toBe(401);
  });
});
