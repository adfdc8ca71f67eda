/** Rows a live-events test needs without going through a channel: a client and their pending ticket. */
import { randomBytes } from 'node:crypto';
import { clients, tickets } from '../src/db/schema';
import type { TestApp } from './harness';

export async function pendingTicket(t: TestApp, companyId: string, departmentId: string) {
  const [client] = await t.database.db
    .insert(clients)
    .values({ companyId, shortId: randomBytes(4).toString('hex').toUpperCase(), name: 'Live Client' })
    .returning();
  const [ticket] = await t.database.db
    .insert(tickets)
    .values({ companyId, clientId: client!.id, departmentId, platform: 'telegram' })
    .returning();
  return ticket!;
}
