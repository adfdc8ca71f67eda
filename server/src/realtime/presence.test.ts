import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, seedCompany, startTestApp, type TestApp } from '../../test/harness';
import { connectLive } from '../../test/live';
import { PRESENCE_GRACE_MS } from './realtime';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
});
afterAll(async () => t?.close());

const statusOf = async (viewer: { client: { get: (url: string) => Promise<{ body: unknown }> } }, id: string) => {
  const list = (await viewer.client.get('/auth/agents')).body as { id: string; status: string }[];
  return list.find((c) => c.id === id)?.status;
};

describe('presence: the colleagues list and userLogin / userLogout', () => {
  it('lists enabled colleagues except oneself, with department and status, online first then by name', async () => {
    const { addAgent, adminClient, company, admin } = await seedCompany(t);
    const sales = await t.services.departments.create(company.id, 'Sales');
    const zed = await addAgent({ firstName: 'Zed', departmentId: sales.id });
    const amy = await addAgent({ firstName: 'Amy' });
    const bea = await addAgent({ firstName: 'Bea' });
    const gone = await addAgent({ firstName: 'Gone' });
    await adminClient.post('/auth/delete-agent', { userid: gone.user.id });

    const zedLive = await connectLive(t.baseUrl, zed.client);
    await eventually(async () => (await statusOf(amy, zed.user.id)) === 'online');
    const list = await amy.client.get('/auth/agents');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: zed.user.id,
        firstName: 'Zed',
        lastName: 'Agent',
        department: 'Sales',
        status: 'online',
        profile_pic: null,
      },
      {
        id: admin.id,
        firstName: 'Ada',
        lastName: 'Admin',
        department: 'General',
        status: 'offline',
        profile_pic: null,
      },
      {
        id: bea.user.id,
        firstName: 'Bea',
        lastName: 'Agent',
        department: 'General',
        status: 'offline',
        profile_pic: null,
      },
    ]);
    expect((await t.client().get('/auth/agents')).status).toBe(401);
    zedLive.close();
  });

  it('announces a colleague online to the company only, survives a reload, and offline after the grace or at logout', async () => {
    const { addAgent } = await seedCompany(t);
    const watcher = await addAgent();
    const bob = await addAgent({ firstName: 'Bob' });
    const other = await seedCompany(t);
    const outsider = await other.addAgent();
    const watching = await connectLive(t.baseUrl, watcher.client);
    const outside = await connectLive(t.baseUrl, outsider.client);

    const first = await connectLive(t.baseUrl, bob.client);
    await watching.waitForFlip(bob.user.id, 'online');
    expect(watching.presence(bob.user.id)).toEqual(['online']);

    // A second tab is no news; a reload (close, reconnect within the grace) neither.
    const second = await connectLive(t.baseUrl, bob.client);
    first.close();
    const reloaded = await connectLive(t.baseUrl, bob.client);
    second.close();
    expect(await statusOf(watcher, bob.user.id)).toBe('online');
    await new Promise((resolve) => setTimeout(resolve, PRESENCE_GRACE_MS + 500));
    expect(watching.presence(bob.user.id)).toEqual(['online']);

    // The last tab closes: offline once the grace period passed, in the list and by event.
    reloaded.close();
    expect(await statusOf(watcher, bob.user.id)).toBe('online');
    await watching.waitForFlip(bob.user.id, 'offline', 1, PRESENCE_GRACE_MS + 3_000);
    expect(await statusOf(watcher, bob.user.id)).toBe('offline');

    // Back, then logging out: offline at once.
    const again = await connectLive(t.baseUrl, bob.client);
    await watching.waitForFlip(bob.user.id, 'online', 2);
    const loggedOutAt = Date.now();
    await bob.client.post('/auth/logout');
    await watching.waitForFlip(bob.user.id, 'offline', 2, PRESENCE_GRACE_MS);
    expect(Date.now() - loggedOutAt).toBeLessThan(PRESENCE_GRACE_MS);
    expect(await statusOf(watcher, bob.user.id)).toBe('offline');
    again.close();

    // Another company heard nothing about Bob.
    expect(outside.presence(bob.user.id)).toEqual([]);
    expect(outside.events.filter((e) => JSON.stringify(e.payload).includes(bob.user.id))).toEqual([]);
    watching.close();
    outside.close();
  });

  it('sends a lone flip at once and a storm of flips together, with the right count for the admins', async () => {
    const { addAgent, adminClient } = await seedCompany(t);
    const watching = await connectLive(t.baseUrl, adminClient);
    const crowd = await Promise.all(Array.from({ length: 8 }, (_, i) => addAgent({ firstName: `Crowd${i}` })));
    const tabs = await Promise.all(crowd.map((member) => connectLive(t.baseUrl, member.client)));
    for (const member of crowd) await watching.waitForFlip(member.user.id, 'online');

    // Each heard once; at most one went alone, the rest in batches (far fewer events than flips).
    for (const member of crowd) expect(watching.presence(member.user.id)).toEqual(['online']);
    const alone = watching.of('userLogin').filter((p) => crowd.some((m) => m.user.id === p.userid));
    expect(alone.length).toBeLessThanOrEqual(1);
    expect(watching.of('presenceChanged').length).toBeLessThan(crowd.length);
    await eventually(() => watching.of('totalOnlineAgents').at(-1)?.onlineAgents === crowd.length + 1);
    for (const tab of tabs) tab.close();
    watching.close();
  });
});
