import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';

/** A subscription to send to, with the language its owner reads. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string; language: string };

const target = {
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
  language: users.language,
};

export const pushRepo = {
  /**
   * Stores a browser's subscription for a user, enabled. An endpoint belongs to one browser profile: when another
   * account subscribes from it (a shared desk), the subscription moves to that account.
   */
  async upsert(tx: Tx, row: { companyId: string; userId: string; endpoint: string; p256dh: string; auth: string }) {
    await tx
      .insert(pushSubscriptions)
      .values({ ...row, enabled: true })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { companyId: row.companyId, userId: row.userId, p256dh: row.p256dh, auth: row.auth, enabled: true },
      });
  },

  async isEnabledFor(tx: Tx, companyId: string, userId: string, endpoint: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.companyId, companyId),
          eq(pushSubscriptions.userId, userId),
          eq(pushSubscriptions.endpoint, endpoint),
          eq(pushSubscriptions.enabled, true),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  /** Turns all of a user's subscriptions on or off; answers how many the user has. */
  async setEnabled(tx: Tx, companyId: string, userId: string, enabled: boolean): Promise<number> {
    const rows = await tx
      .update(pushSubscriptions)
      .set({ enabled })
      .where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.userId, userId)))
      .returning({ id: pushSubscriptions.id });
    return rows.length;
  },

  /** The enabled subscriptions of the enabled agents of a department. */
  departmentTargets(tx: Tx, companyId: string, departmentId: string): Promise<PushTarget[]> {
    return tx
      .select(target)
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(
        and(
          eq(pushSubscriptions.companyId, companyId),
          eq(pushSubscriptions.enabled, true),
          eq(users.companyId, companyId),
          eq(users.departmentId, departmentId),
          isNull(users.disabledAt),
        ),
      );
  },

  userTargets(tx: Tx, userId: string): Promise<PushTarget[]> {
    return tx
      .select(target)
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.enabled, true), isNull(users.disabledAt)));
  },

  async deleteByEndpoint(tx: Tx, endpoint: string) {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  },

  /** Every browser subscription of a user (an erased former agent's). */
  async deleteAllOfUser(tx: Tx, companyId: string, userId: string) {
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.userId, userId)));
  },
};
