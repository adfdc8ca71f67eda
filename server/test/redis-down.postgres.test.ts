/**
 * Redis down with several processes: two processes of one deployment share a throwaway Redis of the
 * test's own (never the machine's), which is killed and started again, empty, on the same port. While it is away
 * each process keeps serving its own sockets (an event made on a process reaches that process's sockets at once),
 * nothing crashes, nothing piles up to be replayed later, readiness says so, and presence does not flip anyone
 * offline. When it is back, every socket reconnects once (the browser reads again what it shows), cross-process
 * events and presence work again. The WordPress widget's live server does the same. The recovery times are logged
 * for BENCHMARKS.md.
 *
 * PostgreSQL project only (two processes share one database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/platform/crypto';
import { PRESENCE_GRACE_MS } from '../src/realtime/realtime';
import { eventually, login, seedCompany, startTwoProcesses, STRONG_PASSWORD, type TestApp } from './harness';
import { connectAsBrowser } from './live';
import { pendingTicket } from './live-world';
import { startRedis, type RedisProcess } from './redis-process';
import { connectWidget, openVisitor, SITE } from './wordpress-world';

/** Events made on process A while Redis is away: none may reach process B later (nothing buffered). */
const OUTAGE_EVENTS = 2_000;

let redis: RedisProcess;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  redis = await startRedis();
  [a, b] = await startTwoProcesses(redis.url);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await redis?.close();
});

describe('Redis down with two processes', () => {
  it('each process serves its own sockets meanwhile, presence holds, and everything resumes when Redis is back', async () => {
    const company = await seedCompany(a);
    const alice = await company.addAgent({ firstName: 'Alice' });
    const bob = await company.addAgent({ firstName: 'Bob' });
    const bobOnB = b.client();
    await login(bobOnB, bob.email, STRONG_PASSWORD);
    const aliceLive = connectAsBrowser(a.baseUrl, alice.client.cookie('kc_session')!);
    const bobLive = connectAsBrowser(b.baseUrl, bobOnB.cookie('kc_session')!);
    await aliceLive.connected(1);
    await bobLive.connected(1);
    /** A colleague's status in the list as a process answers it (the list leaves out the one asking). */
    const statusVia = async (viewer: typeof bobOnB, userId: string) =>
      ((await viewer.get('/auth/agents')).body as { id: string; status: string }[]).find((c) => c.id === userId)
        ?.status;
    const statusOnB = (userId: string) => statusVia(bobOnB, userId);
    await eventually(async () => (await statusOnB(alice.user.id)) === 'online');

    /** A ticket of the department accepted through process A (by Alice) or B (by Bob): its id. */
    const accept = async (on: 'a' | 'b') => {
      const ticket = await pendingTicket(a, company.company.id, company.department.id);
      const client = on === 'a' ? alice.client : bobOnB;
      expect((await client.post('/acceptTicket', { ticketid: ticket.id })).status).toBe(200);
      return ticket.id;
    };
    const heard = (live: typeof aliceLive, ticketid: string) =>
      live.events.find((e) => e.event === 'acceptTicket' && e.payload.ticket.ticketid === ticketid);

    const before = await accept('a');
    await eventually(() => heard(bobLive, before));

    // A visitor of the company's site, their widget connected to process A (the widgets' own live server).
    const generated = await company.adminClient.post('/generate-wp-token', { tokenName: 'Shop', siteUrl: `${SITE}/` });
    const visitor = await openVisitor(a, (generated.body.token as string).split('.')[0]!, {
      guest: { name: 'Vera Visitor', email: 'vera@example.test' },
    });
    const widgetSession = (await a.services.wordpress.lookUpSession(sha256(visitor.session!)))!;
    const widgetOnA = await connectWidget(a.baseUrl, visitor.session!);
    /** A bot notice to the visitor, emitted through a process's widget server. */
    const notify = (t: TestApp, text: string) =>
      t.services.widgetLive.toVisitor(widgetSession.tokenPublicId, widgetSession.identity, 'notice', {
        kind: 'test',
        text,
        departments: [],
      });

    // Redis goes away.
    await redis.stop();
    const downAt = Date.now();
    const ready = async (t: TestApp) => {
      const reply = await t.client().get('/ready');
      return { status: reply.status, redis: reply.body.checks.redis as string };
    };
    const readyDown = await eventually(async () => {
      const r = await ready(a);
      return r.redis !== 'ok' ? r : undefined;
    }, 10_000);
    const unreadyMs = Date.now() - downAt;
    // Reported, but the process still serves its own sockets: a balancer must not take every process out at once.
    expect(readyDown.status).toBe(200);

    // Each process's events reach its own sockets, at once; not the other process's.
    const sentAt = Date.now();
    const onA = await accept('a');
    const seenOnA = await eventually(() => heard(aliceLive, onA), 3_000);
    const localMs = seenOnA.at - sentAt;
    const onB = await accept('b');
    await eventually(() => heard(bobLive, onB), 3_000);
    notify(a, 'during the outage');
    await widgetOnA.waitFor('notice', (n) => n.text === 'during the outage', 3_000);

    // Nothing piles up: a burst emitted meanwhile goes to A's own sockets and is not kept for later.
    const burstStart = Date.now();
    for (let i = 0; i < OUTAGE_EVENTS; i++)
      a.services.realtime.toCompany(company.company.id, 'clientUpdated', {
        client: { clientid: `outage-${i}` },
      } as never);
    const burstMs = Date.now() - burstStart;
    await eventually(() => aliceLive.of('clientUpdated').length === OUTAGE_EVENTS, 5_000);

    // Presence does not flip: past the grace, nobody was announced offline, and B still lists Alice online.
    await new Promise((resolve) => setTimeout(resolve, PRESENCE_GRACE_MS + 1_000));
    expect(bobLive.of('userLogout')).toEqual([]);
    expect(aliceLive.of('userLogout')).toEqual([]);
    expect(await statusOnB(alice.user.id)).toBe('online');
    expect((await a.client().get('/health')).status).toBe(200);
    expect((await b.client().get('/health')).status).toBe(200);
    // The sockets stayed connected throughout.
    expect(aliceLive.disconnects).toEqual([]);
    expect(bobLive.disconnects).toEqual([]);

    // Redis comes back (empty, as a restarted Redis without persistence does).
    await redis.start();
    const upAt = Date.now();
    await eventually(async () => (await ready(a)).redis === 'ok' && (await ready(b)).redis === 'ok', 10_000);
    const readyMs = Date.now() - upAt;
    // Every socket reconnects once: the moment the browser reads again what it shows.
    await aliceLive.connected(2, 15_000);
    await bobLive.connected(2, 15_000);
    const reconnectedMs = Math.max(aliceLive.connects[1]!.at, bobLive.connects[1]!.at) - upAt;
    expect(aliceLive.disconnects[0]).toMatchObject({ reconnects: true });
    expect(bobLive.disconnects[0]).toMatchObject({ reconnects: true });
    // The widget too is told to reconnect (its transport closed), and a widget on B hears what A emits.
    await eventually(() => widgetOnA.socket.disconnected, 5_000);
    const widgetOnB = await connectWidget(b.baseUrl, visitor.session!);
    notify(a, 'after the outage');
    await widgetOnB.waitFor('notice', (n) => n.text === 'after the outage', 5_000);
    widgetOnA.close();
    widgetOnB.close();

    // Cross-process events again.
    const after = await accept('a');
    await eventually(() => heard(bobLive, after), 5_000);
    const crossMs = Date.now() - upAt;
    // Nothing emitted during the outage came later.
    expect(bobLive.of('clientUpdated')).toEqual([]);
    expect(heard(bobLive, onA)).toBeUndefined();

    // Presence across processes again: counted afresh, nobody flipped offline, a newcomer on A is seen from B.
    expect(await statusOnB(alice.user.id)).toBe('online');
    expect(await statusVia(alice.client, bob.user.id)).toBe('online');
    const carol = await company.addAgent({ firstName: 'Carol' });
    const carolLive = connectAsBrowser(a.baseUrl, carol.client.cookie('kc_session')!);
    await carolLive.connected(1);
    await eventually(
      () =>
        bobLive.events.some(
          (e) =>
            (e.event === 'userLogin' && e.payload.userid === carol.user.id) ||
            (e.event === 'presenceChanged' && e.payload.online.includes(carol.user.id)),
        ),
      5_000,
    );
    expect(await statusOnB(carol.user.id)).toBe('online');
    expect(bobLive.of('userLogout')).toEqual([]);

    carolLive.close();
    aliceLive.close();
    bobLive.close();
    console.info(
      `[redis-down] readiness degraded (redis '${readyDown.redis}') ${unreadyMs} ms after Redis went away; an event reaches its own process's socket ${localMs} ms after the request began; ${OUTAGE_EVENTS} emits in ${burstMs} ms, ` +
        `none kept for later; Redis back → ready ${readyMs} ms, every socket reconnected ${reconnectedMs} ms, ` +
        `cross-process events ${crossMs} ms`,
    );
  }, 60_000);
});
