import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clientIdentities, clients } from '../../db/schema';

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
      .returning({ id: clients.id, blocked: clients.blocked });
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
};
