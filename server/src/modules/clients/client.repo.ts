import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  isNull,
  like,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClientIdentity, ClientPanelTicket } from '@kreechat/contract';
import type { Tx } from '../../db/client';
import { actionRecords, clientIdentities, clients, departments, tickets, users } from '../../db/schema';
import { assertNever } from '../../platform/assert-never';

export type ClientRow = typeof clients.$inferSelect;
type Platform = (typeof clientIdentities.$inferInsert)['platform'];

/** Which of a client's tickets the caller reads: all of them, or a department's plus those one agent handles. */
export type PanelScope = { all: true } | { all: false; departmentId: string | null; userId: string };

const handler = alias(users, 'handler');

// Drizzle leaves a column of a one-table select unqualified, which inside a subquery would name the subquery's own
// column: the correlated subqueries name the outer row explicitly.
const outer = {
  id: sql.raw('"clients"."id"'),
  companyId: sql.raw('"clients"."company_id"'),
};

/**
 * Whether a channel vouches for who the client is: any of their identities verified (a Telegram chat, a WhatsApp
 * number, an e-mail the WordPress site signed). A WordPress guest's one identity is not: the name and e-mail are what
 * they typed. A client without identities (erased) claims nothing to doubt, so counts as verified. One probe of
 * client_identities_client_idx per client; `clientId` names the outer row's client id.
 */
export const clientVerified = (clientId: SQL | AnyColumn) =>
  sql<boolean>`coalesce((select bool_or(vi.verified) from ${clientIdentities} vi where vi.client_id = ${clientId}), true)`;

/** A client row with its `verified` (clientVerified), as every read that the API shows selects it. */
export type ClientView = ClientRow & { verified: boolean };
const clientView = { ...getTableColumns(clients), verified: clientVerified(outer.id) };

// `department_id = null` is never true: an agent without a department sees only the tickets they handle.
const visible = (scope: PanelScope): SQL =>
  scope.all ? sql`true` : sql`(t.department_id = ${scope.departmentId} or t.handler_id = ${scope.userId})`;

/**
 * What a channel identity shows an agent. Telegram keeps only the chat id; a WhatsApp id is the number without
 * its "+"; a WordPress identity is the site token and the visitor's e-mail (or a guest's random id), so the
 * e-mail the visitor gave (kept on the client) is what shows.
 */
function showIdentity(
  platform: Platform,
  externalId: string,
  email: string | null,
): Pick<ClientIdentity, 'kind' | 'value'> {
  switch (platform) {
    case 'telegram':
      return { kind: 'chat_id', value: externalId };
    case 'whatsapp':
      return { kind: 'phone', value: `+${externalId}` };
    case 'wordpress':
      return { kind: 'email', value: email };
    case 'viber':
      return { kind: 'id', value: externalId };
    default:
      return assertNever(platform);
  }
}

type PanelStats = { tickets: number; open: number; rated: number; average: number | string | null };
type IdentityJson = {
  platform: Platform;
  external_id: string;
  verified: boolean;
  username: string | null;
  created_at: string;
};

export const clientRepo = {
  /** Whether the client was erased (their tickets stay closed for good). */
  async isErased(tx: Tx, companyId: string, clientId: string) {
    const [row] = await tx
      .select({ erasedAt: clients.erasedAt })
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, clientId)))
      .limit(1);
    return Boolean(row?.erasedAt);
  },

  /** The client reached at this channel identity (with the identity's stored handle), locked until `tx` ends. */
  async findByIdentityForUpdate(tx: Tx, companyId: string, platform: Platform, externalId: string) {
    const [row] = await tx
      .select({ client: clients, identityId: clientIdentities.id, username: clientIdentities.username })
      .from(clientIdentities)
      .innerJoin(clients, eq(clients.id, clientIdentities.clientId))
      .where(
        and(
          eq(clientIdentities.companyId, companyId),
          eq(clientIdentities.platform, platform),
          eq(clientIdentities.externalId, externalId),
          // An erasure deletes the identities in the transaction that sets this: a lookup that waited on the
          // client's lock re-reads the row and finds it erased, so the message starts a new client instead.
          isNull(clients.erasedAt),
        ),
      )
      .limit(1)
      .for('update', { of: clients });
    return row;
  },

  /**
   * Waits for whoever holds the client (intake, an erasure) and keeps its key until `tx` ends: a transaction that adds
   * a message without first locking the client would take the ticket's key lock first and then wait on the client,
   * while intake holds the client and waits on the ticket — a deadlock.
   */
  async shareKey(tx: Tx, companyId: string, id: string) {
    await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .for('key share');
  },

  /** Keeps the handle the channel reports for one identity (null: the client has none now). */
  async setIdentityUsername(tx: Tx, identityId: string, username: string | null) {
    await tx.update(clientIdentities).set({ username }).where(eq(clientIdentities.id, identityId));
  },

  /** The client, locked until the transaction ends (an erasure takes it first: intake waits behind it). */
  async lockForErase(tx: Tx, companyId: string, id: string) {
    const [row] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .limit(1)
      .for('update');
    return row;
  },

  /**
   * Erases the client's profile in place: the name becomes `name`, every detail they gave is gone; `blocked`, the
   * short id and the reopen count stay (they say nothing of who the client is, and counts read them).
   */
  async erase(tx: Tx, companyId: string, id: string, name: string, now: Date) {
    const [row] = await tx
      .update(clients)
      .set({ name, email: null, accountNumber: null, address: null, note: null, language: null, erasedAt: now })
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .returning(clientView);
    return row!;
  },

  /** Deletes the client's channel identities, answering what they were (to end what still hangs on them). */
  deleteIdentities(tx: Tx, companyId: string, clientId: string) {
    return tx
      .delete(clientIdentities)
      .where(and(eq(clientIdentities.companyId, companyId), eq(clientIdentities.clientId, clientId)))
      .returning({ platform: clientIdentities.platform, externalId: clientIdentities.externalId });
  },

  /** The client's channel identities as stored, oldest first (for the client's export). */
  identitiesOf(tx: Tx, companyId: string, clientId: string) {
    return tx
      .select({
        platform: clientIdentities.platform,
        externalId: clientIdentities.externalId,
        verified: clientIdentities.verified,
        username: clientIdentities.username,
        createdAt: clientIdentities.createdAt,
      })
      .from(clientIdentities)
      .where(and(eq(clientIdentities.companyId, companyId), eq(clientIdentities.clientId, clientId)))
      .orderBy(asc(clientIdentities.createdAt), asc(clientIdentities.id));
  },

  async insertWithIdentity(
    tx: Tx,
    client: typeof clients.$inferInsert,
    identity: { platform: Platform; externalId: string; verified: boolean; username: string | null },
  ): Promise<ClientRow> {
    const [row] = await tx.insert(clients).values(client).returning();
    await tx.insert(clientIdentities).values({
      companyId: client.companyId,
      clientId: row!.id,
      platform: identity.platform,
      externalId: identity.externalId,
      verified: identity.verified,
      username: identity.username,
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
      .returning(clientView);
    return row;
  },

  /** One more reopened ticket on the client's profile; counted in the row, so two reopens at once both count. */
  async countReopen(tx: Tx, companyId: string, clientId: string) {
    await tx
      .update(clients)
      .set({ reopenedCount: sql`${clients.reopenedCount} + 1` })
      .where(and(eq(clients.companyId, companyId), eq(clients.id, clientId)));
  },

  async toggleBlocked(tx: Tx, companyId: string, id: string) {
    const [row] = await tx
      .update(clients)
      .set({ blocked: sql`not ${clients.blocked}` })
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .returning(clientView);
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
      .select(clientView)
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
      .select(clientView)
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
      .select(clientView)
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .limit(1);
    return row;
  },

  async byShortId(tx: Tx, companyId: string, shortId: string) {
    const [row] = await tx
      .select(clientView)
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

  /**
   * The client with their channel identities and the counts over the tickets `scope` sees, in one statement
   * (identities by client_identities_client_idx, counts by tickets_client_idx); undefined for another company's.
   */
  async panelHeader(tx: Tx, companyId: string, clientId: string, scope: PanelScope) {
    const [row] = await tx
      .select({
        client: clientView,
        identities: sql<IdentityJson[]>`(
          select coalesce(json_agg(json_build_object(
                   'platform', i.platform, 'external_id', i.external_id, 'verified', i.verified,
                   'username', i.username, 'created_at', i.created_at
                 ) order by i.created_at, i.id), '[]'::json)
          from ${clientIdentities} i where i.client_id = ${outer.id} and i.company_id = ${outer.companyId})`,
        stats: sql<PanelStats>`(
          select json_build_object(
                   'tickets', count(*), 'open', count(*) filter (where t.stage <> 'closed'),
                   'rated', count(t.rating), 'average', round(avg(t.rating)::numeric, 2))
          from ${tickets} t
          where t.client_id = ${outer.id} and t.company_id = ${outer.companyId} and ${visible(scope)})`,
      })
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, clientId)))
      .limit(1);
    if (!row) return undefined;
    const { client, stats } = row;
    return {
      client,
      identities: row.identities.map((i): ClientIdentity => ({
        platform: i.platform,
        ...showIdentity(i.platform, i.external_id, client.email),
        username: i.username,
        since: new Date(i.created_at).toISOString(),
        verified: i.verified,
      })),
      counts: { tickets: Number(stats.tickets), open: Number(stats.open), rated: Number(stats.rated) },
      averageRating: stats.average === null ? null : Number(stats.average),
    };
  },

  /**
   * Up to `limit` of the client's tickets that `scope` sees, newest first (created_at, then id), older than the
   * ticket `before` when given — a keyset, so a ticket arriving meanwhile neither repeats nor hides a row.
   * Served by tickets_client_idx; a `before` that is not this client's ticket gives an empty page.
   */
  async panelTickets(
    tx: Tx,
    companyId: string,
    clientId: string,
    scope: PanelScope,
    before: string | undefined,
    limit: number,
  ): Promise<ClientPanelTicket[]> {
    const t = alias(tickets, 't');
    const after = before
      ? sql`(${t.createdAt}, ${t.id}) < (select b.created_at, b.id from ${tickets} b
              where b.id = ${before} and b.client_id = ${clientId} and b.company_id = ${companyId})`
      : sql`true`;
    const rows = await tx
      .select({
        id: t.id,
        stage: t.stage,
        platform: t.platform,
        departmentName: departments.name,
        handlerFirst: handler.firstName,
        handlerLast: handler.lastName,
        createdAt: t.createdAt,
        closedAt: t.closedAt,
        rating: t.rating,
      })
      .from(t)
      .innerJoin(departments, eq(departments.id, t.departmentId))
      .leftJoin(handler, eq(handler.id, t.handlerId))
      .where(and(eq(t.companyId, companyId), eq(t.clientId, clientId), visible(scope), after))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(limit);
    return rows.map((r) => ({
      ticketid: r.id,
      stage: r.stage,
      platform: r.platform,
      department_name: r.departmentName,
      user_name: r.handlerFirst === null ? null : `${r.handlerFirst} ${r.handlerLast ?? ''}`.trim(),
      created_on: r.createdAt.toISOString(),
      // A reopened ticket keeps its last close in the row, but is not closed.
      closed_on: r.stage === 'closed' ? (r.closedAt?.toISOString() ?? null) : null,
      rating: r.rating,
    }));
  },
};
