import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, login, seedCompany, startTwoProcesses, STRONG_PASSWORD, type TestApp } from '../../test/harness';
import { connectLive } from '../../test/live';
import { testDbKind } from '../../test/test-db';
import { PRESENCE_GRACE_MS } from './realtime';

// Two processes of one deployment (one PostgreSQL database, one Redis): presence is the same seen from either.
const redisUrl = process.env.TEST_REDIS_URL;
const runs = Boolean(redisUrl) && testDbKind() === 'postgres';

describe.skipIf(!runs)('presence across processes (Redis adapter)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await startTwoProcesses(redisUrl!);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('flips a colleague online and offline for watchers and lists on both processes, without flicker on a reload', async () => {
    const company = await seedCompany(a);
    const watcher = await company.addAgent();
    const bob = await company.addAgent({ firstName: 'Bob' });
    const other = await seedCompany(a);
    const outsider = await other.addAgent();
    const onB = b.client();
    await login(onB, watcher.email, STRONG_PASSWORD);
    const bobOnB = b.client();
    await login(bobOnB, bob.email, STRONG_PASSWORD);
    const statusVia = async (client: typeof onB) =>
      ((await client.get('/auth/agents')).body as { id: string; status: string }[]).find((c) => c.id === bob.user.id)
        ?.status;

    const watching = await connectLive(b.baseUrl, onB);
    const outside = await connectLive(a.baseUrl, outsider.client);
    expect(await statusVia(onB)).toBe('offline');

    // Bob's tab on process A: the watcher on process B hears it, both lists agree.
    const tab = await connectLive(a.baseUrl, bob.client);
    await watching.waitForFlip(bob.user.id, 'online');
    expect(await statusVia(onB)).toBe('online');
    expect(await statusVia(watcher.client)).toBe('online');

    // A reload that lands on the other process: still online, no userLogout, no second userLogin.
    tab.close();
    await eventually(async () => (await a.services.realtime.onlineUserIds(company.company.id)).has(bob.user.id));
    const reloaded = await connectLive(b.baseUrl, bobOnB);
    expect(await statusVia(watcher.client)).toBe('online');
    await new Promise((resolve) => setTimeout(resolve, PRESENCE_GRACE_MS + 500));
    expect(watching.presence(bob.user.id)).toEqual(['online']);
    expect(await statusVia(watcher.client)).toBe('online');

    // Logging out on process A ends the socket held by process B: offline at once, on both.
    const sameSessionOnA = a.client();
    sameSessionOnA.setCookie('kc_session', bobOnB.cookie('kc_session')!);
    expect((await sameSessionOnA.post('/auth/logout')).status).toBe(200);
    await watching.waitForFlip(bob.user.id, 'offline', 1, PRESENCE_GRACE_MS - 1_000);
    expect(await statusVia(onB)).toBe('offline');
    expect(await statusVia(watcher.client)).toBe('offline');

    expect(outside.presence(bob.user.id)).toEqual([]);
    reloaded.close();
    watching.close();
    outside.close();
  });
});
