import type { Readable } from 'node:stream';
import {
  CLIENT_NOT_FOUND,
  clientExportFileName,
  ERASED_CLIENT_NAME,
  PRIVACY_MESSAGES,
  type ClientEraseResponse,
} from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { ConflictError, GoneError, NotFoundError } from '../../platform/errors';
import type { EventPublisher } from '../../platform/events';
import type { Logger } from '../../platform/logger';
import type { ActionService } from '../actions';
import { clientRepo, toClient } from '../clients';
import { outboxRepo } from '../delivery';
import { heldMessageRepo } from '../held-messages';
import { inboundUpdateRepo } from '../inbound-updates';
import { messageRepo } from '../messages';
import { notificationRepo } from '../notifications';
import { pinRepo } from '../pins';
import { ticketViewRepo } from '../ticket-lists';
import { audienceOf, ticketRepo } from '../tickets';
import { writeClientExport, type ExportFiles } from './privacy.export';
import { zipStream } from './zip-stream';

/**
 * The channel side of an erasure, filled in by app.ts (modules never reach into channels): the WordPress widget's
 * sessions of the client's identities hold the name and e-mail the visitor gave and keep their widget open.
 */
export type VisitorSessions = {
  /** Inside the erasure's transaction: deletes the sessions of these identities, answering their ids. */
  forget(tx: Tx, companyId: string, identities: string[]): Promise<string[]>;
  /** After the commit: closes those sessions' open widgets. */
  ended(sessionIds: string[]): void;
};

export type PrivacyService = ReturnType<typeof createPrivacyService>;

/**
 * Data protection for clients (ARCHITECTURE §9): export everything held about a client, or erase them. Both are
 * an admin's, within their company, and both are written to the client's action log.
 */
export function createPrivacyService(deps: {
  db: Db;
  clock: Clock;
  events: EventPublisher;
  actions: Pick<ActionService, 'record'>;
  /** Reads files for the export; deletes an erased client's files once the erasure has committed. */
  storage: ExportFiles & { remove(companyId: string, key: string): Promise<void> };
  visitors: VisitorSessions;
  logger: Logger;
}) {
  const { db, clock, events, actions, storage, visitors, logger } = deps;

  return {
    /**
     * The client's export as a ZIP stream (privacy.export.ts), logged as 'client_export' before it starts. Read
     * page by page without one snapshot, as a long download must not hold a transaction open: a message that
     * arrives meanwhile may or may not be in it. 404 for another company's client, 410 for an erased one.
     */
    async exportClient(principal: Principal, clientId: string): Promise<{ fileName: string; stream: Readable }> {
      const client = await clientRepo.byId(db, principal.companyId, clientId);
      if (!client) throw new NotFoundError(CLIENT_NOT_FOUND);
      if (client.erasedAt) throw new GoneError(PRIVACY_MESSAGES.erasedNoExport);
      await actions.record({
        companyId: principal.companyId,
        userId: principal.userId,
        clientId,
        actionType: 'client_export',
      });
      const now = clock.now();
      const stream = zipStream((zip) => writeClientExport(zip, { db, files: storage, now }, client), {
        mtime: now,
        onError: (err) => logger.error({ err, clientId }, 'the client export failed while streaming'),
      });
      return { fileName: clientExportFileName(client.shortId), stream };
    },

    /**
     * Erases a client of the caller's company in one transaction that holds the client's lock (so intake waits, then
     * finds no identity and starts a new client): the profile becomes "Erased client" with no details; the channel
     * identities, widget sessions, waiting messages, pins and outbox rows (sent or still pending) go; what people
     * wrote in the client's tickets is erased in place; notifications stop quoting it; the raw channel updates
     * lose their payloads; open tickets close without a word to the client. Ticket rows, desk events and ratings
     * stay, so counts and reports hold. After the commit the files leave the store and open screens are told.
     * 404 for another company's client, 409 for one already erased.
     */
    async eraseClient(principal: Principal, clientId: string): Promise<ClientEraseResponse> {
      const { companyId } = principal;
      const done = await db.transaction(async (tx) => {
        const client = await clientRepo.lockForErase(tx, companyId, clientId);
        if (!client) throw new NotFoundError(CLIENT_NOT_FOUND);
        if (client.erasedAt) throw new ConflictError(PRIVACY_MESSAGES.alreadyErased);
        const now = clock.now();
        await ticketRepo.lockOfClient(tx, companyId, clientId);
        const closed = await ticketRepo.closeOpenOfClient(tx, companyId, clientId, principal.userId, now);
        const identities = await clientRepo.deleteIdentities(tx, companyId, clientId);
        const externalIds = identities.map((i) => i.externalId);
        await outboxRepo.deleteOfClient(tx, companyId, clientId, identities);
        const unpinned = await pinRepo.deleteOfClient(tx, companyId, clientId);
        const fileKeys = [
          ...(await messageRepo.eraseOfClient(tx, companyId, clientId, now)),
          ...(await heldMessageRepo.dropHeld(tx, clientId)),
        ];
        await notificationRepo.eraseOfClient(tx, companyId, clientId, ERASED_CLIENT_NAME);
        await inboundUpdateRepo.forgetOf(tx, companyId, externalIds, now);
        const sessions = await visitors.forget(tx, companyId, externalIds);
        const row = await clientRepo.erase(tx, companyId, clientId, ERASED_CLIENT_NAME, now);
        await actions.record({ companyId, userId: principal.userId, clientId, actionType: 'client_erase' }, tx);
        return { row, closed, unpinned, fileKeys, sessions };
      });

      visitors.ended(done.sessions);
      for (const key of done.fileKeys) {
        // A file the store fails to delete is logged and left: the erasure itself has happened.
        await storage
          .remove(companyId, key)
          .catch((err: unknown) => logger.error({ err, key }, 'an erased client’s file could not be deleted'));
      }
      events.toCompany(companyId, 'clientUpdated', { client: toClient(done.row) });
      for (const ticketId of done.closed) {
        const ticket = await ticketViewRepo.view(db, companyId, ticketId);
        if (ticket) events.toTicket(audienceOf(ticket), 'closeTicket', { ticket });
      }
      for (const pin of done.unpinned) {
        const ticket = await ticketViewRepo.view(db, companyId, pin.ticketId);
        if (ticket) {
          events.toTicket(audienceOf(ticket), 'unpinMessage', { ticketid: pin.ticketId, messageid: pin.messageId });
        }
      }
      return { clientid: done.row.id, erased_on: done.row.erasedAt!.toISOString() };
    },
  };
}
