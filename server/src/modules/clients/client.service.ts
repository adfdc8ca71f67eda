import { randomInt } from 'node:crypto';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { NotFoundError } from '../../platform/errors';
import { clientRepo, type ClientRow } from './client.repo';

export type ClientService = ReturnType<typeof createClientService>;
type Platform = Parameters<typeof clientRepo.findByIdentityForUpdate>[2];

// No 0/O or 1/I/L: a short id is read aloud over the phone.
const SHORT_ID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const randomShortId = () =>
  Array.from({ length: 8 }, () => SHORT_ID_ALPHABET[randomInt(SHORT_ID_ALPHABET.length)]).join('');

export function createClientService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /**
     * The client behind a channel identity, created on first contact (name and language from the channel
     * profile), and locked until `tx` ends so one client's updates are taken in turn.
     */
    async findOrCreateByIdentity(
      tx: Tx,
      companyId: string,
      platform: Platform,
      identity: { externalId: string; name: string; language?: string | null },
    ): Promise<ClientRow> {
      const existing = await clientRepo.findByIdentityForUpdate(tx, companyId, platform, identity.externalId);
      if (existing) {
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
          language: identity.language ?? null,
          createdAt: clock.now(),
        },
        { platform, externalId: identity.externalId },
      );
    },

    identity: (clientId: string, platform: Platform, tx: Tx = db) => clientRepo.identity(tx, clientId, platform),

    incrementReopened: async (tx: Tx, client: ClientRow) =>
      clientRepo.update(tx, client.companyId, client.id, { reopenedCount: client.reopenedCount + 1 }),

    /** Blocks or unblocks a client of the company: a blocked client's messages make no ticket. */
    async toggleBlocked(companyId: string, clientId: string) {
      const row = await clientRepo.toggleBlocked(db, companyId, clientId);
      if (!row) throw new NotFoundError('Client not found');
      return { clientid: row.id, blocked_on: row.blocked };
    },
  };
}
