/**
 * A fresh database per test file: in-memory PGlite by default, or a new PostgreSQL database on TEST_DATABASE_URL
 * when KC_TEST_DB=postgres (dropped afterwards, so runs never see each other's rows).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';

/** The file holding a migrated PGlite data directory (`PGlite.dumpDataDir`), made by database-images.ts. */
export const PGLITE_IMAGE_VARIABLE = 'KC_PGLITE_IMAGE';
/** A migrated PostgreSQL database beside TEST_DATABASE_URL's, for `create database … template`. */
export const POSTGRES_TEMPLATE_VARIABLE = 'KC_PG_TEMPLATE';

export const testDbKind = (): 'pglite' | 'postgres' => (process.env.KC_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/**
 * A new PostgreSQL database beside `adminUrl`'s, so a run never sees another's rows: empty, or a copy of
 * `template`; `drop()` removes it.
 */
export async function freshPostgres(adminUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The migrated database the global setup dumped (database-images.ts), when this run has one. */
function pgliteImage(): Blob | undefined {
  const file = process.env[PGLITE_IMAGE_VARIABLE];
  return file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind() === 'pglite') return openDatabase({ image: pgliteImage() });

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('KC_TEST_DB=postgres needs TEST_DATABASE_URL');
  // Migrated already when the global setup made a template (database-images.ts); openDatabase finds nothing to do.
  const fresh = await freshPostgres(adminUrl, 'kc_test', process.env[POSTGRES_TEMPLATE_VARIABLE]);
  const database = await openDatabase({ databaseUrl: fresh.url });
  return {
    ...database,
    url: fresh.url,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}
