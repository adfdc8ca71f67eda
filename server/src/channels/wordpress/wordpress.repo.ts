import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users, widgetSessions, wordpressTokens } from '../../db/schema';
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
 * The WordPress channel's two tables: a company's site tokens (the secret sealed on write, opened on read, bound
 * to its column and company) and the visitors' widget sessions.
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

    /** Slides the session's expiry (the caller does it at most once a minute). */
    async extendSession(db: Db, id: string, now: Date, expiresAt: Date) {
      await db.update(widgetSessions).set({ lastSeenAt: now, expiresAt }).where(eq(widgetSessions.id, id));
    },

    async endSession(db: Db, id: string) {
      await db.delete(widgetSessions).where(eq(widgetSessions.id, id));
    },

    async deleteExpiredSessions(db: Db, now: Date) {
      await db.delete(widgetSessions).where(lt(widgetSessions.expiresAt, now));
    },
  };
}
