/**
 * Readiness (`GET /api/ready`), for a load balancer or an orchestrator: may this process take traffic now? It
 * answers only when the database answers and the migrations this release ships are recorded in drizzle's table;
 * while the process drains for a graceful stop it answers 503 too, so the balancer sends new requests elsewhere.
 * Redis (when REDIS_URL is set) is reported but does not make the process unready: without it every process still
 * serves its own sockets, and a 503 from all of them at once would have a balancer take the whole desk out
 * (`degraded`, 200). `GET /api/health` stays the liveness probe: it touches nothing.
 * No tenant data, no host names or error texts: only which check failed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { MIGRATIONS_FOLDER, type Database } from '../db/client';

export type CheckResult = 'ok' | 'failed' | 'timeout' | 'pending' | 'not configured';

export type ReadinessReport = {
  status: 'ready' | 'degraded' | 'unready' | 'draining';
  checks: { database: CheckResult; migrations: CheckResult; redis: CheckResult };
};

/** A check slower than this counts as failed: the probe itself must never hang. */
export const CHECK_TIMEOUT_MS = 2_000;

/** The `when` of the last migration in drizzle's journal: what this release's code expects to be applied. */
export function latestMigrationMillis(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

class CheckTimeout extends Error {}

const notConfigured = Promise.resolve<CheckResult>('not configured');

/** Resolves when the connection is up (at once, usually); while it is being (re)made, waits for it up to `ms`. */
function redisReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const ready = () => resolve();
    redis.once('ready', ready);
    setTimeout(() => redis.off('ready', ready), ms).unref();
  });
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function run(check: () => Promise<CheckResult>, ms: number): Promise<CheckResult> {
  try {
    return await within(check(), ms);
  } catch (error) {
    return error instanceof CheckTimeout ? 'timeout' : 'failed';
  }
}

export type Readiness = ReturnType<typeof createReadiness>;

export function createReadiness(deps: { database: Database; redisUrl?: string; checkTimeoutMs?: number }) {
  const { database } = deps;
  const ms = deps.checkTimeoutMs ?? CHECK_TIMEOUT_MS;
  const expected = latestMigrationMillis();
  let draining = false;
  // A connection of its own that never queues a command while Redis is away: the probe answers at once.
  const redis = deps.redisUrl
    ? new Redis(deps.redisUrl, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: ms,
        retryStrategy: () => 1_000,
      })
    : undefined;
  redis?.on('error', () => undefined); // its state is what the check reads; the realtime layer logs the outage
  void redis?.connect().catch(() => undefined);

  const checkMigrations = async (): Promise<CheckResult> => {
    const result = await database.db.execute<{ latest: string | number | null }>(
      sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      latest: string | number | null;
    }[];
    return Number(rows[0]?.latest ?? 0) >= expected ? 'ok' : 'pending';
  };

  return {
    /** From now on the process answers 503 (a graceful stop has begun); it never becomes ready again. */
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async report(): Promise<ReadinessReport> {
      const [database_, redis_] = await Promise.all([
        run(async () => (await database.ping(), 'ok'), ms),
        redis ? run(async () => (await redisReady(redis, ms), await redis.ping(), 'ok'), ms) : notConfigured,
      ]);
      const migrations = database_ === 'ok' ? await run(checkMigrations, ms) : 'failed';
      const checks = { database: database_, migrations, redis: redis_ };
      const serving = database_ === 'ok' && migrations === 'ok';
      const status = draining
        ? 'draining'
        : !serving
          ? 'unready'
          : redis_ === 'ok' || redis_ === 'not configured'
            ? 'ready'
            : 'degraded';
      return { status, checks };
    },
    async close() {
      redis?.disconnect();
    },
  };
}
