/**
 * The database: PGlite embedded in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Both speak the same
 * dialect, share one drizzle schema and one set of migrations, applied at start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PRIVATE_FOLDER_MODE, tightenTree } from '../private-files';
import { advisoryLocks, inProcessLocks, type LockFactory } from './locks';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repos accept either, so services decide the transaction's span. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  locks: LockFactory;
  /** The connection pool's figures for metrics: connections open, idle among them, callers waiting for one. */
  stats(): { total: number; idle: number; waiting: number };
  /** Answers when the database does (readiness): throws what the driver throws when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/**
 * How long a request waits for a connection before it fails (and answers 503): while PostgreSQL is restarted or
 * unreachable nothing hangs.
 */
export const CONNECT_TIMEOUT_MS = 5_000;
/** A statement running longer is cancelled by the server (migrations run on a connection without it). */
export const STATEMENT_TIMEOUT_MS = 30_000;
/**
 * A statement the server has not answered this long after the server's own limit: the server is hung or cut off
 * (a network partition, where TCP would retry for many minutes). The caller gets the error, the connection is
 * closed so nothing queued behind it waits, and the pool replaces it.
 */
export const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5_000;

type Timeouts = { connectMs: number; statementMs: number; queryMs: number };
const TIMEOUTS: Timeouts = {
  connectMs: CONNECT_TIMEOUT_MS,
  statementMs: STATEMENT_TIMEOUT_MS,
  queryMs: QUERY_TIMEOUT_MS,
};

/**
 * pg answers a query past its `query_timeout` with an error but leaves it on the connection, and every later query
 * of that connection would queue behind it: the connection is closed instead (its error and end reach nobody but
 * the pool, which drops it).
 */
function closeOnReadTimeout(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const close = (error: unknown) => {
    if (error instanceof Error && error.message === 'Query read timeout') {
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, ...rest: unknown[]) => {
        close(error);
        return (callback as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    // A side branch only: the caller's promise rejects as before.
    if (result instanceof Promise) result.catch(close);
    return result;
  };
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

/** Any constant shared by all processes: PostgreSQL serialises concurrent starts on it while they migrate. */
const MIGRATION_LOCK = 724_310_021;

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  onIdleError?: (error: Error) => void;
  /** Shorter limits for tests that cut the database off. */
  timeouts?: Partial<Timeouts>;
  /**
   * PGlite only: a data directory to start from (`PGlite.dumpDataDir`). Tests open hundreds of databases; starting
   * each from one already migrated takes a quarter of the time of migrating it anew.
   */
  image?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const timeouts = { ...TIMEOUTS, ...options.timeouts };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.queryMs,
      // A peer that vanished without closing (a network cut) is noticed by the kernel instead of never.
      keepAlive: true,
    });
    // An idle connection the server closed (a restart, an admin's termination) is dropped and replaced by the
    // pool; without a listener its error would crash the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A connection checked out (a transaction between two statements) has no pool listener: when the server goes
    // away its socket error would be an unhandled 'error' event and kill the process. The statement in flight, or
    // the next one, fails with the error instead, and the release drops the broken connection.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      closeOnReadTimeout(client);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Migrations on a connection of their own, without the pool's limits: one may rewrite a large table.
    const migrator = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: timeouts.connectMs,
    });
    migrator.on('error', () => undefined);
    await migrator.connect();
    try {
      await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await migrator.end().catch(() => undefined);
    }
    return {
      db,
      kind: 'postgres',
      locks: advisoryLocks(options.databaseUrl),
      stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }

  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  }
  // pg_trgm backs the client search index (migration 0002); PGlite ships it as a contrib extension.
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm }, loadDataDir: options.image });
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  // A new PGlite folder is unpacked from PGlite's own template with every file chmod-ed 0666, whatever the umask:
  // owner-only now (files the database makes later are 0600 already, as PostgreSQL makes them).
  if (dir) tightenTree(dir);
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    locks: inProcessLocks(),
    // One embedded connection, in this process: never waited for in the pool's sense.
    stats: () => ({ total: 1, idle: 1, waiting: 0 }),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
