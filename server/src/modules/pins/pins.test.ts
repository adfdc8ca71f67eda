import { MESSAGE_NOT_FOUND, TICKET_NOT_FOUND } from '@kreechat/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../db/schema';
import { ticketWithChat } from '../../../test/chat-world';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';
import { connectLive } from '../../../test/live';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
});
afterAll(async () => t?.close());

const MINUTE = 60_000;

describe('pins', () => {
  it('pins from the database (not the body), lists oldest first, is idempotent, and unpins by id or time', async () => {
    const home = await seedCompany(t);
    const { ticketId, messageIds } = await ticketWithChat(t, home.company.id, ['Hello', 'My order 42', 'Thanks']);
    const agent = await home.addAgent({ firstName: 'Pia' });
    expect((await agent.client.get(`/${ticketId}/get-pinned-msg`)).body).toEqual([]);

    const pinned = await agent.client.post(`/${ticketId}/pin-message`, {
      ticketid: ticketId,
      messageid: messageIds[1],
      content: 'forged text',
      type: 'image',
      agentid: 'someone-else',
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.pin).toEqual({
      pinid: expect.any(String),
      ticketid: ticketId,
      messageid: messageIds[1],
      message_seq: expect.any(Number),
      message_created_on: expect.any(String),
      type: 'text',
      content: 'My order 42',
      fileName: null,
      username: 'Pia Agent',
      created_on: t.clock.now().toISOString(),
    });

    t.clock.advance(MINUTE);
    const again = await agent.client.post(`/${ticketId}/pin-message`, { messageid: messageIds[1] });
    expect(again).toMatchObject({ status: 200, body: { pin: pinned.body.pin } });
    const first = (await home.adminClient.post(`/${ticketId}/pin-message`, { messageid: messageIds[0] })).body.pin;
    expect(first.username).toBe('Ada Admin');

    const list = await agent.client.get(`/${ticketId}/get-pinned-msg?created_on=2026-03-02`);
    expect(list).toMatchObject({ status: 200, body: [pinned.body.pin, first] });

    const byTime = await agent.client.post(`/${ticketId}/unpin-message`, {
      ticket_created_on: '2026-03-02',
      createdOn: pinned.body.pin.message_created_on,
    });
    expect(byTime).toMatchObject({ status: 200, body: { ticketid: ticketId, messageid: messageIds[1] } });
    const byId = await agent.client.post(`/${ticketId}/unpin-message`, { messageid: messageIds[0] });
    expect(byId).toMatchObject({ status: 200, body: { ticketid: ticketId, messageid: messageIds[0] } });
    // Unpinning again changes nothing and is not an error.
    expect((await agent.client.post(`/${ticketId}/unpin-message`, { messageid: messageIds[0] })).status).toBe(200);
    expect((await agent.client.get(`/${ticketId}/get-pinned-msg`)).body).toEqual([]);
  });

  it('refuses bad input with a message', async () => {
    const home = await seedCompany(t);
    const { ticketId, messageIds } = await ticketWithChat(t, home.company.id, ['One', 'Two']);
    const { client } = await home.addAgent();
    const cases: [string, unknown, number, string][] = [
      [`/${ticketId}/pin-message`, {}, 400, 'Invalid id'],
      [`/${ticketId}/pin-message`, { messageid: 'nope' }, 400, 'Invalid id'],
      [`/not-a-ticket/pin-message`, { messageid: messageIds[0] }, 400, 'Invalid id'],
      [
        `/${ticketId}/pin-message`,
        { messageid: messageIds[0], ticketid: '00000000-0000-4000-8000-000000000000' },
        400,
        'The ticket in the body differs from the one in the path',
      ],
      [`/${ticketId}/unpin-message`, {}, 400, 'Name the message to unpin (messageid or createdOn)'],
      [`/${ticketId}/unpin-message`, { createdOn: 'yesterday' }, 400, 'Invalid createdOn'],
      [`/${ticketId}/pin-message`, { messageid: '00000000-0000-4000-8000-000000000000' }, 404, MESSAGE_NOT_FOUND],
      [`/${ticketId}/unpin-message`, { createdOn: '2020-01-01T00:00:00.000Z' }, 404, MESSAGE_NOT_FOUND],
    ];
    for (const [url, body, status, message] of cases) {
      expect(await client.post(url, body)).toMatchObject({ status, body: { message } });
    }
    // A message of another ticket is not a message of this one.
    const other = await ticketWithChat(t, home.company.id, ['Elsewhere'], 'Olga');
    const foreign = await client.post(`/${ticketId}/pin-message`, { messageid: other.messageIds[0] });
    expect(foreign).toMatchObject({ status: 404, body: { message: MESSAGE_NOT_FOUND } });
    expect((await client.get('/nope/get-pinned-msg')).status).toBe(400);
  });

  it("hides a ticket's pins from another company and another department (404) and from strangers (401)", async () => {
    const home = await seedCompany(t);
    const { ticketId, messageIds } = await ticketWithChat(t, home.company.id, ['Private']);
    await home.adminClient.post(`/${ticketId}/pin-message`, { messageid: messageIds[0] });
    const sales = await t.services.departments.create(home.company.id, 'Sales');
    const outsider = await home.addAgent({ departmentId: sales.id });
    const rival = await seedCompany(t);

    for (const other of [outsider.client, rival.adminClient]) {
      const notFound = { status: 404, body: { message: TICKET_NOT_FOUND } };
      expect(await other.get(`/${ticketId}/get-pinned-msg`)).toMatchObject(notFound);
      expect(await other.post(`/${ticketId}/pin-message`, { messageid: messageIds[0] })).toMatchObject(notFound);
      expect(await other.post(`/${ticketId}/unpin-message`, { messageid: messageIds[0] })).toMatchObject(notFound);
    }
    const stranger = t.client();
    expect((await stranger.get(`/${ticketId}/get-pinned-msg`)).status).toBe(401);
    expect((await stranger.post(`/${ticketId}/pin-message`, { messageid: messageIds[0] })).status).toBe(401);
    expect((await home.adminClient.get(`/${ticketId}/get-pinned-msg`)).body).toHaveLength(1);
  });

  it("tells the ticket's audience live, once per change, and no agent of another department", async () => {
    const home = await seedCompany(t);
    const { ticketId, messageIds } = await ticketWithChat(t, home.company.id, ['Live one', 'Live two']);
    // Made while the company has one department, so intake files it without asking the client to choose.
    const theirs = await ticketWithChat(t, home.company.id, ['Sales question'], 'Olga');
    const pinner = await home.addAgent({ firstName: 'Pia' });
    const colleague = await home.addAgent({ firstName: 'Carl' });
    const sales = await t.services.departments.create(home.company.id, 'Sales');
    const outsider = await home.addAgent({ departmentId: sales.id });
    const tabs = await Promise.all(
      [colleague.client, home.adminClient, outsider.client].map((c) => connectLive(t.baseUrl, c)),
    );
    const [colleagueTab, adminTab, outsiderTab] = tabs;
    try {
      expect(tabs.map((tab) => tab.connected)).toEqual([true, true, true]);
      const pin = (await pinner.client.post(`/${ticketId}/pin-message`, { messageid: messageIds[1] })).body.pin;
      expect(await colleagueTab!.waitFor('newPinnedMessage')).toEqual({ pin });
      expect(await adminTab!.waitFor('newPinnedMessage')).toEqual({ pin });
      await pinner.client.post(`/${ticketId}/pin-message`, { messageid: messageIds[1] });

      await pinner.client.post(`/${ticketId}/unpin-message`, { messageid: messageIds[1] });
      const removed = { ticketid: ticketId, messageid: messageIds[1] };
      expect(await colleagueTab!.waitFor('unpinMessage')).toEqual(removed);
      expect(await adminTab!.waitFor('unpinMessage')).toEqual(removed);
      await pinner.client.post(`/${ticketId}/unpin-message`, { messageid: messageIds[1] });

      // The outsider's socket works (a ticket of their own department reaches it) but saw nothing of the other.
      await t.database.db.update(tickets).set({ departmentId: sales.id }).where(eq(tickets.id, theirs.ticketId));
      await outsider.client.post(`/${theirs.ticketId}/pin-message`, { messageid: theirs.messageIds[0] });
      const own = await outsiderTab!.waitFor('newPinnedMessage');
      expect(own.pin.ticketid).toBe(theirs.ticketId);
      expect(outsiderTab!.of('newPinnedMessage')).toHaveLength(1);
      expect(outsiderTab!.of('unpinMessage')).toEqual([]);
      expect(colleagueTab!.of('newPinnedMessage')).toHaveLength(1);
      expect(colleagueTab!.of('unpinMessage')).toHaveLength(1);
    } finally {
      tabs.forEach((tab) => tab.close());
    }
  });
});
