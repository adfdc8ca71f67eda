import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { freePort } from '../../test/net';
import { createReadiness, latestMigrationMillis } from './readiness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/ready', () => {
  it('is public and answers ready with each check, no tenant data; /api/health stays the liveness probe', async () => {
    const ready = await t.client().get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'not configured' },
    });
    expect((await t.client().get('/health')).body).toEqual({ status: 'ok' });
  });

  it('answers 503 "pending" when the latest migration of the journal is not recorded', async () => {
    const latest = latestMigrationMillis();
    const { db } = t.database;
    const [row] = (
      (await db.execute(
        sql`select hash from drizzle.__drizzle_migrations where created_at = ${latest}`,
      )) as unknown as { rows: { hash: string }[] }
    ).rows;
    expect(row).toBeDefined();
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${latest}`);
    try {
      const ready = await t.client().get('/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'unready', checks: { database: 'ok', migrations: 'pending' } });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${latest})`,
      );
    }
    expect((await t.client().get('/ready')).status).toBe(200);
  });

  it('checks Redis when configured: ok when it answers, degraded (still serving) within the 2 s check when nothing listens', async () => {
    const up = createReadiness({ database: t.database, redisUrl: 'redis://127.0.0.1:6379' });
    const down = createReadiness({ database: t.database, redisUrl: `redis://127.0.0.1:${await freePort()}` });
    try {
      const reportUp = await up.report();
      expect(reportUp).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
      const started = performance.now();
      const reportDown = await down.report();
      expect(reportDown.status).toBe('degraded');
      expect(['failed', 'timeout']).toContain(reportDown.checks.redis);
      expect(reportDown.checks.database).toBe('ok');
      expect(performance.now() - started).toBeLessThan(2_500);
    } finally {
      await up.close();
      await down.close();
    }
  });

  // Last: draining is for good.
  it('answers 503 "draining" once the graceful stop began', async () => {
    t.services.readiness.drain();
    const ready = await t.client().get('/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('draining');
  });
});
