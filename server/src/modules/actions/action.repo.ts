import type { Tx } from '../../db/client';
import { actionRecords } from '../../db/schema';

export type NewAction = typeof actionRecords.$inferInsert;

export const actionRepo = {
  async insert(tx: Tx, action: NewAction) {
    await tx.insert(actionRecords).values(action);
  },
};
