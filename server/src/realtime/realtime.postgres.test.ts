import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, tickets } from '../db/schema';
import { login, seedCompany, startTwoProcesses, STRONG_PASSWORD, type TestApp } from '../../test/harness';
import { connectLive } from '../../test/live';
import { testDbKind } from '../../test/test-db';

// Two processes of one deployment: one PostgreSQL database, one Redis. Runs where both are given (CI gives both).
const redisUrl = process.env.TEST_REDIS_URL;
const runs = Boolean(redisUrl) && testDbKind() === 'postgres';

describe.skipIf(!runs)('live events across processes (Redis adapter)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await startTwoProcesses(redisUrl!);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers an event emitted by one process to a socket connected to the other', async () => {
    const company = await seedCompany(a);
    const agent = await company.addAgent();
    const live = await connectLive(a.baseUrl, agent.client);
    expect(live.connected).toBe(true);

    const [client] = await a.database.db
      .insert(clients)
      .values({ companyId: company.company.id, shortId: 'REDIS001', name: 'Across Processes' })
      .returning();
    const [ticket] = await a.database.db
      .insert(tickets)
      .values({
        companyId: company.company.id,
        clientId: client!.id,
        departmentId: company.department.id,
        platform: 'telegram',
      })
      .returning();

    // The same agent, logged in on the other process, accepts there.
    const onB = b.client();
    await login(onB, agent.email, STRONG_PASSWORD);
    expect((await onB.post('/acceptTicket', { ticketid: ticket!.id })).status).toBe(200);
    const event = await live.waitFor('acceptTicket', (p) => p.ticket.ticketid === ticket!.id);
    expect(event.ticket.userid).toBe(agent.user.id);
    live.close();
  });
});
