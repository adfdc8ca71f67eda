import { WP_TOKEN_MESSAGES, type GeneratedWpToken, type WordpressToken } from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { randomToken } from '../../platform/crypto';
import { NotFoundError } from '../../platform/errors';
import type { WidgetPublisher } from '../../platform/widget-events';
import type { TokenListing, WordpressRepo } from './wordpress.repo';

export type WordpressTokens = ReturnType<typeof createWordpressTokens>;

const toListing = (t: TokenListing): WordpressToken => ({
  token_name: t.name,
  token_id: t.publicId,
  created_by_name: t.createdByName,
  created_at: t.createdAt.toISOString(),
  site_origin: t.siteOrigin,
  last_seen_at: t.lastSeenAt?.toISOString() ?? null,
  active_sessions: t.activeSessions,
});

/** Settings → WordPress (admins): a site's token made, listed and revoked. The secret is shown once, at birth. */
export function createWordpressTokens(deps: { db: Db; clock: Clock; repo: WordpressRepo; live: WidgetPublisher }) {
  const { db, clock, repo, live } = deps;

  return {
    async generate(admin: Principal, body: { tokenName: string; siteUrl: string }): Promise<GeneratedWpToken> {
      const secret = randomToken(32);
      const row = await repo.insertToken(db, {
        companyId: admin.companyId,
        publicId: `wpt_${randomToken(16)}`,
        name: body.tokenName,
        secret,
        siteOrigin: body.siteUrl,
        createdById: admin.userId,
        createdAt: clock.now(),
      });
      return {
        ...toListing({
          ...row,
          createdByName: `${admin.firstName} ${admin.lastName}`.trim() || null,
          activeSessions: 0,
        }),
        token: `${row.publicId}.${secret}`,
      };
    },

    list: async (admin: Principal): Promise<WordpressToken[]> =>
      (await repo.listTokens(db, admin.companyId, clock.now())).map(toListing),

    /**
     * Revokes the company's token: its widget sessions are deleted with it and their live connections dropped on
     * every process; its tickets stay (agents keep the history), but nothing more reaches that site.
     * `createdAt` must be the token's own (SPEC's path names both), so a stale list cannot delete a newer token.
     */
    async revoke(admin: Principal, publicId: string, createdAt: string) {
      const deleted = await db.transaction(async (tx) => {
        const token = await repo.tokenByPublicId(tx, publicId);
        if (!token || token.companyId !== admin.companyId) return undefined;
        // Timestamps travel as ISO strings with milliseconds; the stored one has microseconds.
        const when = Date.parse(createdAt);
        if (Number.isNaN(when) || Math.abs(token.createdAt.getTime() - when) >= 1) return undefined;
        return repo.deleteToken(tx, admin.companyId, publicId);
      });
      if (!deleted) throw new NotFoundError(WP_TOKEN_MESSAGES.invalidToken);
      live.endToken(publicId);
      return { message: 'Token deleted' };
    },
  };
}
