import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import {
  eventually,
  seedCompany,
  startTestApp,
  STRONG_PASSWORD,
  type TestApp,
  type TestClient,
} from '../../test/harness';
import { connectLive, connectRecoverable } from '../../test/live';
import { sha256 } from '../platform/crypto';
import { eq } from 'drizzle-orm';
import { pendingTicket } from '../../test/live-world';

/**
 * Live events follow the session and the role: a connection that comes back — recovered or not — is
 * checked again, and what changes a user's sessions or access acts on their open connections at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true, liveSweepMs: 100 });
});
afterAll(async () => t?.close());

/** A colleague in the department accepts a new ticket there: an event for the department's sockets. */
async function departmentEvent(colleague: { client: TestClient }, company: { id: string }, departmentId: string) {
  const ticket = await pendingTicket(t, company.id, departmentId);
  expect((await colleague.client.post('/acceptTicket', { ticketid: ticket.id })).status).toBe(200);
  return ticket.id;
}

/**
 * Socket.IO recovers only a connection that received an event (it resumes from that event's offset): one is sent,
 * so that the refusals below are the server's doing and not a connection with nothing to resume.
 */
async function primed(
  live: Awaited<ReturnType<typeof connectRecoverable>>,
  colleague: { client: TestClient },
  company: { id: string },
  departmentId: string,
) {
  const id = await departmentEvent(colleague, company, departmentId);
  await eventually(() => live.saw(id));
}

/** Long enough for an event emitted now to have reached any socket of this process. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('a connection that comes back is checked again', () => {
  it('recovers a dropped connection, with what it missed, while nothing changed', async () => {
    const { company, department, addAgent } = await seedCompany(t);
    const agent = await addAgent();
    const colleague = await addAgent();
    const live = await connectRecoverable(t.baseUrl, agent.client);
    expect(live.first).toBe('fresh');
    await primed(live, colleague, company, department.id);

    await live.drop();
    const missed = await departmentEvent(colleague, company, department.id);
    expect(await live.reconnect()).toBe('recovered');
    await eventually(() => live.saw(missed));
    live.close();
  });

  it.each([
    [
      'disabled by an admin',
      async (s: Subject) => s.adminClient.post('/auth/delete-agent', { userid: s.agent.user.id }),
    ],
    ['logged out elsewhere', async (s: Subject) => t.services.auth.logout(s.agent.client.cookie('kc_session'))],
    ['reset', async (s: Subject) => resetPassword(s.agent.email)],
  ])('gives a connection of a user %s nothing when it comes back, and refuses it', async (_, change) => {
    const subject = await seedSubject();
    const { company, department, agent, colleague } = subject;
    const live = await connectRecoverable(t.baseUrl, agent.client);
    await primed(live, colleague, company, department.id);
    await live.drop();
    await change(subject);
    const missed = await departmentEvent(colleague, company, department.id);

    expect(await live.reconnect()).toBe('refused');
    await settle();
    expect(live.saw(missed)).toBe(false);
    expect(live.socket.connected).toBe(false);
    live.close();
  });

  it.each([
    ['no session cookie', async () => ''],
    ["another company's agent's cookie", async () => (await seedCompany(t).then((c) => c.addAgent())).client],
  ])(
    'gives a connection that comes back with its pid and offset but %s no event at all, and refuses it',
    async (_, cookieOf) => {
      const { company, department, agent, colleague } = await seedSubject();
      const live = await connectRecoverable(t.baseUrl, agent.client);
      await primed(live, colleague, company, department.id);
      await live.drop();
      const missed = await departmentEvent(colleague, company, department.id);
      const other = await cookieOf();
      const heard = live.frames.length;

      const cookie = typeof other === 'string' ? other : other.cookie('kc_session')!;
      expect(await live.reconnect({ cookie })).toBe('refused');
      await settle();
      expect(live.eventFrames(heard)).toEqual([]);
      expect(live.saw(missed)).toBe(false);
      expect(live.socket.connected).toBe(false);
      live.close();
    },
  );

  it('starts afresh, replaying nothing, when the role or department changed while the connection was away', async () => {
    const subject = await seedSubject();
    const { company, department, agent, colleague, adminClient } = subject;
    const sales = await t.services.departments.create(company.id, 'Sales');
    const live = await connectRecoverable(t.baseUrl, agent.client);
    await primed(live, colleague, company, department.id);
    await live.drop();
    const moved = await adminClient.put('/auth/update-account', {
      userid: agent.user.id,
      email: agent.email,
      first_name: 'Bob',
      last_name: 'Agent',
      departmentid: sales.id,
    });
    expect(moved.status).toBe(200);
    const oldDepartment = await departmentEvent(colleague, company, department.id);

    expect(await live.reconnect()).toBe('fresh');
    await settle();
    expect(live.saw(oldDepartment)).toBe(false);
    live.close();
  });

  it('refuses a handshake from a foreign Origin, and takes its own', async () => {
    const { addAgent } = await seedCompany(t);
    const agent = await addAgent();
    const foreign = await connectRecoverable(t.baseUrl, agent.client, { origin: 'https://evil.example' });
    expect(foreign.first).toBe('refused');
    foreign.close();
    const lookalike = await connectRecoverable(t.baseUrl, agent.client, { origin: `${t.baseUrl}.evil.example` });
    expect(lookalike.first).toBe('refused');
    lookalike.close();
    const own = await connectRecoverable(t.baseUrl, agent.client, { origin: t.baseUrl });
    expect(own.first).toBe('fresh');
    own.close();
  });
});

describe('a change of access acts on open connections at once', () => {
  it('an admin demoted to agent stops hearing other departments and the admins-only counts', async () => {
    const { company, department, addAgent, adminClient } = await seedCompany(t);
    const sales = await t.services.departments.create(company.id, 'Sales');
    const demoted = await addAgent({ role: 'admin' });
    const salesAgent = await addAgent({ departmentId: sales.id });
    const live = await connectLive(t.baseUrl, demoted.client);

    const before = await departmentEvent(salesAgent, company, sales.id);
    await live.waitFor('acceptTicket', (p) => p.ticket.ticketid === before);

    expect((await adminClient.post('/auth/set-admin', { userid: demoted.user.id })).status).toBe(200);
    const after = await departmentEvent(salesAgent, company, sales.id);
    // Someone comes online: the admins hear the new count, the demoted one no longer does.
    const counted = live.of('totalOnlineAgents').length;
    const newcomer = await connectLive(t.baseUrl, (await addAgent()).client);
    await settle();
    expect(live.of('acceptTicket').map((p) => p.ticket.ticketid)).not.toContain(after);
    expect(live.of('totalOnlineAgents')).toHaveLength(counted);
    expect((await demoted.client.get(`/${after}/0/chat`)).status).toBe(404);

    // Their own department still reaches them.
    const own = await departmentEvent(await addAgent(), company, department.id);
    await live.waitFor('acceptTicket', (p) => p.ticket.ticketid === own);
    newcomer.close();
    live.close();
  });

  it('an agent moved to another department hears the new one, not the old one', async () => {
    const { company, department, addAgent, adminClient } = await seedCompany(t);
    const sales = await t.services.departments.create(company.id, 'Sales');
    const agent = await addAgent();
    const general = await addAgent();
    const salesAgent = await addAgent({ departmentId: sales.id });
    const live = await connectLive(t.baseUrl, agent.client);

    const moved = await adminClient.put('/auth/update-account', {
      userid: agent.user.id,
      email: agent.email,
      first_name: 'Bob',
      last_name: 'Agent',
      departmentid: sales.id,
    });
    expect(moved.status).toBe(200);
    // The screens are told to read again what the old department showed.
    expect(await live.waitFor('accessChanged')).toEqual({ role: 'agent', departmentid: sales.id });
    const old = await departmentEvent(general, company, department.id);
    const now = await departmentEvent(salesAgent, company, sales.id);
    await live.waitFor('acceptTicket', (p) => p.ticket.ticketid === now);
    await settle();
    expect(live.of('acceptTicket').map((p) => p.ticket.ticketid)).not.toContain(old);
    live.close();
  });
});

describe('sessions that expire', () => {
  it('drops a connection whose session expired, keeps one whose session was used meanwhile', async () => {
    const { addAgent } = await seedCompany(t);
    const idle = await addAgent();
    const busy = await addAgent();
    const idleLive = await connectLive(t.baseUrl, idle.client);
    const busyLive = await connectLive(t.baseUrl, busy.client);
    const ttl = t.services.sessions.ttlMs;

    t.clock.advance(ttl - 60_000);
    expect((await busy.client.get('/auth/validate')).body.status).toBe('valid');
    t.clock.advance(120_000);

    await eventually(() => !idleLive.socket.connected);
    await settle();
    expect(busyLive.socket.connected).toBe(true);
    const [row] = await t.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, sha256(busy.client.cookie('kc_session')!)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    idleLive.close();
    busyLive.close();
  });
});

type Subject = Awaited<ReturnType<typeof seedSubject>>;

async function seedSubject() {
  const seeded = await seedCompany(t);
  const agent = await seeded.addAgent();
  const colleague = await seeded.addAgent();
  return { ...seeded, agent, colleague };
}

async function resetPassword(email: string) {
  const browser = t.client();
  expect((await browser.post('/send-reset-password-code', { email })).status).toBe(200);
  const code = await t.smtp.codeFor(email);
  expect((await browser.post('/verify-email-code', { email, code, isPasswordReset: true })).status).toBe(200);
  const newPassword = `${STRONG_PASSWORD}x`;
  const reset = await browser.post('/auth/reset-password', { email, newPassword, confirmPassword: newPassword });
  expect(reset.status).toBe(200);
}
