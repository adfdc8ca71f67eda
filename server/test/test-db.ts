/**
 * A fresh database per test file: in-memory PGlite by default, or a new PostgreSQL database on TEST_DATABASE_URL
 * when KC_TEST_DB=postgres (dropped afterwards, so runs never see each other's rows).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';

export const testDbKind = (): 'pglite' | 'postgres' => (process.env.KC_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** A new, empty PostgreSQL database beside `adminUrl`'s, so a run never sees another's rows; `drop()` removes it. */
export async function freshPostgres(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind() === 'pglite') return openDatabase({});

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('KC_TEST_DB=postgres needs TEST_DATABASE_URL');
  const fresh = await freshPostgres(adminUrl, 'kc_test');
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
