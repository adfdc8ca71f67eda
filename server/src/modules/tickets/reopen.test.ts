import { NOT_TICKET_HANDLER, TICKET_NOT_CLOSED, TICKET_NOT_FOUND } from '@kreechat/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRecords, clients, messages, tickets } from '../../db/schema';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';
import { connectLive } from '../../../test/live';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
});
afterAll(async () => t?.close());

type Seeded = Awaited<ReturnType<typeof seedCompany>>;

/** A ticket of a client of the company, accepted by `handlerId` and then closed by them through the API. */
async function closedTicket(home: Seeded, handler: Awaited<ReturnType<Seeded['addAgent']>>) {
  const companyId = home.company.id;
  const [client] = await t.database.db
    .insert(clients)
    .values({ companyId, shortId: Math.random().toString(36).slice(2, 10), name: 'Ivan Client' })
    .returning();
  const now = t.clock.now();
  const [ticket] = await t.database.db
    .insert(tickets)
    .values({
      companyId,
      clientId: client!.id,
      departmentId: home.department.id,
      handlerId: handler.user.id,
      platform: 'telegram',
      stage: 'accepted',
      createdAt: now,
      updatedAt: now,
      acceptedAt: now,
    })
    .returning();
  const closed = await handler.client.post('/close-ticket', { ticketid: ticket!.id });
  expect(closed.status).toBe(200);
  t.clock.advance(60_000);
  return ticket!;
}

const reopen = (client: { post: Seeded['adminClient']['post'] }, ticketid: string) =>
  client.post('/reopen-ticket', { ticketid });

describe('reopen-ticket', () => {
  it("lets the handler reopen their closed ticket: back to pending, with the client's reopen note and action", async () => {
    const home = await seedCompany(t);
    const gina = await home.addAgent({ firstName: 'Gina' });
    const colleague = await home.addAgent({ firstName: 'Carl' });
    const ticket = await closedTicket(home, gina);
    const watcher = await connectLive(t.baseUrl, colleague.client);
    try {
      const reply = await reopen(gina.client, ticket.id);
      expect(reply.status).toBe(200);
      expect(reply.body.ticket).toMatchObject({
        ticketid: ticket.id,
        stage: 'pending',
        accepted: false,
        userid: null,
        departmentid: home.department.id,
      });
      expect(reply.body.ticket.reopened_on).toBe(t.clock.now().toISOString());

      // The department hears it as a client's reopen: the ticket, then its note.
      const event = await watcher.waitFor('newTicket', (p) => p.ticket.ticketid === ticket.id);
      expect(event.reopenTicket).toBe(true);
      const note = await watcher.waitFor('newMessage', (p) => p.message.ticketid === ticket.id);
      expect(note.message).toMatchObject({ type: 'reopen', content: 'Ticket reopened' });
    } finally {
      watcher.close();
    }

    const rows = await t.database.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(rows.map((m) => m.type).sort()).toEqual(['close', 'reopen']);
    const [action] = await t.database.db
      .select()
      .from(actionRecords)
      .where(and(eq(actionRecords.ticketId, ticket.id), eq(actionRecords.actionType, 'ticket_reopen')));
    expect(action).toMatchObject({ userId: gina.user.id, companyId: home.company.id });
    const [client] = await t.database.db.select().from(clients).where(eq(clients.id, ticket.clientId));
    expect(client!.reopenedCount).toBe(1);

    // Open again: a second reopen is a conflict; the handler accepts it like any pending ticket.
    expect(await reopen(gina.client, ticket.id)).toMatchObject({ status: 409, body: { message: TICKET_NOT_CLOSED } });
    expect((await gina.client.post('/acceptTicket', { ticketid: ticket.id })).status).toBe(200);
    expect(await reopen(gina.client, ticket.id)).toMatchObject({ status: 409, body: { message: TICKET_NOT_CLOSED } });
  });

  it("lets an admin and a moderator reopen anyone's closed ticket", async () => {
    const home = await seedCompany(t);
    const gina = await home.addAgent({ firstName: 'Gina' });
    const moderator = await home.addAgent({ role: 'moderator' });
    const first = await closedTicket(home, gina);
    const second = await closedTicket(home, gina);
    const byAdmin = await reopen(home.adminClient, first.id);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.ticket.stage).toBe('pending');
    const byModerator = await reopen(moderator.client, second.id);
    expect(byModerator.status).toBe(200);
    const [action] = await t.database.db
      .select()
      .from(actionRecords)
      .where(and(eq(actionRecords.ticketId, second.id), eq(actionRecords.actionType, 'ticket_reopen')));
    expect(action!.userId).toBe(moderator.user.id);
  });

  it("refuses another agent (403 in the department, 404 outside it) and another company's users (404)", async () => {
    const home = await seedCompany(t);
    const gina = await home.addAgent({ firstName: 'Gina' });
    const colleague = await home.addAgent({ firstName: 'Carl' });
    const billing = (await home.adminClient.post('/admin/create-department', { department_name: 'Billing' })).body
      .departmentid as string;
    const outsider = await home.addAgent({ firstName: 'Otto', departmentId: billing });
    const rival = await seedCompany(t, { name: 'Rival' });
    const ticket = await closedTicket(home, gina);

    expect(await reopen(colleague.client, ticket.id)).toMatchObject({
      status: 403,
      body: { message: NOT_TICKET_HANDLER },
    });
    expect(await reopen(outsider.client, ticket.id)).toMatchObject({
      status: 404,
      body: { message: TICKET_NOT_FOUND },
    });
    expect(await reopen(rival.adminClient, ticket.id)).toMatchObject({
      status: 404,
      body: { message: TICKET_NOT_FOUND },
    });
    expect((await reopen(home.adminClient, 'not-a-uuid')).status).toBe(400);

    // Nothing changed for the refusals.
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ stage: 'closed', handlerId: gina.user.id, reopenedAt: null });
  });
});
