import { BUBBLE_NOT_FOUND, BUBBLES_LIMIT } from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bubbles } from '../../db/schema';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';
import { connectLive } from '../../../test/live';

let t: TestApp;
beforeAll(async () => {
  // Listening, so the live-event test can open real sockets.
  t = await startTestApp({}, { listen: true });
});
afterAll(async () => t?.close());

const MINUTE = 60_000;

describe('bubbles', () => {
  it('creates, lists newest first, edits and deletes the own bubbles, trimming both fields', async () => {
    const { addAgent } = await seedCompany(t);
    const { client } = await addAgent();
    expect((await client.get('/bubbles')).body).toEqual([]);

    const first = await client.post('/create-bubble', { name: '  Greeting ', content: '  Hello, how can I help?\n' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ bubbleid: expect.any(String), name: 'Greeting', content: 'Hello, how can I help?' });
    t.clock.advance(MINUTE);
    const second = await client.post('/create-bubble', { name: 'Bye', content: 'Have a nice day!' });
    expect((await client.get('/bubbles')).body).toEqual([second.body, first.body]);

    const edited = await client.post(`/${first.body.bubbleid}/edit-bubble`, { name: 'Hi', content: ' Hi there ' });
    expect(edited).toMatchObject({
      status: 200,
      body: { bubbleid: first.body.bubbleid, name: 'Hi', content: 'Hi there' },
    });

    const deleted = await client.del(`/${second.body.bubbleid}/delete-bubble`);
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Bubble deleted' } });
    expect((await client.get('/bubbles')).body).toEqual([edited.body]);
    expect((await client.del(`/${second.body.bubbleid}/delete-bubble`)).status).toBe(404);
  });

  it('refuses empty, blank, missing and too long fields with a message naming the field', async () => {
    const { addAgent } = await seedCompany(t);
    const { client } = await addAgent();
    const cases: [unknown, string][] = [
      [{ name: '   ', content: 'Text' }, 'Bubble name is required'],
      [{ content: 'Text' }, 'Bubble name is required'],
      [{ name: 'Name', content: ' \n ' }, 'Bubble content is required'],
      [{ name: 'Name' }, 'Bubble content is required'],
      [{ name: 'x'.repeat(101), content: 'Text' }, 'Bubble name is too long'],
      [{ name: 'Name', content: 'x'.repeat(4097) }, 'Bubble content is too long'],
    ];
    for (const [body, message] of cases) {
      expect(await client.post('/create-bubble', body)).toMatchObject({ status: 400, body: { message } });
    }
    const made = await client.post('/create-bubble', { name: 'x'.repeat(100), content: 'y'.repeat(4096) });
    expect(made.status).toBe(200);
    const blank = await client.post(`/${made.body.bubbleid}/edit-bubble`, { name: 'Name', content: '  ' });
    expect(blank).toMatchObject({ status: 400, body: { message: 'Bubble content is required' } });
    expect((await client.post('/not-an-id/edit-bubble', { name: 'A', content: 'B' })).status).toBe(400);
    expect((await client.get('/bubbles')).body).toEqual([made.body]);
  });

  it('keeps bubbles private: a colleague and another company get 404 and never list them', async () => {
    const home = await seedCompany(t);
    const owner = await home.addAgent();
    const colleague = await home.addAgent({ firstName: 'Carol' });
    const rival = await seedCompany(t);
    const bubble = (await owner.client.post('/create-bubble', { name: 'Secret', content: 'Mine only' })).body;
    await colleague.client.post('/create-bubble', { name: 'Theirs', content: 'Colleague bubble' });

    for (const other of [colleague.client, home.adminClient, rival.adminClient]) {
      const edit = await other.post(`/${bubble.bubbleid}/edit-bubble`, { name: 'Taken', content: 'Over' });
      expect(edit).toMatchObject({ status: 404, body: { message: BUBBLE_NOT_FOUND } });
      const del = await other.del(`/${bubble.bubbleid}/delete-bubble`);
      expect(del).toMatchObject({ status: 404, body: { message: BUBBLE_NOT_FOUND } });
      const ids = (await other.get('/bubbles')).body.map((b: { bubbleid: string }) => b.bubbleid);
      expect(ids).not.toContain(bubble.bubbleid);
    }
    expect((await owner.client.get('/bubbles')).body).toEqual([bubble]);
  });

  it('answers 401 to a stranger on every bubble call', async () => {
    const stranger = t.client();
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await stranger.get('/bubbles')).status).toBe(401);
    expect((await stranger.post('/create-bubble', { name: 'A', content: 'B' })).status).toBe(401);
    expect((await stranger.post(`/${id}/edit-bubble`, { name: 'A', content: 'B' })).status).toBe(401);
    expect((await stranger.del(`/${id}/delete-bubble`)).status).toBe(401);
  });

  it(`caps the list at ${BUBBLES_LIMIT}, newest first`, async () => {
    const { addAgent, company } = await seedCompany(t);
    const { client, user } = await addAgent();
    const start = t.clock.now().getTime();
    await t.database.db.insert(bubbles).values(
      Array.from({ length: BUBBLES_LIMIT + 5 }, (_, i) => ({
        companyId: company.id,
        userId: user.id,
        name: `Bubble ${i}`,
        content: 'Text',
        createdAt: new Date(start + i * 1000),
      })),
    );
    const list = (await client.get('/bubbles')).body;
    expect(list).toHaveLength(BUBBLES_LIMIT);
    expect(list[0].name).toBe(`Bubble ${BUBBLES_LIMIT + 4}`);
  });

  it("sends bubble events to the owner's other sockets and to no colleague's", async () => {
    const home = await seedCompany(t);
    const owner = await home.addAgent();
    const colleague = await home.addAgent({ firstName: 'Carol' });
    const ownTab = await connectLive(t.baseUrl, owner.client);
    const colleagueTab = await connectLive(t.baseUrl, colleague.client);
    const adminTab = await connectLive(t.baseUrl, home.adminClient);
    try {
      expect([ownTab.connected, colleagueTab.connected, adminTab.connected]).toEqual([true, true, true]);

      const created = (await owner.client.post('/create-bubble', { name: 'Live', content: 'Fresh' })).body;
      expect(await ownTab.waitFor('newBubble')).toEqual({ bubble: created });

      const edited = (await owner.client.post(`/${created.bubbleid}/edit-bubble`, { name: 'Live', content: 'New' }))
        .body;
      expect(await ownTab.waitFor('updateBubble')).toEqual({ bubble: edited });

      await owner.client.del(`/${created.bubbleid}/delete-bubble`);
      expect(await ownTab.waitFor('deleteBubble')).toEqual({ bubbleid: created.bubbleid });

      // The colleague's own bubble reaches the colleague, which also shows their socket was listening all along.
      await colleague.client.post('/create-bubble', { name: 'Theirs', content: 'Only theirs' });
      await colleagueTab.waitFor('newBubble');
      const bubbleEvents = ['newBubble', 'updateBubble', 'deleteBubble'] as const;
      expect(bubbleEvents.flatMap((e) => colleagueTab.of(e))).toHaveLength(1);
      expect(bubbleEvents.flatMap((e) => adminTab.of(e))).toEqual([]);
      expect(ownTab.of('newBubble')).toHaveLength(1);
    } finally {
      ownTab.close();
      colleagueTab.close();
      adminTab.close();
    }
  });
});
