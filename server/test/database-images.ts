/**
 * Vitest global setup for the server projects: the migrated databases every test's own fresh database starts from
 * (test-db.ts), instead of each applying every migration again. Measured here: a PGlite database 1.9 s of CPU
 * migrated against 0.45 s loaded from the image; a PostgreSQL one 0.63 s against 0.08 s copied from the template.
 * Where they are reaches the workers through the environment, like the push service's certificate.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client';
import { freshPostgres, PGLITE_IMAGE_VARIABLE, POSTGRES_TEMPLATE_VARIABLE } from './test-db';

export default async function setup() {
  // Each server project runs this in the same main process: the first one's images serve them all.
  if (process.env[PGLITE_IMAGE_VARIABLE]) return;
  const cleanups: (() => Promise<void> | void)[] = [];

  const pglite = await openDatabase({});
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-pglite-image-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    const client = (pglite.db as unknown as { $client: PGlite }).$client;
    const file = path.join(dir, 'migrated.tar');
    fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    process.env[PGLITE_IMAGE_VARIABLE] = file;
  } finally {
    await pglite.close();
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await freshPostgres(adminUrl, 'kc_template');
    cleanups.push(() => template.drop());
    const migrated = await openDatabase({ databaseUrl: template.url });
    await migrated.close();
    process.env[POSTGRES_TEMPLATE_VARIABLE] = new URL(template.url).pathname.slice(1);
  }

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    delete process.env[PGLITE_IMAGE_VARIABLE];
    delete process.env[POSTGRES_TEMPLATE_VARIABLE];
  };
}
