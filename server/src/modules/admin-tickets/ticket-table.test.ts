import { ADMIN_TICKETS_PAGE, ADMIN_TICKETS_SORTS, INVALID_TICKETS_OFFSET } from '@kreechat/contract';
import { eq, inArray } from 'drizzle-orm';
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
    clientName?: string;
    createdAt?: Date;
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
  const now = options.createdAt ?? t.clock.now();
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

describe('admin tickets table: filters and sorting', () => {
  const at = (iso: string) => new Date(iso);
  const get = async (client: Seeded['adminClient'], path: string) => {
    const reply = await client.get(path);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as {
      widgetData?: { totalTicketsCount: number; pendingTicketsCount: number };
      tickets: { ticketid: string }[];
    };
  };

  /** A company with two departments, two agents, both platforms, every stage and three creation days. */
  async function desk() {
    const home = await seedCompany(t);
    const billing = (await home.adminClient.post('/admin/create-department', { department_name: 'Billing' })).body
      .departmentid as string;
    const gina = await home.addAgent({ firstName: 'Gina' });
    const zed = await home.addAgent({ firstName: 'Zed', departmentId: billing });
    const day1 = at('2026-03-01T00:00:00.000Z');
    const day2 = at('2026-03-02T23:59:59.999Z');
    const day3 = at('2026-03-03T12:00:00.000Z');
    const tk = {
      pendingTg: await addTicket(home, { createdAt: day1, clientName: 'Carla' }),
      pendingWaBilling: await addTicket(home, {
        createdAt: day2,
        platform: 'whatsapp',
        departmentId: billing,
        clientName: 'alice',
      }),
      ginaAccepted: await addTicket(home, { createdAt: day2, handlerId: gina.user.id, clientName: 'Bruno' }),
      zedClosedWa: await addTicket(home, {
        createdAt: day3,
        handlerId: zed.user.id,
        departmentId: billing,
        stage: 'closed',
        platform: 'whatsapp',
        clientName: 'Dora',
        accountNumber: 'ACC-9',
      }),
      ginaClosed: await addTicket(home, {
        createdAt: day3,
        handlerId: gina.user.id,
        stage: 'closed',
        acceptAfterMinutes: 30,
        clientName: 'Eve',
        accountNumber: 'ACC-1',
      }),
    };
    return { home, billing, gina, zed, tk };
  }
  const sorted = (ids: string[]) => [...ids].sort();

  it('filters by stage (one or several), platform, department, agent and "not accepted"', async () => {
    const { home, billing, gina, zed, tk } = await desk();
    const ids = async (query: string) => sorted(idsOf(await get(home.adminClient, `/get-tickets?${query}`)));
    expect(await ids('stage=pending')).toEqual(sorted([tk.pendingTg.id, tk.pendingWaBilling.id]));
    expect(await ids('stage=accepted')).toEqual([tk.ginaAccepted.id]);
    const closed = sorted([tk.zedClosedWa.id, tk.ginaClosed.id]);
    expect(await ids('stage=closed')).toEqual(closed);
    expect(await ids('stage=accepted,closed')).toEqual(sorted([tk.ginaAccepted.id, ...closed]));
    expect(await ids('stage=accepted&stage=closed')).toEqual(sorted([tk.ginaAccepted.id, ...closed]));
    expect(await ids('platform=whatsapp')).toEqual(sorted([tk.pendingWaBilling.id, tk.zedClosedWa.id]));
    expect(await ids('platform=wordpress')).toEqual([]);
    expect(await ids(`department=${billing}`)).toEqual(sorted([tk.pendingWaBilling.id, tk.zedClosedWa.id]));
    expect(await ids(`agent=${gina.user.id}`)).toEqual(sorted([tk.ginaAccepted.id, tk.ginaClosed.id]));
    expect(await ids(`agent=${zed.user.id}`)).toEqual([tk.zedClosedWa.id]);
    expect(await ids('agent=none')).toEqual(sorted([tk.pendingTg.id, tk.pendingWaBilling.id]));
  });

  it('filters by creation or update day, both bounds whole UTC days and inclusive', async () => {
    const { home, tk } = await desk();
    const ids = async (query: string) => sorted(idsOf(await get(home.adminClient, `/get-tickets?${query}`)));
    // 2026-03-02T23:59:59.999Z is still the 2nd; 2026-03-01T00:00Z is already the 1st.
    expect(await ids('from=2026-03-02&to=2026-03-02')).toEqual(sorted([tk.pendingWaBilling.id, tk.ginaAccepted.id]));
    expect(await ids('from=2026-03-01&to=2026-03-01')).toEqual([tk.pendingTg.id]);
    expect(await ids('from=2026-03-03')).toEqual(sorted([tk.zedClosedWa.id, tk.ginaClosed.id]));
    expect(await ids('to=2026-03-01')).toEqual([tk.pendingTg.id]);
    expect(await ids('date_field=created&from=2026-03-04')).toEqual([]);

    // Updated: a message in the first ticket today moves it into a range its creation day is not in.
    await t.database.db
      .update(tickets)
      .set({ updatedAt: at('2026-03-10T08:00:00Z') })
      .where(eq(tickets.id, tk.pendingTg.id));
    expect(await ids('date_field=updated&from=2026-03-10&to=2026-03-10')).toEqual([tk.pendingTg.id]);
    expect(await ids('date_field=created&from=2026-03-10&to=2026-03-10')).toEqual([]);
  });

  it('combines filters, and the widgets count what the filters keep', async () => {
    const { home, billing, gina, tk } = await desk();
    const body = await get(
      home.adminClient,
      `/get-tickets?stage=pending,closed&platform=whatsapp&department=${billing}`,
    );
    expect(sorted(idsOf(body))).toEqual(sorted([tk.pendingWaBilling.id, tk.zedClosedWa.id]));
    expect(body.widgetData).toMatchObject({
      totalTicketsCount: 2,
      whatsappTicketsCount: 2,
      telegramTicketsCount: 0,
      pendingTicketsCount: 1,
      closedTicketsCount: 1,
      whatsappClosedTicketsCount: 1,
    });
    const none = await get(home.adminClient, `/get-tickets?agent=${gina.user.id}&platform=whatsapp`);
    expect(none.tickets).toEqual([]);
    expect(none.widgetData).toMatchObject({ totalTicketsCount: 0, averageAcceptanceTime: 0 });
    const closedOnThird = await get(
      home.adminClient,
      `/get-tickets?stage=closed&from=2026-03-03&agent=${gina.user.id}`,
    );
    expect(idsOf(closedOnThird)).toEqual([tk.ginaClosed.id]);
  });

  it('sorts by every whitelisted column both ways, empty values last, ties broken by id in the same direction', async () => {
    const { home, tk } = await desk();
    const all = Object.values(tk);
    const rows = async (sort: string, dir: string) =>
      (await get(home.adminClient, `/get-tickets?sort=${sort}&dir=${dir}`)).tickets as unknown as Record<
        string,
        string | null
      >[];
    for (const sort of ADMIN_TICKETS_SORTS) {
      for (const dir of ['asc', 'desc']) expect((await rows(sort, dir)).length, `${sort} ${dir}`).toBe(all.length);
    }
    const clientAsc = (await rows('client', 'asc')).map((r) => r.client_name);
    // Case-insensitive: "alice" before "Bruno".
    expect(clientAsc).toEqual(['alice', 'Bruno', 'Carla', 'Dora', 'Eve']);
    expect((await rows('client', 'desc')).map((r) => r.client_name)).toEqual(clientAsc.reverse());
    expect((await rows('account', 'asc')).map((r) => r.account_number)).toEqual(['ACC-1', 'ACC-9', null, null, null]);
    expect((await rows('account', 'desc')).map((r) => r.account_number)).toEqual(['ACC-9', 'ACC-1', null, null, null]);
    expect((await rows('handler', 'asc')).map((r) => r.user_name)).toEqual([
      'Gina Agent',
      'Gina Agent',
      'Zed Agent',
      null,
      null,
    ]);
    expect((await rows('stage', 'asc')).map((r) => r.stage)).toEqual([
      'pending',
      'pending',
      'accepted',
      'closed',
      'closed',
    ]);
    expect((await rows('department', 'desc')).map((r) => r.department_name)).toEqual([
      'General',
      'General',
      'General',
      'Billing',
      'Billing',
    ]);
    expect((await rows('platform', 'asc')).map((r) => r.platform)).toEqual([
      'telegram',
      'telegram',
      'telegram',
      'whatsapp',
      'whatsapp',
    ]);
    expect((await rows('closed', 'asc')).map((r) => r.ticketid).slice(0, 2)).toEqual([
      tk.zedClosedWa.id,
      tk.ginaClosed.id,
    ]);
    expect((await rows('accepted', 'desc')).slice(3).map((r) => r.accepted_on)).toEqual([null, null]);

    // Ties: the two pending tickets share a stage, so the id orders them, ascending with asc, descending with desc.
    const pendingIds = sorted([tk.pendingTg.id, tk.pendingWaBilling.id]);
    expect((await rows('stage', 'asc')).slice(0, 2).map((r) => r.ticketid)).toEqual(pendingIds);
    expect((await rows('stage', 'desc')).slice(3).map((r) => r.ticketid)).toEqual([...pendingIds].reverse());
    // Created on: day 1 first ascending; the two tickets of day 3 share the instant.
    const created = (await rows('created', 'asc')).map((r) => r.ticketid);
    expect(created[0]).toBe(tk.pendingTg.id);
    expect(created.slice(3)).toEqual(sorted([tk.zedClosedWa.id, tk.ginaClosed.id]));
  });

  it('pages a filtered, sorted table with no row skipped or repeated, ties included', async () => {
    const home = await seedCompany(t);
    const sameInstant = at('2026-04-01T10:00:00Z');
    const kept: string[] = [];
    for (let i = 0; i < 23; i++) {
      // Every third ticket is created in the same instant, so the sort leans on the id at page edges.
      const createdAt = i % 3 === 0 ? sameInstant : at(`2026-04-0${2 + (i % 5)}T10:00:00Z`);
      kept.push((await addTicket(home, { platform: 'whatsapp', createdAt })).id);
      await addTicket(home, { platform: 'telegram', createdAt });
    }
    const query = 'platform=whatsapp&sort=created&dir=asc';
    const first = await get(home.adminClient, `/get-tickets?${query}`);
    expect(first.widgetData!.totalTicketsCount).toBe(23);
    const seen = idsOf(first);
    for (let offset = 10; ; offset += 10) {
      const page = await get(home.adminClient, `/${offset}/get-tickets?${query}`);
      if (page.tickets.length === 0) break;
      seen.push(...idsOf(page));
    }
    expect(seen).toHaveLength(23);
    expect(sorted(seen)).toEqual(sorted(kept));
    const rows = await t.database.db.select().from(tickets).where(inArray(tickets.id, kept));
    const expected = rows
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((r) => r.id);
    expect(seen).toEqual(expected);
  });

  it('refuses bad filters and sorts with a 400 that names the problem', async () => {
    const home = await seedCompany(t);
    const cases: [string, string][] = [
      ['stage=open', 'Invalid stage: expected pending, accepted, closed'],
      ['stage=', 'Invalid stage: expected pending, accepted, closed'],
      ['platform=fax', 'Invalid platform: expected telegram, whatsapp, wordpress, viber'],
      ['department=billing', 'Invalid department: expected a department id'],
      ['agent=bob', 'Invalid agent: expected an agent id or "none"'],
      ['from=2026-02-30', 'Invalid from: expected a date as YYYY-MM-DD'],
      ['to=yesterday', 'Invalid to: expected a date as YYYY-MM-DD'],
      ['from=2026-03-05&to=2026-03-04', 'Invalid date range: from is after to'],
      ['date_field=closed', 'Invalid date_field: expected created or updated'],
      ['sort=password_hash', `Invalid sort: expected ${ADMIN_TICKETS_SORTS.join(', ')}`],
      ['sort=client&dir=up', 'Invalid dir: expected asc or desc'],
      ['stge=closed', 'Unknown filter: stge'],
    ];
    for (const [query, message] of cases) {
      expect(await home.adminClient.get(`/get-tickets?${query}`), query).toMatchObject({
        status: 400,
        body: { message },
      });
      expect(await home.adminClient.get(`/10/get-tickets?${query}`), query).toMatchObject({
        status: 400,
        body: { message },
      });
    }
  });

  it("another company's department or agent id filters to nothing, never to that company's tickets", async () => {
    const ours = await desk();
    const rival = await seedCompany(t);
    const theirAgent = await rival.addAgent({ firstName: 'Rita' });
    await addTicket(rival, { handlerId: theirAgent.user.id });
    await addTicket(rival);
    for (const query of [
      `department=${rival.department.id}`,
      `agent=${theirAgent.user.id}`,
      `department=${rival.department.id}&agent=none`,
    ]) {
      const body = await get(ours.home.adminClient, `/get-tickets?${query}`);
      expect(body.tickets, query).toEqual([]);
      expect(body.widgetData!.totalTicketsCount, query).toBe(0);
      expect((await get(ours.home.adminClient, `/0/get-tickets?${query}`)).tickets).toEqual([]);
    }
    // And the other way round: our ids in their admin's filters show them nothing of ours.
    for (const query of [`department=${ours.billing}`, `agent=${ours.gina.user.id}`]) {
      const body = await get(rival.adminClient, `/get-tickets?${query}`);
      expect(body.tickets, query).toEqual([]);
      expect(body.widgetData!.totalTicketsCount, query).toBe(0);
    }
  });

  it('keeps an agent to their department and own tickets, whatever they filter by', async () => {
    const { home, billing, gina, zed, tk } = await desk();
    // A Billing ticket Gina (General) handles: visible to her though its department is not hers.
    const handledInBilling = await addTicket(home, { departmentId: billing, handlerId: gina.user.id });
    const ids = async (query: string) => sorted(idsOf(await get(gina.client, `/get-tickets?${query}`)));
    expect(await ids(`department=${billing}`)).toEqual([handledInBilling.id]);
    expect(await ids(`agent=${zed.user.id}`)).toEqual([]);
    expect(await ids('platform=whatsapp')).toEqual([]);
    expect(await ids('agent=none')).toEqual([tk.pendingTg.id]);
    const widgets = (await get(gina.client, `/get-tickets?stage=closed`)).widgetData!;
    expect(widgets.totalTicketsCount).toBe(1);
    // Zed (Billing) sees the Billing pending ticket, not General's.
    expect(sorted(idsOf(await get(zed.client, '/get-tickets?agent=none')))).toEqual([tk.pendingWaBilling.id]);
  });
});
