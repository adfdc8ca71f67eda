import { randomInt } from 'node:crypto';
import {
  CLIENT_NOT_FOUND,
  CLIENT_PANEL_TICKETS_PAGE,
  CLIENT_SEARCH_LIMIT,
  CLIENTS_FIRST_PAGE,
  CLIENTS_PAGE,
  type Client,
  type ClientPanel,
  type ClientProfile,
  type UpdateClientBody,
  type UpdateClientNumberBody,
  seesAllDepartments,
} from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import type { EventPublisher } from '../../platform/events';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import { clientRepo, type ClientRow, type ClientView } from './client.repo';

export type ClientService = ReturnType<typeof createClientService>;
type Platform = Parameters<typeof clientRepo.findByIdentityForUpdate>[2];

// No 0/O or 1/I/L: a short id is read aloud over the phone.
const SHORT_ID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const randomShortId = () =>
  Array.from({ length: 8 }, () => SHORT_ID_ALPHABET[randomInt(SHORT_ID_ALPHABET.length)]).join('');

const CLIENT_ACTIONS_LIMIT = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Search text is taken literally: `%`, `_` and the escape character itself match only themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A client row as the API shows it. */
export const toClient = (row: ClientView): Client => ({
  clientid: row.id,
  short_id: row.shortId,
  client_name: row.name,
  account_number: row.accountNumber,
  address: row.address,
  note: row.note,
  blocked_on: row.blocked,
  count_ticket_reopened: row.reopenedCount,
  created_on: row.createdAt.toISOString(),
  verified: row.verified,
  erased_on: row.erasedAt?.toISOString() ?? null,
});

export function createClientService(deps: { db: Db; clock: Clock; events: EventPublisher }) {
  const { db, clock, events } = deps;

  /** After the write committed: every agent of the company may read clients, so all of them hear of it. */
  const announce = (companyId: string, client: Client) => {
    events.toCompany(companyId, 'clientUpdated', { client });
    return client;
  };

  return {
    /**
     * The client behind a channel identity, created on first contact (name and language from the channel
     * profile), and locked until `tx` ends so one client's updates are taken in turn. Found by the identity alone,
     * never by a name or an e-mail: a WordPress guest (`verified: false`, kept on the identity) who typed a
     * signed-in visitor's e-mail gets a client of their own.
     */
    async findOrCreateByIdentity(
      tx: Tx,
      companyId: string,
      platform: Platform,
      identity: {
        externalId: string;
        name: string;
        language?: string | null;
        email?: string | null;
        verified?: boolean;
        /** The channel's handle as this update reports it (null: none now); absent keeps the stored one. */
        username?: string | null;
      },
    ): Promise<ClientRow> {
      const found = await clientRepo.findByIdentityForUpdate(tx, companyId, platform, identity.externalId);
      if (found) {
        const existing = found.client;
        if (identity.username !== undefined && identity.username !== found.username)
          await clientRepo.setIdentityUsername(tx, found.identityId, identity.username);
        if (identity.language && identity.language !== existing.language) {
          return (await clientRepo.update(tx, companyId, existing.id, { language: identity.language })) ?? existing;
        }
        return existing;
      }
      let shortId = randomShortId();
      while (await clientRepo.shortIdTaken(tx, companyId, shortId)) shortId = randomShortId();
      return clientRepo.insertWithIdentity(
        tx,
        {
          companyId,
          shortId,
          name: identity.name.slice(0, 200) || 'Client',
          email: identity.email ?? null,
          language: identity.language ?? null,
          createdAt: clock.now(),
        },
        {
          platform,
          externalId: identity.externalId,
          verified: identity.verified ?? true,
          username: identity.username ?? null,
        },
      );
    },

    identity: (clientId: string, platform: Platform, tx: Tx = db) => clientRepo.identity(tx, clientId, platform),
    isErased: (companyId: string, clientId: string, tx: Tx = db) => clientRepo.isErased(tx, companyId, clientId),

    incrementReopened: async (tx: Tx, client: ClientRow) =>
      clientRepo.update(tx, client.companyId, client.id, { reopenedCount: client.reopenedCount + 1 }),

    /** Blocks or unblocks a client of the company: a blocked client's messages make no ticket. */
    async toggleBlocked(companyId: string, clientId: string) {
      const row = await clientRepo.toggleBlocked(db, companyId, clientId);
      if (!row) throw new NotFoundError('Client not found');
      announce(companyId, toClient(row));
      return { clientid: row.id, blocked_on: row.blocked };
    },

    async overview(companyId: string) {
      const [totalClients, rows] = await Promise.all([
        clientRepo.count(db, companyId),
        clientRepo.page(db, companyId, 0, CLIENTS_FIRST_PAGE),
      ]);
      return { totalClients, clients: rows.map(toClient) };
    },

    async page(companyId: string, offset: number) {
      return (await clientRepo.page(db, companyId, offset, CLIENTS_PAGE)).map(toClient);
    },

    async search(companyId: string, text: string) {
      return (await clientRepo.search(db, companyId, escapeLike(text), CLIENT_SEARCH_LIMIT)).map(toClient);
    },

    async profile(companyId: string, ref: string): Promise<ClientProfile> {
      const row = UUID.test(ref)
        ? await clientRepo.byId(db, companyId, ref)
        : await clientRepo.byShortId(db, companyId, ref.toUpperCase());
      if (!row) throw new NotFoundError(CLIENT_NOT_FOUND);
      const actions = await clientRepo.actions(db, companyId, row.id, CLIENT_ACTIONS_LIMIT);
      return {
        client: toClient(row),
        client_actions: actions.map((a) => ({
          actionid: a.id,
          action_type: a.actionType,
          userid: a.userId,
          user_name: a.firstName === null ? null : `${a.firstName} ${a.lastName ?? ''}`.trim(),
          ticketid: a.ticketId,
          rating: a.rating,
          created_on: a.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Who the client is, in one call: the client, their channel identities, counts and ratings, and a page of
     * their tickets. Any member reads any client of their company (as the profile); the tickets, counts and
     * ratings are those the caller may see (SPEC §4: an agent, their department's and their own).
     */
    async panel(principal: Principal, clientId: string, before?: string): Promise<ClientPanel> {
      const scope = seesAllDepartments(principal.role)
        ? ({ all: true } as const)
        : ({ all: false, departmentId: principal.departmentId, userId: principal.userId } as const);
      // Two statements side by side (on PostgreSQL, two connections): a ticket opened between them may be counted
      // and not listed or the reverse, which the next live event's refetch settles.
      const [header, page] = await Promise.all([
        clientRepo.panelHeader(db, principal.companyId, clientId, scope),
        clientRepo.panelTickets(db, principal.companyId, clientId, scope, before, CLIENT_PANEL_TICKETS_PAGE + 1),
      ]);
      if (!header) throw new NotFoundError(CLIENT_NOT_FOUND);
      const more = page.length > CLIENT_PANEL_TICKETS_PAGE;
      const tickets = more ? page.slice(0, CLIENT_PANEL_TICKETS_PAGE) : page;
      return {
        client: toClient(header.client),
        identities: header.identities,
        counts: header.counts,
        average_rating: header.averageRating,
        tickets,
        next_before: more ? tickets[tickets.length - 1]!.ticketid : null,
      };
    },

    async updateDetails(companyId: string, body: UpdateClientBody) {
      const row = await clientRepo.update(db, companyId, body.clientid, {
        name: body.client_name,
        address: body.address,
        accountNumber: body.account_number,
        note: body.note,
      });
      if (!row) throw new NotFoundError(CLIENT_NOT_FOUND);
      return announce(companyId, toClient(row));
    },

    /**
     * Sets the account number from a ticket's chat pane: the ticket must be this client's, and a plain agent may
     * do it only on a ticket they handle (the only tickets they may write in).
     */
    async updateNumber(principal: Principal, body: UpdateClientNumberBody) {
      const client = await db.transaction(async (tx) => {
        const ticket = await clientRepo.ticket(tx, principal.companyId, body.ticketid);
        if (!ticket || ticket.clientId !== body.clientid) throw new NotFoundError('Ticket not found');
        if (ticket.departmentId !== body.departmentId) throw new NotFoundError('Department not found!');
        if (principal.role === 'agent' && ticket.handlerId !== principal.userId) {
          throw new ForbiddenError('Only the agent handling the ticket may change the account number');
        }
        const row = await clientRepo.update(tx, principal.companyId, body.clientid, {
          accountNumber: body.client_number,
        });
        if (!row) throw new NotFoundError(CLIENT_NOT_FOUND);
        return toClient(row);
      });
      return announce(principal.companyId, client);
    },
  };
}
