/**
 * `npm run restore -- <backup folder> [--force]`: puts a backup of `npm run backup` into DATA_DIR — the embedded
 * database and every file of DATA_DIR (the disk file store, the secrets key, the push keys). Every file is checked
 * against the manifest's SHA-256 before anything is touched.
 *
 * It refuses a DATA_DIR that holds anything, unless `--force`: then what was there is not deleted but moved into
 * DATA_DIR/before-restore-<time>/ (delete it once the restored server runs well). It always refuses while a
 * process holds the embedded database: stop the server first.
 *
 * A backup of a PostgreSQL deployment holds no database: restore its pg_dump with pg_restore (README); this puts
 * back the files and keys. What it writes is owner-only (folders 0700, files 0600), as the server keeps DATA_DIR.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { PRIVATE_FOLDER_MODE, tightenTree, usePrivateUmask } from '../private-files';
import {
  assertDatabaseClosed,
  BackupError,
  DATA_FOLDER,
  DATABASE_ARCHIVE,
  exists,
  MANIFEST,
  openEmbedded,
  pgliteFolder,
  sha256File,
  type Manifest,
} from './backup';

export async function restore(
  env: NodeJS.ProcessEnv,
  options: { from: string; force?: boolean; now?: Date; print?: (line: string) => void },
): Promise<{ manifest: Manifest; setAside: string | undefined }> {
  const print = options.print ?? (() => undefined);
  const config = loadConfig(env);
  const from = path.resolve(options.from);
  const manifestFile = path.join(from, MANIFEST);
  if (!(await exists(manifestFile))) throw new BackupError(`${from} is not a KreeChat backup (no ${MANIFEST})`);
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`Unknown backup format ${String(manifest.format)}`);
  if (manifest.database === 'pglite' && config.databaseUrl) {
    throw new BackupError(
      'This backup holds an embedded database, but DATABASE_URL is set: restore it without DATABASE_URL.',
    );
  }

  print(`Checking ${manifest.files.length} files against the manifest…`);
  for (const file of manifest.files) {
    const full = path.join(from, ...file.path.split('/'));
    const stat = await fs.stat(full).catch(() => undefined);
    if (!stat || stat.size !== file.size || (await sha256File(full)) !== file.sha256) {
      throw new BackupError(`The backup is damaged: ${file.path} is missing or differs from the manifest`);
    }
  }

  const dataDir = config.dataDir;
  await fs.mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await assertDatabaseClosed(dataDir);
  const present = (await fs.readdir(dataDir)).filter((name) => !name.startsWith('before-restore-'));
  let setAside: string | undefined;
  if (present.length > 0) {
    if (!options.force) {
      throw new BackupError(
        `${dataDir} is not empty (${present.join(', ')}): restore into an empty DATA_DIR, or pass --force to move ` +
          'what is there aside.',
      );
    }
    setAside = path.join(dataDir, `before-restore-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`);
    await fs.mkdir(setAside, { mode: PRIVATE_FOLDER_MODE });
    for (const name of present) await fs.rename(path.join(dataDir, name), path.join(setAside, name));
    print(`What was in ${dataDir} is now in ${setAside}`);
  }

  const dataCopy = path.join(from, DATA_FOLDER);
  if (await exists(dataCopy)) {
    for (const name of await fs.readdir(dataCopy)) {
      await fs.cp(path.join(dataCopy, name), path.join(dataDir, name), { recursive: true });
    }
  }
  if (manifest.database === 'pglite') {
    print('Loading the embedded database…');
    const archive = await fs.readFile(path.join(from, DATABASE_ARCHIVE));
    const client = await openEmbedded(dataDir, new Blob([archive]));
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
    if (!(await exists(path.join(pgliteFolder(dataDir), 'PG_VERSION')))) {
      throw new BackupError('The embedded database did not load');
    }
  }
  // fs.cp keeps the modes the files had in the backup, and PGlite unpacks its archive with every file 0666.
  tightenTree(dataDir);
  return { manifest, setAside };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  usePrivateUmask();
  if (positionals.length !== 1) {
    console.error('Usage: npm run restore -- <backup folder> [--force]');
    process.exit(2);
  }
  restore(process.env, { from: positionals[0]!, force: values.force, print: (line) => console.log(line) })
    .then(({ manifest }) => {
      console.log(`Restored the backup of ${manifest.createdAt}.`);
      if (manifest.database === 'postgres') {
        console.log('Its database is PostgreSQL: restore the matching pg_dump with pg_restore (README).');
      }
      console.log('Start the server.');
    })
    .catch((error: unknown) => {
      console.error(error instanceof BackupError ? error.message : error);
      process.exit(1);
    });
}
