import {
  AGENT_ALREADY_HANDLES,
  AGENT_NOT_ASSIGNABLE,
  NOT_TICKET_HANDLER,
  TICKET_CLOSED,
  TICKET_NOT_FOUND,
  TICKET_SEARCH_LIMIT,
} from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, tickets, users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';
import { connectLive } from '../../../test/live';
import { DEPARTMENT_NOT_FOUND } from '../departments';

let t: TestApp;
beforeAll(async () => {
  // Listening, so the live-event tests can open real sockets.
  t = await startTestApp({}, { listen: true });
});
afterAll(async () => t?.close());

const MINUTE = 60_000;

type Seeded = Awaited<ReturnType<typeof seedCompany>>;

/** A company with a second department, Billing, and one agent in each. */
async function twoDepartments() {
  const home = await seedCompany(t);
  const billing = (await home.adminClient.post('/admin/create-department', { department_name: 'Billing' })).body
    .departmentid as string;
  const general = await home.addAgent({ firstName: 'Gina' });
  const biller = await home.addAgent({ firstName: 'Bill', departmentId: billing });
  return { home, billing, general, biller };
}

async function addTicket(
  home: Seeded,
  options: {
    departmentId?: string;
    handlerId?: string;
    stage?: 'pending' | 'accepted' | 'closed';
    clientName?: string;
    accountNumber?: string;
  } = {},
) {
  const companyId = home.company.id;
  const [client] = await t.database.db
    .insert(clients)
    .values({
      companyId,
      shortId: Math.random().toString(36).slice(2, 10),
      name: options.clientName ?? 'Ivan Client',
      accountNumber: options.accountNumber,
    })
    .returning();
  const stage = options.stage ?? (options.handlerId ? 'accepted' : 'pending');
  const now = t.clock.now();
  const [ticket] = await t.database.db
    .insert(tickets)
    .values({
      companyId,
      clientId: client!.id,
      departmentId: options.departmentId ?? home.department.id,
      handlerId: options.handlerId ?? null,
      platform: 'telegram',
      stage,
      createdAt: now,
      updatedAt: now,
      acceptedAt: options.handlerId ? now : null,
      closedAt: stage === 'closed' ? now : null,
    })
    .returning();
  t.clock.advance(MINUTE);
  return ticket!;
}

const idsOf = (body: { ticketid: string }[]) => body.map((ticket) => ticket.ticketid);

describe('reassign-user and change-department', () => {
  it('lets the handler hand the ticket to an agent of another department, who may then reply', async () => {
    const { home, billing, general, biller } = await twoDepartments();
    const ticket = await addTicket(home, { handlerId: general.user.id });

    const moved = await general.client.post('/ticket/reassign-user', {
      ticketid: ticket.id,
      newDepartment: billing,
      newDepartmentName: 'Names are not trusted',
      newUser: biller.user.id,
      newUserName: 'Whoever',
      created_on: ticket.createdAt.toISOString(),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.ticket).toMatchObject({
      ticketid: ticket.id,
      stage: 'accepted',
      accepted: true,
      departmentid: billing,
      department_name: 'Billing',
      userid: biller.user.id,
      user_name: 'Bill Agent',
    });

    expect(idsOf((await general.client.get('/tickets')).body)).not.toContain(ticket.id);
    expect(idsOf((await biller.client.get('/tickets')).body)).toContain(ticket.id);
    // This ticket has no channel, so a reply goes no further than the handler check: Bill passes it now.
    const reply = await biller.client.post('/send-message', { ticketid: ticket.id, content: 'Billing here' });
    expect(reply).toMatchObject({ status: 409, body: { message: 'This client cannot be reached on its channel' } });
    const former = await general.client.post('/send-message', { ticketid: ticket.id, content: 'Still me?' });
    expect(former.status).toBe(404);
  });

  it('lets an admin or a moderator reassign any open ticket, even a pending one', async () => {
    const { home, billing, general, biller } = await twoDepartments();
    const moderator = await home.addAgent({ role: 'moderator', departmentId: billing });
    const pending = await addTicket(home);
    const byAdmin = await home.adminClient.post('/ticket/reassign-user', {
      ticketid: pending.id,
      newDepartment: home.department.id,
      newUser: general.user.id,
    });
    expect(byAdmin).toMatchObject({ status: 200, body: { ticket: { userid: general.user.id, stage: 'accepted' } } });

    const byModerator = await moderator.client.post('/ticket/reassign-user', {
      ticketid: pending.id,
      newDepartment: billing,
      newUser: biller.user.id,
    });
    expect(byModerator).toMatchObject({ status: 200, body: { ticket: { userid: biller.user.id } } });
  });

  it('refuses an unrelated agent (403), a pending ticket to a plain agent (403) and a closed ticket (409)', async () => {
    const { home, billing, general, biller } = await twoDepartments();
    const colleague = await home.addAgent({ firstName: 'Carl' });
    const handled = await addTicket(home, { handlerId: general.user.id });
    const body = { ticketid: handled.id, newDepartment: billing, newUser: biller.user.id };

    expect(await colleague.client.post('/ticket/reassign-user', body)).toMatchObject({
      status: 403,
      body: { message: NOT_TICKET_HANDLER },
    });
    const pending = await addTicket(home);
    const change = { ticketid: pending.id, newDepartment: billing };
    expect(await general.client.post('/ticket/change-department', change)).toMatchObject({
      status: 403,
      body: { message: NOT_TICKET_HANDLER },
    });
    // Billing's agent cannot even see a General ticket it does not handle.
    expect(await biller.client.post('/ticket/reassign-user', body)).toMatchObject({
      status: 404,
      body: { message: TICKET_NOT_FOUND },
    });

    const closed = await addTicket(home, { handlerId: general.user.id, stage: 'closed' });
    for (const reply of [
      await general.client.post('/ticket/reassign-user', { ...body, ticketid: closed.id }),
      await home.adminClient.post('/ticket/change-department', { ticketid: closed.id, newDepartment: billing }),
    ]) {
      expect(reply).toMatchObject({ status: 409, body: { message: TICKET_CLOSED } });
    }
    const unchanged = (await general.client.get('/tickets')).body.find(
      (t: { ticketid: string }) => t.ticketid === handled.id,
    );
    expect(unchanged).toMatchObject({ userid: general.user.id, departmentid: home.department.id });
  });

  it('refuses a disabled agent, an agent of another department or company, and a deleted department', async () => {
    const { home, billing, general, biller } = await twoDepartments();
    const rival = await seedCompany(t);
    const stranger = await rival.addAgent();
    const ticket = await addTicket(home, { handlerId: general.user.id });
    const send = (newDepartment: string, newUser: string) =>
      general.client.post('/ticket/reassign-user', { ticketid: ticket.id, newDepartment, newUser });

    // Bill works in Billing, not in General.
    expect(await send(home.department.id, biller.user.id)).toMatchObject({
      status: 400,
      body: { message: AGENT_NOT_ASSIGNABLE },
    });
    expect(await send(billing, stranger.user.id)).toMatchObject({
      status: 400,
      body: { message: AGENT_NOT_ASSIGNABLE },
    });
    expect(await send(rival.department.id, stranger.user.id)).toMatchObject({
      status: 404,
      body: { message: DEPARTMENT_NOT_FOUND },
    });
    expect(await send(home.department.id, general.user.id)).toMatchObject({
      status: 400,
      body: { message: AGENT_ALREADY_HANDLES },
    });

    await t.database.db.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.id, biller.user.id));
    expect(await send(billing, biller.user.id)).toMatchObject({ status: 400, body: { message: AGENT_NOT_ASSIGNABLE } });

    const archive = (await home.adminClient.post('/admin/create-department', { department_name: 'Archive' })).body
      .departmentid as string;
    expect((await home.adminClient.post('/admin/delete-department', { departmentid: archive })).status).toBe(200);
    expect(
      await general.client.post('/ticket/change-department', { ticketid: ticket.id, newDepartment: archive }),
    ).toMatchObject({ status: 404, body: { message: DEPARTMENT_NOT_FOUND } });
  });

  it("answers 404 for another company's ticket and 400 with a message for bad input", async () => {
    const { home, billing, general, biller } = await twoDepartments();
    const rival = await seedCompany(t);
    const ticket = await addTicket(home, { handlerId: general.user.id });
    const body = { ticketid: ticket.id, newDepartment: billing, newUser: biller.user.id };
    expect(await rival.adminClient.post('/ticket/reassign-user', body)).toMatchObject({
      status: 404,
      body: { message: TICKET_NOT_FOUND },
    });
    expect(await rival.adminClient.post('/ticket/change-department', body)).toMatchObject({ status: 404 });

    expect(await general.client.post('/ticket/reassign-user', { ...body, newUser: 'bob' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid id' },
    });
    expect(await general.client.post('/ticket/change-department', { ticketid: ticket.id })).toMatchObject({
      status: 400,
      body: { message: expect.any(String) },
    });
    const stranger = t.client();
    expect((await stranger.post('/ticket/change-department', body)).status).toBe(401);
  });

  it('moves a ticket back to pending in another department, where anyone there may accept it', async () => {
    const { home, billing, general, biller } = await twoDepartments();
    const ticket = await addTicket(home, { handlerId: general.user.id });
    const moved = await general.client.post('/ticket/change-department', {
      ticketid: ticket.id,
      newDepartment: billing,
      newDepartmentName: 'Billing',
    });
    expect(moved.body.ticket).toMatchObject({
      stage: 'pending',
      accepted: false,
      userid: null,
      user_name: null,
      accepted_on: null,
      departmentid: billing,
    });
    expect(idsOf((await general.client.get('/tickets')).body)).not.toContain(ticket.id);
    expect((await biller.client.post('/acceptTicket', { ticketid: ticket.id })).status).toBe(200);
  });

  it('tells the old department that the ticket left and the new one that it arrived, live', async () => {
    const { home, billing, general, biller } = await twoDepartments();
    const generalColleague = await home.addAgent({ firstName: 'Gus' });
    const sales = (await home.adminClient.post('/admin/create-department', { department_name: 'Sales' })).body
      .departmentid as string;
    const seller = await home.addAgent({ firstName: 'Sal', departmentId: sales });
    const rival = await seedCompany(t);
    const ticket = await addTicket(home, { handlerId: general.user.id });
    const [oldSide, newSide, admin, otherDepartment, outsider] = await Promise.all([
      connectLive(t.baseUrl, generalColleague.client),
      connectLive(t.baseUrl, biller.client),
      connectLive(t.baseUrl, home.adminClient),
      connectLive(t.baseUrl, seller.client),
      connectLive(t.baseUrl, rival.adminClient),
    ]);
    try {
      await general.client.post('/ticket/reassign-user', {
        ticketid: ticket.id,
        newDepartment: billing,
        newUser: biller.user.id,
      });
      for (const live of [oldSide, newSide, admin]) {
        const event = await live.waitFor('newHandler', (p) => p.ticket.ticketid === ticket.id);
        expect(event).toMatchObject({
          previousDepartmentId: home.department.id,
          ticket: { departmentid: billing, userid: biller.user.id },
        });
      }
      // A later event to everyone who listens proves the quiet sockets were connected and simply not told.
      await home.adminClient.post('/ticket/change-department', { ticketid: ticket.id, newDepartment: sales });
      await seller.client.post('/acceptTicket', { ticketid: ticket.id });
      await otherDepartment.waitFor('acceptTicket', (p) => p.ticket.ticketid === ticket.id);
      expect(otherDepartment.of('newHandler').map((p) => p.previousDepartmentId)).toEqual([billing]);
      expect(outsider.of('newHandler')).toEqual([]);
    } finally {
      for (const live of [oldSide, newSide, admin, otherDepartment, outsider]) live.close();
    }
  });
});

describe('get-agents', () => {
  it("lists the company's enabled agents of live departments, filtered by department, without the handler", async () => {
    const { home, billing, general, biller } = await twoDepartments();
    const disabled = await home.addAgent({ firstName: 'Dora', departmentId: billing });
    await t.database.db.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.id, disabled.user.id));
    const rival = await seedCompany(t);
    await rival.addAgent({ firstName: 'Rita' });
    const ticket = await addTicket(home, { handlerId: general.user.id });

    const all = await general.client.get(`/${ticket.id}/get-agents`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual([
      {
        userid: home.admin.id,
        first_name: 'Ada',
        last_name: 'Admin',
        departmentid: home.department.id,
        department_name: 'General',
      },
      {
        userid: biller.user.id,
        first_name: 'Bill',
        last_name: 'Agent',
        departmentid: billing,
        department_name: 'Billing',
      },
    ]);
    const inBilling = await general.client.get(`/${ticket.id}/get-agents?departmentid=${billing}`);
    expect(inBilling.body.map((a: { userid: string }) => a.userid)).toEqual([biller.user.id]);

    expect(await rival.adminClient.get(`/${ticket.id}/get-agents`)).toMatchObject({
      status: 404,
      body: { message: TICKET_NOT_FOUND },
    });
    expect(await general.client.get(`/${ticket.id}/get-agents?departmentid=nope`)).toMatchObject({
      status: 400,
      body: { message: 'Invalid id' },
    });
    expect((await general.client.get('/not-a-ticket/get-agents')).status).toBe(400);
  });
});

describe('search-ticket', () => {
  it('finds by client name (any case), account number and the start of the ticket id, newest first', async () => {
    const { home, general } = await twoDepartments();
    const older = await addTicket(home, { clientName: 'Olga Petrova', accountNumber: 'ACC-7781' });
    const newer = await addTicket(home, { clientName: 'olgA Smirnova', handlerId: general.user.id });
    await addTicket(home, { clientName: 'Someone Else' });

    expect(idsOf((await general.client.get('/search-ticket/OLGA/open')).body)).toEqual([newer.id, older.id]);
    expect(idsOf((await general.client.get('/search-ticket/acc-77/open')).body)).toEqual([older.id]);
    const prefix = older.id.slice(0, 8).toUpperCase();
    expect(idsOf((await general.client.get(`/search-ticket/${prefix}/open`)).body)).toEqual([older.id]);
    // The keyword is trimmed; the id matches only from its start.
    expect(idsOf((await general.client.get(`/search-ticket/%20${older.id.slice(0, 6)}%20/open`)).body)).toEqual([
      older.id,
    ]);
    expect((await general.client.get(`/search-ticket/${older.id.slice(4, 12)}/open`)).body).toEqual([]);
    expect((await general.client.get('/search-ticket/olga/closed')).body).toEqual([]);
  });

  it('takes LIKE wildcards literally and keeps open and closed apart', async () => {
    const { home, general } = await twoDepartments();
    const percent = await addTicket(home, { clientName: '100% Cotton' });
    await addTicket(home, { clientName: '1000 Cottons' });
    const closed = await addTicket(home, { clientName: 'Under_score', stage: 'closed' });
    await addTicket(home, { clientName: 'Underscore', stage: 'closed' });

    expect(idsOf((await general.client.get('/search-ticket/100%25/open')).body)).toEqual([percent.id]);
    expect(idsOf((await general.client.get('/search-ticket/r_s/closed')).body)).toEqual([closed.id]);
    expect((await general.client.get('/search-ticket/r_s/open')).body).toEqual([]);
  });

  it('searches only what the viewer may see: their department and their own tickets; admins everything', async () => {
    const { home, billing, general, biller } = await twoDepartments();
    const rival = await seedCompany(t);
    const inGeneral = await addTicket(home, { clientName: 'Visible Vera' });
    const inBilling = await addTicket(home, { clientName: 'Visible Vlad', departmentId: billing });

    expect(idsOf((await general.client.get('/search-ticket/visible/open')).body)).toEqual([inGeneral.id]);
    expect(idsOf((await biller.client.get('/search-ticket/visible/open')).body)).toEqual([inBilling.id]);
    expect(idsOf((await home.adminClient.get('/search-ticket/visible/open')).body)).toEqual([
      inBilling.id,
      inGeneral.id,
    ]);
    expect((await rival.adminClient.get('/search-ticket/visible/open')).body).toEqual([]);
  });

  it(`answers at most ${TICKET_SEARCH_LIMIT} tickets`, async () => {
    const { home, general } = await twoDepartments();
    for (let i = 0; i <= TICKET_SEARCH_LIMIT; i += 1) await addTicket(home, { clientName: `Crowd ${i}` });
    const found = (await general.client.get('/search-ticket/crowd/open')).body;
    expect(found).toHaveLength(TICKET_SEARCH_LIMIT);
    expect(found[0].client_name).toBe(`Crowd ${TICKET_SEARCH_LIMIT}`);
  });

  it('refuses an empty keyword, a bad scope and a stranger', async () => {
    const { general } = await twoDepartments();
    expect(await general.client.get('/search-ticket/%20%20/open')).toMatchObject({
      status: 400,
      body: { message: 'Search text is required' },
    });
    expect(await general.client.get('/search-ticket/olga/everything')).toMatchObject({
      status: 400,
      body: { message: 'Search scope must be open or closed' },
    });
    expect(await general.client.get(`/search-ticket/${'x'.repeat(81)}/open`)).toMatchObject({
      status: 400,
      body: { message: 'Search text is too long' },
    });
    expect((await t.client().get('/search-ticket/olga/open')).status).toBe(401);
  });
});

describe('the open and closed lists', () => {
  it("keep the tickets an agent handles after they move to another department; another company's is 404", async () => {
    const { home, billing, general, biller } = await twoDepartments();
    const open = await addTicket(home, { handlerId: general.user.id });
    const closed = await addTicket(home, { handlerId: general.user.id, stage: 'closed' });
    const left = await addTicket(home);
    const moved = await home.adminClient.put('/auth/update-account', {
      email: general.email,
      first_name: 'Gina',
      last_name: 'Agent',
      departmentid: billing,
      userid: general.user.id,
    });
    expect(moved.status).toBe(200);

    const openIds = idsOf((await general.client.get('/tickets')).body);
    expect(openIds).toContain(open.id);
    expect(openIds).not.toContain(left.id);
    expect(idsOf((await general.client.get(`/${billing}/closed-tickets?count=0`)).body)).toEqual([closed.id]);
    expect((await general.client.get(`/${home.department.id}/closed-tickets?count=0`)).status).toBe(403);
    // Their new colleagues see Billing's tickets only, not the ones Gina brought along.
    expect(idsOf((await biller.client.get('/tickets')).body)).not.toContain(open.id);
    expect((await biller.client.get(`/${billing}/closed-tickets?count=0`)).body).toEqual([]);

    const rival = await seedCompany(t);
    expect(await rival.adminClient.get(`/${billing}/closed-tickets?count=0`)).toMatchObject({
      status: 404,
      body: { message: DEPARTMENT_NOT_FOUND },
    });
  });
});
