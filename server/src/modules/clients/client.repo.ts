import { and, count, desc, eq, like, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { actionRecords, clientIdentities, clients, tickets, users } from '../../db/schema';

export type ClientRow = typeof clients.$inferSelect;
type Platform = (typeof clientIdentities.$inferInsert)['platform'];

export const clientRepo = {
  /** The client reached at this channel identity, locked for the rest of the transaction. */
  async findByIdentityForUpdate(tx: Tx, companyId: string, platform: Platform, externalId: string) {
    const [row] = await tx
      .select({ client: clients })
      .from(clientIdentities)
      .innerJoin(clients, eq(clients.id, clientIdentities.clientId))
      .where(
        and(
          eq(clientIdentities.companyId, companyId),
          eq(clientIdentities.platform, platform),
          eq(clientIdentities.externalId, externalId),
        ),
      )
      .limit(1)
      .for('update', { of: clients });
    return row?.client;
  },

  async insertWithIdentity(
    tx: Tx,
    client: typeof clients.$inferInsert,
    identity: { platform: Platform; externalId: string },
  ): Promise<ClientRow> {
    const [row] = await tx.insert(clients).values(client).returning();
    await tx.insert(clientIdentities).values({
      companyId: client.companyId,
      clientId: row!.id,
      platform: identity.platform,
      externalId: identity.externalId,
    });
    return row!;
  },

  async shortIdTaken(tx: Tx, companyId: string, shortId: string) {
    const [row] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.shortId, shortId)))
      .limit(1);
    return Boolean(row);
  },

  async update(tx: Tx, companyId: string, id: string, patch: Partial<typeof clients.$inferInsert>) {
    const [row] = await tx
      .update(clients)
      .set(patch)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .returning();
    return row;
  },

  async toggleBlocked(tx: Tx, companyId: string, id: string) {
    const [row] = await tx
      .update(clients)
      .set({ blocked: sql`not ${clients.blocked}` })
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .returning();
    return row;
  },

  /** The client's id on a channel (the Telegram chat id …), where messages to them go. */
  async identity(tx: Tx, clientId: string, platform: Platform) {
    const [row] = await tx
      .select({ externalId: clientIdentities.externalId })
      .from(clientIdentities)
      .where(and(eq(clientIdentities.clientId, clientId), eq(clientIdentities.platform, platform)))
      .limit(1);
    return row?.externalId;
  },

  async count(tx: Tx, companyId: string) {
    const [row] = await tx.select({ n: count() }).from(clients).where(eq(clients.companyId, companyId));
    return row?.n ?? 0;
  },

  /** Newest first, with the id as tie-breaker so pages never overlap or skip (served by clients_company_created_idx). */
  page(tx: Tx, companyId: string, offset: number, limit: number) {
    return tx
      .select()
      .from(clients)
      .where(eq(clients.companyId, companyId))
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .offset(offset)
      .limit(limit);
  },

  /**
   * `pattern` is already LIKE-escaped: a name or account number containing it (any case), or a short id starting
   * with it; all three are served by clients_search_trgm_idx.
   */
  search(tx: Tx, companyId: string, pattern: string, limit: number) {
    return tx
      .select()
      .from(clients)
      .where(
        and(
          eq(clients.companyId, companyId),
          or(
            sql`lower(${clients.name}) like lower(${`%${pattern}%`})`,
            sql`lower(${clients.accountNumber}) like lower(${`%${pattern}%`})`,
            like(clients.shortId, `${pattern.toUpperCase()}%`),
          ),
        ),
      )
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .limit(limit);
  },

  async byId(tx: Tx, companyId: string, id: string) {
    const [row] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .limit(1);
    return row;
  },

  async byShortId(tx: Tx, companyId: string, shortId: string) {
    const [row] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.shortId, shortId)))
      .limit(1);
    return row;
  },

  actions(tx: Tx, companyId: string, clientId: string, limit: number) {
    return tx
      .select({
        id: actionRecords.id,
        actionType: actionRecords.actionType,
        userId: actionRecords.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        ticketId: actionRecords.ticketId,
        rating: actionRecords.rating,
        createdAt: actionRecords.createdAt,
      })
      .from(actionRecords)
      .leftJoin(users, eq(users.id, actionRecords.userId))
      .where(and(eq(actionRecords.companyId, companyId), eq(actionRecords.clientId, clientId)))
      .orderBy(desc(actionRecords.createdAt), desc(actionRecords.id))
      .limit(limit);
  },

  async ticket(tx: Tx, companyId: string, ticketId: string) {
    const [row] = await tx
      .select({ clientId: tickets.clientId, departmentId: tickets.departmentId, handlerId: tickets.handlerId })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
      .limit(1);
    return row;
  },
};
