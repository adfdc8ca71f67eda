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
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

/** Any constant shared by all processes: PostgreSQL serialises concurrent starts on it while they migrate. */
const MIGRATION_LOCK = 724_310_021;

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closed (a restart, an admin's termination) is dropped and replaced by the
    // pool; without a listener its error would crash the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return { db, kind: 'postgres', locks: advisoryLocks(options.databaseUrl), close: () => pool.end() };
  }

  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
  }
  // pg_trgm backs the client search index (migration 0002); PGlite ships it as a contrib extension.
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: pgliteDb as unknown as Db, kind: 'pglite', locks: inProcessLocks(), close: () => client.close() };
}
