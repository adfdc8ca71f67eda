import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { actionRepo, type NewAction } from './action.repo';

export type ActionService = ReturnType<typeof createActionService>;

/** The audit trail of SPEC §3 (user_login, ticket_accept …) shown on agent and client profiles. */
export function createActionService(deps: { db: Db; clock: Clock }) {
  return {
    record: (action: Omit<NewAction, 'id' | 'createdAt'>, tx: Tx = deps.db) =>
      actionRepo.insert(tx, { ...action, createdAt: deps.clock.now() }),
  };
}
