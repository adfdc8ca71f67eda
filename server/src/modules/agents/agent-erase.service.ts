import { randomBytes } from 'node:crypto';
import { AGENT_ERASE_MESSAGES, FORMER_AGENT, type AgentEraseResponse } from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { ActionService } from '../actions';
import { agentRepo } from './agent.repo';
import { AGENT_NOT_FOUND } from './agent.service';

/** The former agent whose data goes, and the name they have from now on. */
export type ErasedAgent = { companyId: string; userId: string; formerName: string };

/**
 * Something another module keeps of an agent, forgotten or renamed inside the erasure's transaction: sessions,
 * push subscriptions, bubbles, the name in notifications and close notes. Wired in app.ts, so this module imports
 * none of the modules that own them.
 */
export type PersonalDataHolder = (tx: Tx, agent: ErasedAgent) => Promise<unknown>;

/**
 * The address an erased account keeps: unique (users_email_uq) and never deliverable (.invalid is reserved), so
 * neither a login nor a password reset can reach the account again, and the old address is free for a new one.
 */
export const erasedEmail = (userId: string) => `erased+${userId}@erased.invalid`;

export type AgentEraser = ReturnType<typeof createAgentEraser>;

/**
 * Erases a former agent's personal data on an admin's request, keeping the account row so their messages, tickets
 * and ratings keep their author ("Former agent"). Only a disabled agent of the caller's company, never oneself.
 *
 * In one transaction: the name becomes "Former agent", the e-mail a placeholder, the password hash a value no
 * password matches, the photo reference and every holder's data go, and an `agent_erase` action records the admin
 * (`user_id`) and the agent (`subject_user_id`). After the commit the agent's live connections are dropped and the
 * photo leaves the file store. The account stays disabled for good (enabling it answers 409).
 */
export function createAgentEraser(deps: {
  db: Db;
  clock: Clock;
  actions: Pick<ActionService, 'record'>;
  holders: PersonalDataHolder[];
  dropConnectionsOf: (userId: string) => void;
  removeFile: (companyId: string, key: string) => Promise<void>;
  logger: Logger;
}) {
  const { db, clock, actions, holders, dropConnectionsOf, removeFile, logger } = deps;

  return {
    async erase(companyId: string, callerId: string, userId: string): Promise<AgentEraseResponse> {
      if (userId === callerId) throw new ForbiddenError(AGENT_ERASE_MESSAGES.ownAccount);
      const now = clock.now();
      const photo = await db.transaction(async (tx) => {
        const user = await agentRepo.findInCompany(tx, companyId, userId);
        if (!user) throw new NotFoundError(AGENT_NOT_FOUND);
        if (user.erasedAt) throw new ConflictError(AGENT_ERASE_MESSAGES.erased);
        if (!user.disabledAt) throw new ConflictError(AGENT_ERASE_MESSAGES.notDisabled);
        const erased = await agentRepo.erase(tx, companyId, userId, {
          ...FORMER_AGENT,
          email: erasedEmail(userId),
          // Not a password hash at all: verification fails for every password (platform/passwords.ts).
          passwordHash: `erased:${randomBytes(16).toString('hex')}`,
          now,
        });
        // Enabled again (or erased) by another request since it was read.
        if (!erased) throw new ConflictError(AGENT_ERASE_MESSAGES.notDisabled);
        const agent = { companyId, userId, formerName: `${FORMER_AGENT.firstName} ${FORMER_AGENT.lastName}` };
        for (const holder of holders) await holder(tx, agent);
        await actions.record({ companyId, userId: callerId, subjectUserId: userId, actionType: 'agent_erase' }, tx);
        return user.profilePic;
      });
      dropConnectionsOf(userId);
      if (photo) {
        await removeFile(companyId, photo).catch((error: unknown) =>
          logger.error({ err: error, companyId }, 'agent erasure: the profile photo could not be removed'),
        );
      }
      return { userid: userId, erased_on: now.toISOString() };
    },
  };
}
