/**
 * The site's daily quota under concurrent uploads through two real server processes (server/src/main.ts, one
 * PostgreSQL database): each process checks and records under the company's advisory lock, so however the
 * uploads interleave, what is accepted never adds up past the quota — and exactly as many as fit are accepted.
 *
 * PostgreSQL project only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { UPLOAD_ERRORS } from '@kreechat/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedCompany, startTestApp, TEST_SECRETS_KEY, type TestApp } from '../../test/harness';
import { spawnServer, type ServerProcess } from '../../test/server-process';
import { SITE } from '../../test/wordpress-world';
import { fileUsage } from '../db/schema';

const SITE_DAY = 1024 * 1024;
const FILE = 100 * 1024;
const UPLOADS = 24;

const zipLike = (size: number) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), randomBytes(size - 30)]);

let seeder: TestApp | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  await seeder?.close();
});

describe('storage quotas across processes', () => {
  it('two processes taking a site’s uploads in parallel never accept more than its day (QUOTA_SITE_DAY)', async () => {
    seeder = await startTestApp();
    const databaseUrl = (seeder.database as { url?: string }).url;
    if (!databaseUrl) throw new Error('needs PostgreSQL');
    const home = await seedCompany(seeder);
    const generated = await home.adminClient.post('/generate-wp-token', { tokenName: 'Shop', siteUrl: SITE });
    expect(generated.status).toBe(201);
    const tokenId = (generated.body.token as string).split('.')[0]!;
    const env = {
      DATABASE_URL: databaseUrl,
      SECRETS_KEY: TEST_SECRETS_KEY,
      QUOTA_SESSION_DAY: '1MB',
      QUOTA_SITE_DAY: '1MB',
      QUOTA_COMPANY: '1GB',
    };
    servers.push(...(await Promise.all([spawnServer(env), spawnServer(env)])));

    // One guest session per upload (a session's own day is no limit here), opened on either process.
    const sessions = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        const server = servers[i % 2]!;
        const reply = await fetch(`${server.baseUrl}/api/widget/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SITE },
          body: JSON.stringify({ tokenId, guest: { name: `Guest ${i}`, email: `guest${i}@example.test` } }),
        });
        expect(reply.status).toBe(201);
        return ((await reply.json()) as { session: string }).session;
      }),
    );

    // All at once, alternating processes.
    const answers = await Promise.all(
      sessions.map(async (session, i) => {
        const form = new FormData();
        form.set('clientMessageId', randomUUID());
        form.set('file', new Blob([zipLike(FILE)]), `part-${i}.zip`);
        const reply = await fetch(`${servers[i % 2]!.baseUrl}/api/widget/files`, {
          method: 'POST',
          headers: { origin: SITE, authorization: `Bearer ${session}` },
          body: form,
        });
        return { status: reply.status, body: (await reply.json()) as { message?: unknown } };
      }),
    );

    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(accepted).toHaveLength(Math.floor(SITE_DAY / FILE));
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body.message).toBe(UPLOAD_ERRORS.dailyAllowanceUsed);
    }
    const rows = await seeder.database.db
      .select({ bytes: fileUsage.bytes })
      .from(fileUsage)
      .where(eq(fileUsage.channelRef, tokenId));
    expect(rows).toHaveLength(accepted.length);
    expect(rows.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThanOrEqual(SITE_DAY);
  }, 180_000);
});
