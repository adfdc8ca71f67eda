import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { usedIdentities, users, widgetSessions, wordpressTokens } from '../../db/schema';
import type { SecretBox } from '../../platform/secrets';
import { secretContext } from '../channel-secrets';

type StoredToken = typeof wordpressTokens.$inferSelect;
/** A token as the channel uses it: the secret open, in memory only. */
export type TokenRow = StoredToken;
export type TokenListing = Omit<StoredToken, 'secret'> & { createdByName: string | null; activeSessions: number };
export type WidgetSessionRow = typeof widgetSessions.$inferSelect;
/** A session with what every widget call checks: its token's public id and site origin. */
export type ResolvedWidgetSession = WidgetSessionRow & {
  tokenPublicId: string;
  siteOrigin: string;
  tokenLastSeenAt: Date | null;
};

export type WordpressRepo = ReturnType<typeof createWordpressRepo>;

/**
 * The WordPress channel's tables: a company's site tokens (the secret sealed on write, opened on read, bound to its
 * column and company), the visitors' widget sessions, and the signed identities already used.
 */
export function createWordpressRepo(box: SecretBox) {
  const context = (companyId: string) => secretContext('wordpress_tokens.secret', companyId);
  const open = (row: StoredToken): TokenRow => ({ ...row, secret: box.open(row.secret, context(row.companyId)) });

  return {
    async insertToken(db: Db | Tx, values: Omit<typeof wordpressTokens.$inferInsert, 'id'>): Promise<TokenRow> {
      const [row] = await db
        .insert(wordpressTokens)
        .values({ ...values, secret: box.seal(values.secret, context(values.companyId)) })
        .returning();
      return { ...row!, secret: values.secret };
    },

    /** A token by the public id a page carries, with its secret; undefined for an unknown or revoked one. */
    async tokenByPublicId(db: Db | Tx, publicId: string): Promise<TokenRow | undefined> {
      const [row] = await db.select().from(wordpressTokens).where(eq(wordpressTokens.publicId, publicId)).limit(1);
      return row && open(row);
    },

    /** The site origin of a token by its public id; undefined for an unknown one. Reads no secret. */
    async siteOriginOfToken(db: Db, publicId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ siteOrigin: wordpressTokens.siteOrigin })
        .from(wordpressTokens)
        .where(eq(wordpressTokens.publicId, publicId))
        .limit(1);
      return row?.siteOrigin;
    },

    /** Whether some token (of any company) names this site origin (wordpress_tokens_site_origin_idx). */
    async isSiteOrigin(db: Db, origin: string): Promise<boolean> {
      const [row] = await db
        .select({ id: wordpressTokens.id })
        .from(wordpressTokens)
        .where(eq(wordpressTokens.siteOrigin, origin))
        .limit(1);
      return Boolean(row);
    },

    async tokenExists(db: Db, publicId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: wordpressTokens.id })
        .from(wordpressTokens)
        .where(eq(wordpressTokens.publicId, publicId))
        .limit(1);
      return Boolean(row);
    },

    /** The company's tokens, newest first, with who made them and how many widget sessions are open now. */
    async listTokens(db: Db, companyId: string, now: Date): Promise<TokenListing[]> {
      const open = db
        .select({ tokenId: widgetSessions.tokenId, n: count().as('n') })
        .from(widgetSessions)
        .where(and(eq(widgetSessions.companyId, companyId), gt(widgetSessions.expiresAt, now)))
        .groupBy(widgetSessions.tokenId)
        .as('open_sessions');
      const rows = await db
        .select({
          id: wordpressTokens.id,
          companyId: wordpressTokens.companyId,
          publicId: wordpressTokens.publicId,
          name: wordpressTokens.name,
          siteOrigin: wordpressTokens.siteOrigin,
          createdById: wordpressTokens.createdById,
          createdAt: wordpressTokens.createdAt,
          lastSeenAt: wordpressTokens.lastSeenAt,
          createdByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
          activeSessions: sql<number>`coalesce(${open.n}, 0)::int`,
        })
        .from(wordpressTokens)
        .leftJoin(users, eq(users.id, wordpressTokens.createdById))
        .leftJoin(open, eq(open.tokenId, wordpressTokens.id))
        .where(eq(wordpressTokens.companyId, companyId))
        .orderBy(desc(wordpressTokens.createdAt), desc(wordpressTokens.id));
      return rows;
    },

    /** Deletes the company's token (its sessions go with it); the deleted row, if there was one. */
    async deleteToken(tx: Tx, companyId: string, publicId: string): Promise<{ id: string } | undefined> {
      const [row] = await tx
        .delete(wordpressTokens)
        .where(and(eq(wordpressTokens.companyId, companyId), eq(wordpressTokens.publicId, publicId)))
        .returning({ id: wordpressTokens.id });
      return row;
    },

    /** Marks the token seen; at most once a minute, so busy sites do not write on every call. */
    async touchToken(db: Db, id: string, now: Date) {
      await db
        .update(wordpressTokens)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(wordpressTokens.id, id),
            sql`(${wordpressTokens.lastSeenAt} is null or ${wordpressTokens.lastSeenAt} < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz)`,
          ),
        );
    },

    async insertSession(tx: Tx | Db, values: typeof widgetSessions.$inferInsert) {
      await tx.insert(widgetSessions).values(values);
    },

    /** The live sessions among `ids`, each with its token's public id, origin and last sighting: one read. */
    async resolveSessions(db: Db, ids: string[], now: Date): Promise<ResolvedWidgetSession[]> {
      const rows = await db
        .select({
          session: widgetSessions,
          tokenPublicId: wordpressTokens.publicId,
          siteOrigin: wordpressTokens.siteOrigin,
          tokenLastSeenAt: wordpressTokens.lastSeenAt,
        })
        .from(widgetSessions)
        .innerJoin(wordpressTokens, eq(wordpressTokens.id, widgetSessions.tokenId))
        .where(and(inArray(widgetSessions.id, ids), gt(widgetSessions.expiresAt, now)));
      return rows.map((row) => ({
        ...row.session,
        tokenPublicId: row.tokenPublicId,
        siteOrigin: row.siteOrigin,
        tokenLastSeenAt: row.tokenLastSeenAt,
      }));
    },

    /** The site proved the session's visitor again now: the check restarts and the expiry slides. */
    async proveSession(tx: Tx | Db, id: string, now: Date, expiresAt: Date) {
      await tx
        .update(widgetSessions)
        .set({ identityCheckedAt: now, lastSeenAt: now, expiresAt })
        .where(eq(widgetSessions.id, id));
    },

    /**
     * Takes a signed identity (by its SHA-256) for good: true the first time, false once any process took it. The
     * row stays until the identity could no longer be accepted anyway.
     */
    async useIdentity(tx: Tx | Db, id: string, expiresAt: Date): Promise<boolean> {
      const taken = await tx
        .insert(usedIdentities)
        .values({ id, expiresAt })
        .onConflictDoNothing()
        .returning({ id: usedIdentities.id });
      return taken.length > 0;
    },

    /** Forgets used identities that expired, at most `limit` of them (oldest first) per call. */
    async deleteExpiredIdentities(db: Db, now: Date, limit: number) {
      const expired = db
        .select({ id: usedIdentities.id })
        .from(usedIdentities)
        .where(lt(usedIdentities.expiresAt, now))
        .orderBy(usedIdentities.expiresAt)
        .limit(limit);
      await db.delete(usedIdentities).where(inArray(usedIdentities.id, expired));
    },

    /** Slides the session's expiry (the caller does it at most once a minute). */
    async extendSession(db: Db, id: string, now: Date, expiresAt: Date) {
      await db.update(widgetSessions).set({ lastSeenAt: now, expiresAt }).where(eq(widgetSessions.id, id));
    },

    /** Deletes the company's widget sessions of these visitor identities (an erasure), answering their ids. */
    async deleteSessionsOf(tx: Tx | Db, companyId: string, identities: string[]): Promise<string[]> {
      if (!identities.length) return [];
      const rows = await tx
        .delete(widgetSessions)
        .where(and(eq(widgetSessions.companyId, companyId), inArray(widgetSessions.identity, identities)))
        .returning({ id: widgetSessions.id });
      return rows.map((r) => r.id);
    },

    async endSession(db: Db, id: string) {
      await db.delete(widgetSessions).where(eq(widgetSessions.id, id));
    },

    async deleteExpiredSessions(db: Db, now: Date) {
      await db.delete(widgetSessions).where(lt(widgetSessions.expiresAt, now));
    },
  };
}
