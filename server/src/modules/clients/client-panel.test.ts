import { CLIENT_NOT_FOUND, CLIENT_PANEL_TICKETS_PAGE, type ClientPanel } from '@kreechat/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdentities, clients, tickets } from '../../db/schema';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);
let serial = 0;

async function addClient(companyId: string, values: Partial<typeof clients.$inferInsert> = {}) {
  serial += 1;
  const [row] = await t.database.db
    .insert(clients)
    .values({
      companyId,
      shortId: `P${serial.toString(36).toUpperCase().padStart(7, '0')}`,
      name: `Client ${serial}`,
      createdAt: new Date(START),
      ...values,
    })
    .returning();
  return row!;
}

type TicketValues = Partial<typeof tickets.$inferInsert> & { departmentId: string };
async function addTicket(companyId: string, clientId: string, values: TicketValues) {
  const [row] = await t.database.db
    .insert(tickets)
    .values({ companyId, clientId, platform: 'telegram', stage: 'pending', ...values })
    .returning();
  return row!;
}

/** Every ticket id of the panel, page after page as "Show more" asks. */
async function allTicketIds(get: (url: string) => Promise<{ status: number; body: ClientPanel }>, clientId: string) {
  const ids: string[] = [];
  let url = `/${clientId}/get-client-panel`;
  for (;;) {
    const reply = await get(url);
    expect(reply.status).toBe(200);
    ids.push(...reply.body.tickets.map((x) => x.ticketid));
    if (!reply.body.next_before) return ids;
    url = `/${clientId}/get-client-panel?before=${reply.body.next_before}`;
  }
}

describe('client panel', () => {
  it('answers who the client is: identities, counts, ratings and their tickets newest first', async () => {
    const { company, department, admin, adminClient } = await seedCompany(t);
    const billing = await t.services.departments.create(company.id, 'Billing');
    const ana = await t.database.db.transaction((tx) =>
      t.services.clients.findOrCreateByIdentity(tx, company.id, 'wordpress', {
        externalId: 'tok123:ana@example.com',
        name: 'Ana',
        email: 'ana@example.com',
      }),
    );
    // As if Ana had come by the site first and by Telegram and WhatsApp later (the identity's own clock is now()).
    await t.database.db
      .update(clientIdentities)
      .set({ createdAt: new Date(START) })
      .where(eq(clientIdentities.clientId, ana.id));
    await t.database.db.insert(clientIdentities).values([
      {
        companyId: company.id,
        clientId: ana.id,
        platform: 'telegram',
        externalId: '5512345',
        username: 'ana_tg',
        createdAt: new Date(START + DAY),
      },
      {
        companyId: company.id,
        clientId: ana.id,
        platform: 'whatsapp',
        externalId: '447700900123',
        createdAt: new Date(START + 2 * DAY),
      },
    ]);
    await t.database.db
      .update(clients)
      .set({ accountNumber: 'ACC-7', blocked: true, reopenedCount: 1 })
      .where(eq(clients.id, ana.id));
    const old = await addTicket(company.id, ana.id, {
      departmentId: department.id,
      handlerId: admin.id,
      stage: 'closed',
      platform: 'wordpress',
      createdAt: new Date(START + 3 * DAY),
      closedAt: new Date(START + 4 * DAY),
      rating: 4,
    });
    const middle = await addTicket(company.id, ana.id, {
      departmentId: billing.id,
      handlerId: admin.id,
      stage: 'closed',
      createdAt: new Date(START + 5 * DAY),
      closedAt: new Date(START + 6 * DAY),
      rating: 5,
    });
    const open = await addTicket(company.id, ana.id, {
      departmentId: department.id,
      platform: 'whatsapp',
      createdAt: new Date(START + 7 * DAY),
    });

    const reply = await adminClient.get(`/${ana.id}/get-client-panel`);
    expect(reply.status).toBe(200);
    const panel = reply.body as ClientPanel;
    expect(panel.client).toMatchObject({
      clientid: ana.id,
      short_id: ana.shortId,
      client_name: 'Ana',
      account_number: 'ACC-7',
      blocked_on: true,
      count_ticket_reopened: 1,
      created_on: ana.createdAt.toISOString(),
      verified: true,
    });
    expect(panel.identities).toEqual([
      {
        platform: 'wordpress',
        kind: 'email',
        value: 'ana@example.com',
        username: null,
        since: new Date(START).toISOString(),
        verified: true,
      },
      {
        platform: 'telegram',
        kind: 'chat_id',
        value: '5512345',
        username: 'ana_tg',
        since: new Date(START + DAY).toISOString(),
        verified: true,
      },
      {
        platform: 'whatsapp',
        kind: 'phone',
        value: '+447700900123',
        username: null,
        since: new Date(START + 2 * DAY).toISOString(),
        verified: true,
      },
    ]);
    expect(panel.counts).toEqual({ tickets: 3, open: 1, rated: 2 });
    expect(panel.average_rating).toBe(4.5);
    expect(panel.next_before).toBeNull();
    expect(panel.tickets).toEqual([
      {
        ticketid: open.id,
        stage: 'pending',
        platform: 'whatsapp',
        department_name: 'General',
        user_name: null,
        created_on: new Date(START + 7 * DAY).toISOString(),
        closed_on: null,
        rating: null,
      },
      {
        ticketid: middle.id,
        stage: 'closed',
        platform: 'telegram',
        department_name: 'Billing',
        user_name: 'Ada Admin',
        created_on: new Date(START + 5 * DAY).toISOString(),
        closed_on: new Date(START + 6 * DAY).toISOString(),
        rating: 5,
      },
      {
        ticketid: old.id,
        stage: 'closed',
        platform: 'wordpress',
        department_name: 'General',
        user_name: 'Ada Admin',
        created_on: new Date(START + 3 * DAY).toISOString(),
        closed_on: new Date(START + 4 * DAY).toISOString(),
        rating: 4,
      },
    ]);
  });

  it('answers for a client with no tickets and no identity, with nulls rather than zeros where nothing is known', async () => {
    const { company, addAgent } = await seedCompany(t);
    const quiet = await addClient(company.id, { name: 'Quiet' });
    const { client: agent } = await addAgent();
    const reply = await agent.get(`/${quiet.id}/get-client-panel`);
    expect(reply).toMatchObject({
      status: 200,
      body: {
        client: { clientid: quiet.id, account_number: null, blocked_on: false },
        identities: [],
        counts: { tickets: 0, open: 0, rated: 0 },
        average_rating: null,
        tickets: [],
        next_before: null,
      },
    });
  });

  it('pages the tickets by a keyset: every ticket once, in order, even when a new one arrives between pages', async () => {
    const { company, department, adminClient } = await seedCompany(t);
    const busy = await addClient(company.id);
    const made = [];
    // Two tickets in the same instant still page in one order (id breaks the tie).
    for (let i = 0; i < 45; i++) {
      made.push(
        await addTicket(company.id, busy.id, {
          departmentId: department.id,
          createdAt: new Date(START + Math.min(i, 43) * 60_000),
        }),
      );
    }
    const expected = [...made]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((x) => x.id);

    const first = await adminClient.get(`/${busy.id}/get-client-panel`);
    expect(first.body.tickets).toHaveLength(CLIENT_PANEL_TICKETS_PAGE);
    expect(first.body.counts.tickets).toBe(45);
    // A ticket opened after the first page was read is not on the later pages and pushes nothing off them.
    await addTicket(company.id, busy.id, { departmentId: department.id, createdAt: new Date(START + DAY) });
    const second = await adminClient.get(`/${busy.id}/get-client-panel?before=${first.body.next_before}`);
    const third = await adminClient.get(`/${busy.id}/get-client-panel?before=${second.body.next_before}`);
    expect(third.body.next_before).toBeNull();
    const ids = [...first.body.tickets, ...second.body.tickets, ...third.body.tickets].map(
      (x: { ticketid: string }) => x.ticketid,
    );
    expect(ids).toEqual(expected);
    expect(await allTicketIds((url) => adminClient.get(url), busy.id)).toHaveLength(46);

    expect(await adminClient.get(`/${busy.id}/get-client-panel?before=nope`)).toMatchObject({
      status: 400,
      body: { message: 'Invalid ticket ID' },
    });
    // Another client's ticket is no cursor here: an empty page, never that client's neighbours.
    const other = await addClient(company.id);
    const foreign = await addTicket(company.id, other.id, { departmentId: department.id });
    expect((await adminClient.get(`/${busy.id}/get-client-panel?before=${foreign.id}`)).body.tickets).toEqual([]);
  });

  it("shows an agent the client's tickets of their department and their own, moderators and admins all", async () => {
    const { company, department, addAgent, adminClient } = await seedCompany(t);
    const billing = await t.services.departments.create(company.id, 'Billing');
    const gina = await addAgent({ firstName: 'Gina' });
    const otto = await addAgent({ firstName: 'Otto', departmentId: billing.id });
    const mona = await addAgent({ firstName: 'Mona', role: 'moderator', departmentId: billing.id });
    const ivan = await addClient(company.id);
    const general = await addTicket(company.id, ivan.id, { departmentId: department.id, rating: 2, stage: 'closed' });
    const inBilling = await addTicket(company.id, ivan.id, { departmentId: billing.id, rating: 5, stage: 'closed' });
    // Handled by Gina, then moved to Billing: still hers to see.
    const ginas = await addTicket(company.id, ivan.id, {
      departmentId: billing.id,
      handlerId: gina.user.id,
      stage: 'accepted',
      createdAt: new Date(START + DAY),
    });

    const seen = async (client: typeof adminClient) => {
      const reply = await client.get(`/${ivan.id}/get-client-panel`);
      expect(reply.status).toBe(200);
      const panel = reply.body as ClientPanel;
      return {
        ids: panel.tickets.map((x) => x.ticketid).sort(),
        tickets: panel.counts.tickets,
        average: panel.average_rating,
      };
    };
    const sorted = (...ids: string[]) => ids.sort();
    expect({
      gina: await seen(gina.client),
      otto: await seen(otto.client),
      mona: await seen(mona.client),
      admin: await seen(adminClient),
    }).toEqual({
      gina: { ids: sorted(general.id, ginas.id), tickets: 2, average: 2 },
      otto: { ids: sorted(inBilling.id, ginas.id), tickets: 2, average: 5 },
      mona: { ids: sorted(general.id, inBilling.id, ginas.id), tickets: 3, average: 3.5 },
      admin: { ids: sorted(general.id, inBilling.id, ginas.id), tickets: 3, average: 3.5 },
    });
  });

  it("is company-scoped: another company's client is not found, by anyone there", async () => {
    const home = await seedCompany(t, { name: 'Home' });
    const rival = await seedCompany(t, { name: 'Rival' });
    const ivan = await addClient(home.company.id);
    await addTicket(home.company.id, ivan.id, { departmentId: home.department.id });
    const rivalAgent = await rival.addAgent();
    for (const client of [rival.adminClient, rivalAgent.client]) {
      expect(await client.get(`/${ivan.id}/get-client-panel`)).toMatchObject({
        status: 404,
        body: { message: CLIENT_NOT_FOUND },
      });
    }
    expect(await t.client().get(`/${ivan.id}/get-client-panel`)).toMatchObject({ status: 401 });
    expect(await home.adminClient.get('/not-a-uuid/get-client-panel')).toMatchObject({
      status: 400,
      body: { message: 'Invalid client ID!' },
    });
  });
});
