import type { Client, ClientPanel, Ticket } from '@kreechat/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { clientIdentities, tickets } from '../../db/schema';
import { startWordpressWorld, type Visitor } from '../../../test/wordpress-world';

/**
 * A widget guest types a name and an e-mail; nobody checked them. Agents must be able to tell such a visitor from the
 * one the site signed in with the same e-mail, and nothing may join the two.
 */
let world: Awaited<ReturnType<typeof startWordpressWorld>> | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function write(visitor: Visitor, text: string) {
  const sent = await visitor.send(text);
  expect(sent.status).toBe(200);
  return sent.body.message as { ticketId: string };
}

const clientOf = async (ticketId: string) =>
  (await world!.t.database.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!.clientId;

describe('a WordPress guest is never the signed-in visitor whose e-mail they typed', () => {
  it('gets a client of their own, marked not verified on every payload agents read', async () => {
    world = await startWordpressWorld();
    const { adminClient } = world;
    const alice = await world.visitor({ identity: world.identity('alice@site.test', 'Alice Signed') });
    const guest = await world.visitor({ guest: { name: 'Alice Signed', email: 'Alice@Site.test' } });
    const aliceTicket = (await write(alice, 'From the real Alice')).ticketId;
    const guestTicket = (await write(guest, 'From someone who typed her e-mail')).ticketId;

    const aliceId = await clientOf(aliceTicket);
    const guestId = await clientOf(guestTicket);
    expect(guestId).not.toBe(aliceId);
    expect(guestTicket).not.toBe(aliceTicket);
    const identities = await world.t.database.db
      .select({ clientId: clientIdentities.clientId, verified: clientIdentities.verified })
      .from(clientIdentities)
      .where(eq(clientIdentities.companyId, world.company.id));
    expect(identities).toHaveLength(2);
    expect(identities).toEqual(
      expect.arrayContaining([
        { clientId: aliceId, verified: true },
        { clientId: guestId, verified: false },
      ]),
    );

    // The ticket list (cards), and a ticket as one call answers it (the chat header reads the same shape).
    const open = (await adminClient.get('/tickets')).body as Ticket[];
    const byId = new Map(open.map((x) => [x.ticketid, x]));
    expect(byId.get(aliceTicket)).toMatchObject({ client_email: 'alice@site.test', client_verified: true });
    expect(byId.get(guestTicket)).toMatchObject({ client_email: 'alice@site.test', client_verified: false });
    const accepted = await adminClient.post('/acceptTicket', { ticketid: guestTicket });
    expect(accepted.status).toBe(200);
    expect(accepted.body.ticket).toMatchObject({ ticketid: guestTicket, client_verified: false });
    const search = (await adminClient.get('/search-ticket/Alice/open')).body as Ticket[];
    expect(search.map((x) => [x.ticketid, x.client_verified]).sort()).toEqual(
      [
        [aliceTicket, true],
        [guestTicket, false],
      ].sort(),
    );

    // The client panel: the client and each identity.
    const guestPanel = (await adminClient.get(`/${guestId}/get-client-panel`)).body as ClientPanel;
    expect(guestPanel.client.verified).toBe(false);
    expect(guestPanel.identities).toEqual([
      expect.objectContaining({ platform: 'wordpress', kind: 'email', value: 'alice@site.test', verified: false }),
    ]);
    const alicePanel = (await adminClient.get(`/${aliceId}/get-client-panel`)).body as ClientPanel;
    expect(alicePanel.client.verified).toBe(true);
    expect(alicePanel.identities).toEqual([expect.objectContaining({ value: 'alice@site.test', verified: true })]);
    expect(alicePanel.tickets.map((x) => x.ticketid)).toEqual([aliceTicket]);

    // The admin clients list, a page of it, the search and the profile.
    const overview = (await adminClient.get('/admin/get-all-clients')).body as { clients: Client[] };
    const listed = new Map(overview.clients.map((c) => [c.clientid, c.verified]));
    expect(listed).toEqual(
      new Map([
        [aliceId, true],
        [guestId, false],
      ]),
    );
    const page = (await adminClient.get('/0/get-clients')).body as Client[];
    expect(page.find((c) => c.clientid === guestId)?.verified).toBe(false);
    const found = (await adminClient.get('/Alice/search-clients')).body as Client[];
    expect(new Map(found.map((c) => [c.clientid, c.verified]))).toEqual(listed);
    const guestShort = overview.clients.find((c) => c.clientid === guestId)!.short_id;
    expect((await adminClient.get(`/admin/${guestShort}/get-client`)).body.client).toMatchObject({
      clientid: guestId,
      verified: false,
    });
    expect((await adminClient.get(`/admin/${aliceId}/get-client`)).body.client.verified).toBe(true);

    // An edit and a block answer (and announce) the client with its mark too.
    const blocked = await adminClient.post(`/admin/${guestId}/block`);
    expect(blocked.status).toBe(200);
    const edited = await adminClient.put('/auth/update-client', {
      clientid: guestId,
      client_name: 'Alice?',
      address: 'Nowhere',
      account_number: 'A-1',
      note: 'typed her e-mail',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ clientid: guestId, verified: false });
  });

  it("the agents' WordPress calls by site token and e-mail never reach a guest's ticket", async () => {
    world = await startWordpressWorld();
    const agent = await world.addAgent();
    const named = { companyWordpressToken: world.tokenId, clientEmail: 'alice@site.test' };
    const acceptBody = {
      company_wordpress_token: world.tokenId,
      companyid: world.company.id,
      client_email: 'alice@site.test',
    };

    // Only a guest has written with Alice's e-mail: nothing answers to it.
    const guest = await world.visitor({ guest: { name: 'Alice', email: 'alice@site.test' } });
    const guestTicket = (await write(guest, 'I am Alice, honest')).ticketId;
    expect((await agent.client.post('/accept-wordpress-ticket', acceptBody)).status).toBe(404);
    const history = await agent.client.get(
      `/get-kreechat-wordpress-messages?companyWordpressToken=${world.tokenId}&clientEmail=alice@site.test`,
    );
    expect(history.status).toBe(404);
    const sent = await agent.client.post(
      '/send-message-to-wordpress',
      { content: 'meant for Alice' },
      { 'x-client-email': 'alice@site.test', 'x-company-wordpress-token': world.tokenId },
    );
    expect(sent.status).toBe(404);
    expect((await agent.client.post('/close-wordpress-ticket', named)).status).toBe(404);

    // The signed-in Alice writes; the guest writes after her (their ticket is the newer): the calls reach Alice's.
    const alice = await world.visitor({ identity: world.identity('alice@site.test', 'Alice') });
    const aliceTicket = (await write(alice, 'The real Alice')).ticketId;
    await write(guest, 'Still me');
    const accepted = await agent.client.post('/accept-wordpress-ticket', acceptBody);
    expect(accepted.status).toBe(200);
    expect(accepted.body.ticket).toMatchObject({ ticketid: aliceTicket, client_verified: true });
    const aliceHistory = await agent.client.get(
      `/get-kreechat-wordpress-messages?companyWordpressToken=${world.tokenId}&clientEmail=Alice@site.test`,
    );
    const texts = aliceHistory.body.sections.flatMap((s: { messages: { content: string }[] }) =>
      s.messages.map((m) => m.content),
    );
    expect(texts).toContain('The real Alice');
    expect(texts).not.toContain('I am Alice, honest');
    expect(texts).not.toContain('Still me');
    expect((await agent.client.post('/close-wordpress-ticket', named)).body.ticket.ticketid).toBe(aliceTicket);
    const guestRow = (await world.t.database.db.select().from(tickets).where(eq(tickets.id, guestTicket)))[0]!;
    expect(guestRow.stage).toBe('pending');
  });
});
