import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sessions, users } from '../../db/schema';

export type SessionRow = {
  sessionId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  userId: string;
  companyId: string;
  role: 'admin' | 'moderator' | 'agent';
  email: string;
  firstName: string;
  lastName: string;
  departmentId: string | null;
  language: string;
};

export const sessionRepo = {
  async insert(
    tx: Tx,
    row: { id: string; userId: string; companyId: string; expiresAt: Date; now: Date; userAgent?: string; ip?: string },
  ) {
    await tx.insert(sessions).values({
      id: row.id,
      userId: row.userId,
      companyId: row.companyId,
      expiresAt: row.expiresAt,
      createdAt: row.now,
      lastSeenAt: row.now,
      userAgent: row.userAgent?.slice(0, 300),
      ip: row.ip,
    });
  },

  /** The live session with its enabled user; a disabled user's sessions resolve to nothing. */
  async findLive(tx: Tx, id: string, now: Date): Promise<SessionRow | undefined> {
    const [row] = await sessionRepo.findLiveMany(tx, [id], now);
    return row;
  },

  /** The live ones among these sessions, with their enabled users, in one read. */
  async findLiveMany(tx: Tx, ids: string[], now: Date): Promise<SessionRow[]> {
    if (ids.length === 0) return [];
    return tx
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        userId: users.id,
        companyId: users.companyId,
        role: users.role,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        departmentId: users.departmentId,
        language: users.language,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          ids.length === 1 ? eq(sessions.id, ids[0]!) : inArray(sessions.id, ids),
          gt(sessions.expiresAt, now),
          isNull(users.disabledAt),
        ),
      );
  },

  async touch(tx: Tx, id: string, now: Date, expiresAt: Date) {
    await tx.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
  },

  async delete(tx: Tx, id: string) {
    const deleted = await tx
      .delete(sessions)
      .where(eq(sessions.id, id))
      .returning({ userId: sessions.userId, companyId: sessions.companyId });
    return deleted[0];
  },

  async deleteAllOfUser(tx: Tx, userId: string) {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  },
};
