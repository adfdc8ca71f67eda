import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_CHAT_PAGE_SIZE } from '@kreechat/contract';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';
import { connectLive } from '../../../test/live';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
});
afterAll(async () => t?.close());

describe('private chat between colleagues', () => {
  it('has no chat before the first message, then one chat for the pair, both ways, in day sections', async () => {
    const { addAgent } = await seedCompany(t);
    const ann = await addAgent({ firstName: 'Ann' });
    const bob = await addAgent({ firstName: 'Bob' });

    const before = await ann.client.get(`/${bob.user.id}/private-chat`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      chatid: null,
      sections: [],
      nextCursor: null,
      peer: { id: bob.user.id, firstName: 'Bob', lastName: 'Agent', profile_pic: null },
    });

    const sent = await ann.client.post('/create-private-msg', {
      receiverid: bob.user.id,
      content: '  Lunch at one?  ',
      type: 'text',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({
      senderid: ann.user.id,
      receiverid: bob.user.id,
      type: 'text',
      content: 'Lunch at one?',
      created_on: '2026-03-02T09:00:00.000Z',
    });
    const chatid = sent.body.message.chatid;

    // Seven hours later it is the next day in Tokyo (and still the same one in UTC): Bob answers, same chat.
    t.clock.advance(7 * 3600_000);
    const answer = await bob.client.post('/create-private-msg', { receiverid: ann.user.id, content: 'Sure' });
    expect(answer.body.message.chatid).toBe(chatid);

    const forAnn = await ann.client.get(`/${bob.user.id}/private-chat?tz=Asia/Tokyo`);
    expect(forAnn.body.chatid).toBe(chatid);
    expect(forAnn.body.sections.map((s: { date: string }) => s.date)).toEqual(['2026-03-02', '2026-03-03']);
    expect(forAnn.body.sections[1].messages.map((m: { content: string }) => m.content)).toEqual(['Sure']);
    const forBob = await bob.client.get(`/${ann.user.id}/private-chat`);
    expect(forBob.body.chatid).toBe(chatid);
    expect(forBob.body.sections.map((s: { date: string }) => s.date)).toEqual(['2026-03-02']);
    expect(forBob.body.peer.firstName).toBe('Ann');
  });

  it('pages older messages by cursor', async () => {
    const { addAgent } = await seedCompany(t);
    const ann = await addAgent();
    const bob = await addAgent();
    for (let i = 1; i <= PRIVATE_CHAT_PAGE_SIZE + 2; i++) {
      const reply = await ann.client.post('/create-private-msg', { receiverid: bob.user.id, content: `m${i}` });
      expect(reply.status).toBe(200);
    }
    const newest = await bob.client.get(`/${ann.user.id}/private-chat`);
    const contents = (body: { sections: { messages: { content: string }[] }[] }) =>
      body.sections.flatMap((s) => s.messages.map((m) => m.content));
    expect(contents(newest.body)).toHaveLength(PRIVATE_CHAT_PAGE_SIZE);
    expect(contents(newest.body).at(-1)).toBe(`m${PRIVATE_CHAT_PAGE_SIZE + 2}`);
    expect(newest.body.nextCursor).toEqual(expect.any(Number));
    const older = await bob.client.get(`/${ann.user.id}/private-chat?before=${newest.body.nextCursor}`);
    expect(contents(older.body)).toEqual(['m1', 'm2']);
    expect(older.body.nextCursor).toBeNull();
  });

  it('sends the message live to the receiver and to the sender’s own sockets, nobody else', async () => {
    const { addAgent } = await seedCompany(t);
    const ann = await addAgent({ firstName: 'Ann' });
    const bob = await addAgent();
    const carl = await addAgent();
    const carlLive = await connectLive(t.baseUrl, carl.client);
    const annLive = await connectLive(t.baseUrl, ann.client);
    const bobLive = await connectLive(t.baseUrl, bob.client);
    await ann.client.post('/create-private-msg', { receiverid: bob.user.id, content: 'Psst' });
    const got = await bobLive.waitFor('newPrivateMessage');
    expect(got.message.content).toBe('Psst');
    expect(got.sender).toEqual({ id: ann.user.id, firstName: 'Ann', lastName: 'Agent', profile_pic: null });
    await annLive.waitFor('newPrivateMessage', (p) => p.message.content === 'Psst');
    // Carl's socket got the presence events, so it was listening: the private message is not among them.
    await carlLive.waitForFlip(bob.user.id, 'online');
    expect(carlLive.of('newPrivateMessage')).toEqual([]);
    for (const live of [annLive, bobLive, carlLive]) live.close();
  });

  it('refuses empty messages, oneself, unknown ids, another company’s and disabled users', async () => {
    const { addAgent, adminClient } = await seedCompany(t);
    const ann = await addAgent();
    const bob = await addAgent();
    const empty = await ann.client.post('/create-private-msg', { receiverid: bob.user.id, content: '   ' });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Cannot send an empty message' } });
    const self = await ann.client.post('/create-private-msg', { receiverid: ann.user.id, content: 'me' });
    expect(self).toMatchObject({ status: 400, body: { message: 'You cannot chat with yourself' } });
    expect((await ann.client.get(`/${ann.user.id}/private-chat`)).status).toBe(400);
    const badId = await ann.client.post('/create-private-msg', { receiverid: 'nope', content: 'hi' });
    expect(badId.status).toBe(400);
    const badZone = await ann.client.get(`/${bob.user.id}/private-chat?tz=Mars/Olympus`);
    expect(badZone).toMatchObject({ status: 400, body: { message: 'Unknown time zone' } });

    const other = await seedCompany(t);
    const stranger = await other.addAgent();
    const foreign = await ann.client.post('/create-private-msg', { receiverid: stranger.user.id, content: 'hi' });
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Colleague not found' } });
    expect((await ann.client.get(`/${stranger.user.id}/private-chat`)).status).toBe(404);

    await ann.client.post('/create-private-msg', { receiverid: bob.user.id, content: 'before' });
    await adminClient.post('/auth/delete-agent', { userid: bob.user.id });
    const toDisabled = await ann.client.post('/create-private-msg', { receiverid: bob.user.id, content: 'hi' });
    expect(toDisabled.status).toBe(404);
    // What was said stays readable.
    const history = await ann.client.get(`/${bob.user.id}/private-chat`);
    expect(history.body.sections[0].messages[0].content).toBe('before');

    const anonymous = await t.client().post('/create-private-msg', { receiverid: bob.user.id, content: 'hi' });
    expect(anonymous.status).toBe(401);
  });
});
