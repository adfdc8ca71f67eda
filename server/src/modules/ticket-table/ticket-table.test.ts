import { ADMIN_TICKETS_PAGE, INVALID_TICKETS_OFFSET } from '@kreechat/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, tickets } from '../../db/schema';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const MINUTE = 60_000;
type Seeded = Awaited<ReturnType<typeof seedCompany>>;

async function addTicket(
  home: Seeded,
  options: {
    departmentId?: string;
    handlerId?: string;
    stage?: 'pending' | 'accepted' | 'closed';
    platform?: 'telegram' | 'whatsapp';
    acceptAfterMinutes?: number;
    accountNumber?: string;
  } = {},
) {
  const companyId = home.company.id;
  const [client] = await t.database.db
    .insert(clients)
    .values({
      companyId,
      shortId: Math.random().toString(36).slice(2, 10),
      name: 'Ivan Client',
      accountNumber: options.accountNumber,
    })
    .returning();
  const stage = options.stage ?? (options.handlerId ? 'accepted' : 'pending');
  const now = t.clock.now();
  const accepted = options.handlerId ? new Date(now.getTime() + (options.acceptAfterMinutes ?? 0) * MINUTE) : null;
  const [ticket] = await t.database.db
    .insert(tickets)
    .values({
      companyId,
      clientId: client!.id,
      departmentId: options.departmentId ?? home.department.id,
      handlerId: options.handlerId ?? null,
      platform: options.platform ?? 'telegram',
      stage,
      createdAt: now,
      updatedAt: accepted ?? now,
      acceptedAt: accepted,
      closedAt: stage === 'closed' ? accepted : null,
    })
    .returning();
  t.clock.advance(MINUTE * 10);
  return ticket!;
}

const idsOf = (body: { tickets: { ticketid: string }[] }) => body.tickets.map((row) => row.ticketid);

describe('admin tickets table', () => {
  it('answers the widgets and the first 10 rows, newest update first, with names and null dates', async () => {
    const home = await seedCompany(t);
    const agent = await home.addAgent({ firstName: 'Gina' });
    const pending = await addTicket(home, { accountNumber: 'ACC-1' });
    const accepted = await addTicket(home, { handlerId: agent.user.id, acceptAfterMinutes: 3 });
    const closed = await addTicket(home, {
      handlerId: agent.user.id,
      stage: 'closed',
      platform: 'whatsapp',
      acceptAfterMinutes: 2,
    });

    const reply = await home.adminClient.get('/get-tickets');
    expect(reply.status).toBe(200);
    expect(reply.body.widgetData).toEqual({
      totalTicketsCount: 3,
      whatsappTicketsCount: 1,
      telegramTicketsCount: 2,
      pendingTicketsCount: 1,
      averageAcceptanceTime: 2.5,
      closedTicketsCount: 1,
      whatsappClosedTicketsCount: 1,
      telegramClosedTicketscount: 0,
    });
    expect(idsOf(reply.body)).toEqual([closed.id, accepted.id, pending.id]);
    expect(reply.body.tickets[2]).toEqual({
      ticketid: pending.id,
      stage: 'pending',
      platform: 'telegram',
      department_name: 'General',
      user_name: null,
      client_name: 'Ivan Client',
      account_number: 'ACC-1',
      updated_on: pending.updatedAt.toISOString(),
      reopened_on: null,
      accepted_on: null,
      closed_on: null,
    });
    expect(reply.body.tickets[0]).toMatchObject({
      stage: 'closed',
      platform: 'whatsapp',
      user_name: 'Gina Agent',
      accepted_on: closed.acceptedAt!.toISOString(),
      closed_on: closed.closedAt!.toISOString(),
    });
  });

  it('shows 0 as the average acceptance time when nothing was accepted', async () => {
    const home = await seedCompany(t);
    await addTicket(home);
    const reply = await home.adminClient.get('/get-tickets');
    expect(reply.body.widgetData).toMatchObject({ totalTicketsCount: 1, averageAcceptanceTime: 0 });
  });

  it('pages by offset in a stable order until a page comes back empty', async () => {
    const home = await seedCompany(t);
    const made = [];
    for (let i = 0; i < 23; i++) made.push(await addTicket(home));
    // Two tickets updated in the same instant are ordered by id, so no row is skipped or repeated at a page edge.
    const twins = [await addTicket(home), await addTicket(home)];
    await t.database.db
      .update(tickets)
      .set({ updatedAt: twins[0]!.updatedAt })
      .where(inArray(tickets.id, [twins[0]!.id, twins[1]!.id]));
    const expected = [
      ...twins
        .map((ticket) => ticket.id)
        .sort()
        .reverse(),
      ...made.map((ticket) => ticket.id).reverse(),
    ];
    const first = (await home.adminClient.get('/get-tickets')).body;
    expect(first.tickets).toHaveLength(ADMIN_TICKETS_PAGE);
    const seen = idsOf(first);
    for (let offset = 10; ; offset += 10) {
      const page = await home.adminClient.get(`/${offset}/get-tickets`);
      expect(page.status).toBe(200);
      if (page.body.tickets.length === 0) break;
      seen.push(...idsOf(page.body));
    }
    expect(seen).toEqual(expected);
    const again = await home.adminClient.get('/10/get-tickets');
    expect(idsOf(again.body)).toEqual(seen.slice(10, 20));
    expect((await home.adminClient.get('/25/get-tickets')).body).toEqual({ tickets: [] });
  });

  it('scopes an agent to their department and the tickets they handle; moderators see everything', async () => {
    const home = await seedCompany(t);
    const billing = (await home.adminClient.post('/admin/create-department', { department_name: 'Billing' })).body
      .departmentid as string;
    const general = await home.addAgent({ firstName: 'Gina' });
    const moderator = await home.addAgent({ role: 'moderator', departmentId: billing });
    const ownDepartment = await addTicket(home);
    const otherDepartment = await addTicket(home, { departmentId: billing });
    const handledElsewhere = await addTicket(home, { departmentId: billing, handlerId: general.user.id });

    const mine = (await general.client.get('/get-tickets')).body;
    expect(idsOf(mine).sort()).toEqual([ownDepartment.id, handledElsewhere.id].sort());
    expect(mine.widgetData.totalTicketsCount).toBe(2);
    expect(idsOf((await general.client.get('/0/get-tickets')).body)).not.toContain(otherDepartment.id);

    const all = (await moderator.client.get('/get-tickets')).body;
    expect(all.widgetData.totalTicketsCount).toBe(3);
    expect(idsOf(all)).toContain(otherDepartment.id);
  });

  it('never shows another company its tickets', async () => {
    const home = await seedCompany(t);
    const rival = await seedCompany(t);
    await addTicket(home);
    const theirs = (await rival.adminClient.get('/get-tickets')).body;
    expect(theirs).toEqual({
      widgetData: expect.objectContaining({ totalTicketsCount: 0, averageAcceptanceTime: 0 }),
      tickets: [],
    });
    expect((await rival.adminClient.get('/0/get-tickets')).body).toEqual({ tickets: [] });
  });

  it('refuses a bad offset with its message and a caller without a session with 401', async () => {
    const home = await seedCompany(t);
    for (const offset of ['-1', 'ten', '1.5', '99999999999']) {
      expect(await home.adminClient.get(`/${offset}/get-tickets`)).toMatchObject({
        status: 400,
        body: { message: INVALID_TICKETS_OFFSET },
      });
    }
    expect((await t.client().get('/get-tickets')).status).toBe(401);
    expect((await t.client().get('/10/get-tickets')).status).toBe(401);
  });
});
