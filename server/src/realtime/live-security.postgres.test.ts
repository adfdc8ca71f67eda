import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, login, seedCompany, startTwoProcesses, STRONG_PASSWORD, type TestApp } from '../../test/harness';
import { connectLive, connectRecoverable } from '../../test/live';
import { pendingTicket } from '../../test/live-world';
import { spawnServer } from '../../test/server-process';
import { testDbKind } from '../../test/test-db';

// Two processes of one deployment (one PostgreSQL database, one Redis): what one process changes acts on the
// sockets the other holds, and a connection that comes back on the other process is checked there.
const redisUrl = process.env.TEST_REDIS_URL;
const runs = Boolean(redisUrl) && testDbKind() === 'postgres';

describe.skipIf(!runs)('live events follow the session and the role across processes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await startTwoProcesses(redisUrl!);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

  async function seed() {
    const seeded = await seedCompany(a);
    const sales = await a.services.departments.create(seeded.company.id, 'Sales');
    const colleague = await seeded.addAgent();
    const salesAgent = await seeded.addAgent({ departmentId: sales.id });
    /** An event for the department's sockets, made on process A. */
    const event = async (departmentId: string) => {
      const ticket = await pendingTicket(a, seeded.company.id, departmentId);
      const who = departmentId === sales.id ? salesAgent : colleague;
      expect((await who.client.post('/acceptTicket', { ticketid: ticket.id })).status).toBe(200);
      return ticket.id;
    };
    return { ...seeded, sales, event };
  }

  /** The user's session, logged in on process B too (one session, usable on either process). */
  async function onB(email: string) {
    const client = b.client();
    await login(client, email, STRONG_PASSWORD);
    return client;
  }

  it('a connection held by process B stops hearing the old rooms at once after a demotion or a move on A', async () => {
    const { department, sales, addAgent, adminClient, event } = await seed();
    const admin = await addAgent({ role: 'admin' });
    const agent = await addAgent();
    const adminLive = await connectLive(b.baseUrl, await onB(admin.email));
    const agentLive = await connectLive(b.baseUrl, await onB(agent.email));

    const seenBySales = await event(sales.id);
    await adminLive.waitFor('acceptTicket', (p) => p.ticket.ticketid === seenBySales);

    expect((await adminClient.post('/auth/set-admin', { userid: admin.user.id })).status).toBe(200);
    const moved = await adminClient.put('/auth/update-account', {
      userid: agent.user.id,
      email: agent.email,
      first_name: 'Bob',
      last_name: 'Agent',
      departmentid: sales.id,
    });
    expect(moved.status).toBe(200);

    const salesAfter = await event(sales.id);
    const generalAfter = await event(department.id);
    await agentLive.waitFor('acceptTicket', (p) => p.ticket.ticketid === salesAfter);
    await adminLive.waitFor('acceptTicket', (p) => p.ticket.ticketid === generalAfter);
    await settle();
    expect(adminLive.of('acceptTicket').map((p) => p.ticket.ticketid)).not.toContain(salesAfter);
    expect(agentLive.of('acceptTicket').map((p) => p.ticket.ticketid)).not.toContain(generalAfter);
    adminLive.close();
    agentLive.close();
  });

  it('a connection that drops on B and comes back there after the user was disabled on A gets nothing', async () => {
    const { department, addAgent, adminClient, event } = await seed();
    const agent = await addAgent();
    const live = await connectRecoverable(b.baseUrl, await onB(agent.email));
    const before = await event(department.id);
    await eventually(() => live.saw(before));

    await live.drop();
    expect((await adminClient.post('/auth/delete-agent', { userid: agent.user.id })).status).toBe(200);
    const missed = await event(department.id);
    expect(await live.reconnect()).toBe('refused');
    await settle();
    expect(live.saw(missed)).toBe(false);
    live.close();
  });

  it('a connection that drops on B comes back on A with what it missed, only with its own session cookie', async () => {
    const { department, addAgent, event } = await seed();
    const agent = await addAgent();
    const stranger = await seedCompany(a).then((other) => other.addAgent());
    const attempts = [
      { cookie: '', outcome: 'refused' },
      { cookie: stranger.client.cookie('kc_session')!, outcome: 'refused' },
      { cookie: undefined, outcome: 'recovered' },
    ] as const;
    for (const attempt of attempts) {
      const live = await connectRecoverable(b.baseUrl, await onB(agent.email));
      const before = await event(department.id);
      await eventually(() => live.saw(before));
      await live.drop();
      const missed = await event(department.id);
      const heard = live.frames.length;
      // The pid and offset are offered to the other process: the session was kept in Redis, for any process.
      expect(await live.reconnect({ cookie: attempt.cookie, to: a.baseUrl })).toBe(attempt.outcome);
      if (attempt.outcome === 'refused') {
        await settle();
        expect(live.eventFrames(heard)).toEqual([]);
        expect(live.socket.connected).toBe(false);
      } else {
        await eventually(() => live.saw(missed));
      }
      live.close();
    }
  });

  it("logging out on A drops the session's connection on B at once", async () => {
    const { department, addAgent, event } = await seed();
    const agent = await addAgent();
    const sessionOnB = await onB(agent.email);
    const live = await connectLive(b.baseUrl, sessionOnB);
    await a.services.auth.logout(sessionOnB.cookie('kc_session'));
    await eventually(() => !live.socket.connected);
    const after = await event(department.id);
    await settle();
    expect(live.of('acceptTicket').map((p) => p.ticket.ticketid)).not.toContain(after);
    live.close();
  });

  it('a process killed without closing its sockets does not keep their users online', async () => {
    const { company, addAgent } = await seed();
    const watcher = await addAgent();
    const ghost = await addAgent();
    const watching = await connectLive(a.baseUrl, watcher.client);
    // A third process of the deployment, in a child process of its own so that it can die the hard way.
    const third = await spawnServer({ DATABASE_URL: (a.database as { url?: string }).url!, REDIS_URL: redisUrl! });
    // Logged in there: the test processes run on a test clock, this one on the real one.
    const loggedIn = await fetch(`${third.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ghost.email, password: STRONG_PASSWORD }),
    });
    const ghostOnThird = b.client();
    ghostOnThird.setCookie('kc_session', /kc_session=([^;]+)/.exec(loggedIn.headers.get('set-cookie') ?? '')![1]!);
    const ghostLive = await connectLive(third.baseUrl, ghostOnThird);
    expect(ghostLive.connected).toBe(true);
    await watching.waitForFlip(ghost.user.id, 'online');

    // SIGKILL: its heartbeat stops, its disconnect handlers never run; the survivors take its sockets out.
    await third.kill();
    await watching.waitForFlip(ghost.user.id, 'offline', 1, 60_000);
    expect(await a.services.realtime.isOnline(company.id, ghost.user.id)).toBe(false);
    expect(await b.services.realtime.isOnline(company.id, ghost.user.id)).toBe(false);
    ghostLive.close();
    watching.close();
  }, 90_000);
});
