import type { Ticket } from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, messages, tickets } from '../../db/schema';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';

/*
 * What the ticket cards read from a ticket: the last message's preview (notes included) and delivery state, the
 * time and order of the conversation (notes aside), the close of a ticket only while it is closed, and the
 * closed tickets a search of the open ones leaves out.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Seeded = Awaited<ReturnType<typeof seedCompany>>;
const MIN = 60_000;

/** A Telegram ticket of a new client, accepted by `handlerId` (pending without one), created `minutesAgo`. */
async function ticketOf(home: Seeded, name: string, handlerId: string | null, minutesAgo: number) {
  const companyId = home.company.id;
  const [client] = await t.database.db
    .insert(clients)
    .values({ companyId, shortId: Math.random().toString(36).slice(2, 10), name })
    .returning();
  const at = new Date(t.clock.now().getTime() - minutesAgo * MIN);
  const [ticket] = await t.database.db
    .insert(tickets)
    .values({
      companyId,
      clientId: client!.id,
      departmentId: home.department.id,
      handlerId,
      platform: 'telegram',
      stage: handlerId ? 'accepted' : 'pending',
      createdAt: at,
      updatedAt: at,
      acceptedAt: handlerId ? at : null,
    })
    .returning();
  return ticket!;
}

async function addMessage(
  ticket: { id: string; companyId: string; clientId: string },
  values: Partial<typeof messages.$inferInsert> & { createdAt: Date },
) {
  const [row] = await t.database.db
    .insert(messages)
    .values({ companyId: ticket.companyId, ticketId: ticket.id, clientId: ticket.clientId, type: 'text', ...values })
    .returning();
  return row!;
}

const openList = async (client: Seeded['adminClient']) => (await client.get('/tickets')).body as Ticket[];

describe('ticket cards', () => {
  it('preview a note but keep the time and order of the last real message', async () => {
    const home = await seedCompany(t);
    const now = t.clock.now();
    const older = await ticketOf(home, 'Olga Older', null, 30);
    const newer = await ticketOf(home, 'Nina Newer', null, 10);
    const clientAt = new Date(now.getTime() - 30 * MIN);
    await addMessage(older, { content: 'Hello?', createdAt: clientAt });
    await addMessage(newer, { content: 'Hi', createdAt: new Date(now.getTime() - 10 * MIN) });
    const kenji = '2a41a6fe-1111-4222-8333-944455556666';
    const note = await home.adminClient.post('/send-note', {
      ticketid: older.id,
      content: `@[Kenji Sato](${kenji}) please call her`,
    });
    expect(note.status).toBe(200);

    const list = await openList(home.adminClient);
    expect(list.map((x) => x.client_name)).toEqual(['Nina Newer', 'Olga Older']);
    expect(list[1]).toMatchObject({
      last_message_type: 'note',
      last_message: `@[Kenji Sato](${kenji}) please call her`,
      last_message_id: note.body.message.messageid,
      last_message_on: clientAt.toISOString(),
    });
  });

  it("carry the last message's delivery state: a reply that failed says so", async () => {
    const home = await seedCompany(t);
    const agent = await home.addAgent({ firstName: 'Fay' });
    const ticket = await ticketOf(home, 'Dora Document', agent.user.id, 5);
    const failed = await addMessage(ticket, {
      type: 'document',
      isAgent: true,
      createdById: agent.user.id,
      deliveryStatus: 'failed',
      deliveryError: 'The Telegram bot is no longer connected',
      createdAt: t.clock.now(),
    });
    const [card] = await openList(agent.client);
    expect(card).toMatchObject({
      last_message_type: 'document',
      last_message_id: failed.id,
      last_message_status: 'failed',
      last_message_on: failed.createdAt.toISOString(),
    });
  });

  it('list the close of a reopened ticket nowhere once it is accepted again', async () => {
    const home = await seedCompany(t);
    const agent = await home.addAgent({ firstName: 'Rex' });
    const ticket = await ticketOf(home, 'Rita Reopened', agent.user.id, 60);
    expect((await agent.client.post('/close-ticket', { ticketid: ticket.id })).status).toBe(200);
    t.clock.advance(MIN);
    expect((await agent.client.post('/reopen-ticket', { ticketid: ticket.id })).status).toBe(200);
    const accepted = await agent.client.post('/acceptTicket', { ticketid: ticket.id });
    expect(accepted.body.ticket).toMatchObject({ stage: 'accepted', closed_on: null, closed_by_name: null });
    const [card] = await openList(agent.client);
    expect(card).toMatchObject({ ticketid: ticket.id, closed_on: null, closed_by_name: null });
  });

  it('find a closed ticket only in a search of the closed ones (the open search offers them)', async () => {
    const home = await seedCompany(t);
    const agent = await home.addAgent({ firstName: 'Sam' });
    const ticket = await ticketOf(home, 'Anna Kowalska', agent.user.id, 60);
    expect((await agent.client.post('/close-ticket', { ticketid: ticket.id })).status).toBe(200);
    expect((await agent.client.get('/search-ticket/anna/open')).body).toEqual([]);
    const closed = (await agent.client.get('/search-ticket/anna/closed')).body as Ticket[];
    expect(closed.map((x) => x.ticketid)).toEqual([ticket.id]);
    // Another company's agent finds nothing of it.
    const other = await seedCompany(t, { name: 'Other Co' });
    expect((await other.adminClient.get('/search-ticket/anna/closed')).body).toEqual([]);
  });
});
