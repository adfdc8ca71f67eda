/**
 * `npm run backup [-- --out <folder>]`: one folder holding everything a deployment keeps in DATA_DIR — the
 * embedded database (PGlite's own dump of its data folder, gzip), the disk file store, the secrets key and the
 * push keys — with a manifest of every file's size and SHA-256. `npm run restore` (restore.ts) puts it back.
 *
 * Stop the server first: PGlite is one process's database, and a copy taken while the server writes could be
 * torn. The backup refuses while DATA_DIR/db/postmaster.pid exists (PGlite writes it when it opens the folder
 * and removes it when it closes; a server killed without stopping leaves it behind: then start and stop the
 * server once, or delete the file once sure no server runs).
 *
 * With DATABASE_URL (PostgreSQL), the database is not in the backup: dump it with pg_dump (README); the folder
 * still holds the disk files and keys. With FILE_STORAGE=database the files are inside the database and its dump.
 *
 * The backup is written under a `.partial` name and renamed when complete, so an interrupted one is never taken
 * for a backup. It holds the secrets key: keep it as safe as the data itself. Like DATA_DIR, it is owner-only
 * (folders 0700, files 0600), whatever the modes of what it copied.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfig, type Config } from '../config';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, tightenTree, usePrivateUmask } from '../private-files';

export const MANIFEST = 'manifest.json';
export const DATABASE_ARCHIVE = 'database.tar.gz';
/** DATA_DIR's other contents (files/, secrets.key, push keys) are copied under this folder of the backup. */
export const DATA_FOLDER = 'data';
/** Folders of DATA_DIR that are not copied: the database (dumped instead) and what restores set aside. */
const NOT_COPIED = (name: string) => name === 'db' || name.startsWith('before-restore-');

export type Manifest = {
  format: 1;
  createdAt: string;
  /** `pglite`: database.tar.gz holds the database; `postgres`: it is dumped apart (pg_dump). */
  database: 'pglite' | 'postgres';
  fileStorage: Config['fileStorage'];
  /** Every file of the backup but the manifest, with its size and SHA-256, paths relative to the backup. */
  files: { path: string; size: number; sha256: string }[];
};

export class BackupError extends Error {}

export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'db');

/** Refuses while a process holds the embedded database (see the file's comment). */
export async function assertDatabaseClosed(dataDir: string) {
  const pid = path.join(pgliteFolder(dataDir), 'postmaster.pid');
  if (await exists(pid)) {
    throw new BackupError(
      `The embedded database is open (${pid} exists): stop the KreeChat server first. If no server runs (it was ` +
        'killed), start and stop it once, or delete that file.',
    );
  }
}

export async function openEmbedded(dataDir: string, loadDataDir?: Blob) {
  const client = new PGlite({ dataDir: pgliteFolder(dataDir), extensions: { pg_trgm }, loadDataDir });
  await client.waitReady;
  return client;
}

export async function backup(
  env: NodeJS.ProcessEnv,
  options: { out: string; now?: Date; print?: (line: string) => void },
): Promise<{ folder: string; manifest: Manifest }> {
  const print = options.print ?? (() => undefined);
  const config = loadConfig(env);
  const out = path.resolve(options.out);
  if (out === config.dataDir || out.startsWith(config.dataDir + path.sep)) {
    throw new BackupError(`The backup folder (${out}) must be outside DATA_DIR (${config.dataDir})`);
  }
  const now = options.now ?? new Date();
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const folder = path.join(out, `kreechat-backup-${stamp}`);
  const partial = `${folder}.partial`;
  if (await exists(folder)) throw new BackupError(`${folder} already exists`);
  await fs.rm(partial, { recursive: true, force: true });
  await fs.mkdir(out, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await fs.mkdir(partial, { mode: PRIVATE_FOLDER_MODE });

  try {
    const embedded = !config.databaseUrl;
    if (embedded) {
      await assertDatabaseClosed(config.dataDir);
      if (!(await exists(path.join(pgliteFolder(config.dataDir), 'PG_VERSION')))) {
        throw new BackupError(`No embedded database in ${pgliteFolder(config.dataDir)}: is DATA_DIR right?`);
      }
      print('Dumping the embedded database…');
      const client = await openEmbedded(config.dataDir);
      try {
        const dump = await client.dumpDataDir('gzip');
        await fs.writeFile(path.join(partial, DATABASE_ARCHIVE), Buffer.from(await dump.arrayBuffer()), {
          mode: PRIVATE_FILE_MODE,
        });
      } finally {
        await client.close();
      }
    }
    print(`Copying ${config.dataDir} (files and keys)…`);
    await fs.mkdir(path.join(partial, DATA_FOLDER), { mode: PRIVATE_FOLDER_MODE });
    for (const name of await fs.readdir(config.dataDir).catch(() => [] as string[])) {
      if (NOT_COPIED(name)) continue;
      await fs.cp(path.join(config.dataDir, name), path.join(partial, DATA_FOLDER, name), {
        recursive: true,
        // Half-written uploads (byte-stores.ts's temporary names) are not files yet.
        filter: (source) => !path.basename(source).startsWith('.tmp-'),
      });
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: now.toISOString(),
      database: embedded ? 'pglite' : 'postgres',
      fileStorage: config.fileStorage,
      files: await describeFiles(partial),
    };
    await fs.writeFile(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', {
      mode: PRIVATE_FILE_MODE,
    });
    // fs.cp keeps each file's own mode: a DATA_DIR left readable by others by an older version would be copied so.
    tightenTree(partial);
    await fs.rename(partial, folder);
    return { folder, manifest };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Every file under `root` (but the manifest), with size and SHA-256, sorted by path. */
export async function describeFiles(root: string): Promise<Manifest['files']> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  const files: Manifest['files'] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, full).split(path.sep).join('/');
    if (relative === MANIFEST) continue;
    files.push({ path: relative, size: (await fs.stat(full)).size, sha256: await sha256File(full) });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

export async function sha256File(file: string) {
  const hash = createHash('sha256');
  for await (const piece of createReadStream(file)) hash.update(piece as Buffer);
  return hash.digest('hex');
}

export async function exists(file: string) {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  usePrivateUmask();
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
  backup(process.env, { out: values.out!, print: (line) => console.log(line) })
    .then(({ folder, manifest }) => {
      const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
      console.log(`Backup written to ${folder} (${manifest.files.length} files, ${bytes} bytes).`);
      if (manifest.database === 'postgres') {
        console.log(
          'The database is PostgreSQL (DATABASE_URL): dump it too, e.g. pg_dump -Fc -f kreechat.dump "$DATABASE_URL".',
        );
      }
      console.log('It holds the secrets key: keep it as safe as the data.');
    })
    .catch((error: unknown) => {
      console.error(error instanceof BackupError ? error.message : error);
      process.exit(1);
    });
}
