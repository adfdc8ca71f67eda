import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/crypto';
import { sessionRepo, type SessionRow } from './session.repo';

/** How often a used session writes its new expiry: often enough for presence, rarely enough to stay cheap. */
export const SESSION_TOUCH_INTERVAL_MS = 30_000;

export type SessionContext = SessionRow;
export type SessionService = ReturnType<typeof createSessionService>;

/**
 * Server-side sessions: the cookie holds a random token, the table holds its SHA-256. Expiry slides: every use
 * (at most every 30 s) pushes it `ttlMs` ahead. Sessions end at logout, at password reset and when an agent is
 * disabled (a disabled user's sessions also stop resolving at once).
 */
export function createSessionService(deps: { db: Db; clock: Clock; ttlMs: number }) {
  const { db, clock, ttlMs } = deps;

  return {
    ttlMs,

    async create(user: { id: string; companyId: string }, meta: { userAgent?: string; ip?: string }, tx: Tx = db) {
      const token = randomToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + ttlMs);
      await sessionRepo.insert(tx, {
        id: sha256(token),
        userId: user.id,
        companyId: user.companyId,
        expiresAt,
        now,
        ...meta,
      });
      return { token, expiresAt };
    },

    /** The session behind a cookie value, with its expiry slid forward; undefined when it is gone or expired. */
    async resolve(token: string | undefined): Promise<SessionContext | undefined> {
      if (!token || token.length > 100) return undefined;
      const now = clock.now();
      const session = await sessionRepo.findLive(db, sha256(token), now);
      if (!session) return undefined;
      if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        const expiresAt = new Date(now.getTime() + ttlMs);
        await sessionRepo.touch(db, session.sessionId, now, expiresAt);
        return { ...session, lastSeenAt: now, expiresAt };
      }
      return session;
    },

    /**
     * The live ones among these sessions (by their stored ids), read only: live connections check their sessions
     * with this, and a connection is no use of the session, so nothing slides.
     */
    findLive: (sessionIds: string[]) => sessionRepo.findLiveMany(db, sessionIds, clock.now()),

    /** Ends the session of a cookie value; answers whose it was, if anyone's. */
    async end(token: string | undefined) {
      if (!token) return undefined;
      const sessionId = sha256(token);
      const ended = await sessionRepo.delete(db, sessionId);
      return ended && { ...ended, sessionId };
    },

    endAllOfUser: (userId: string, tx: Tx = db) => sessionRepo.deleteAllOfUser(tx, userId),
  };
}
