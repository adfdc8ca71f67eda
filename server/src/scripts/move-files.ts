/**
 * `npm run files:move -- --from disk --to database` (or back): moves every stored file, thumbnails included,
 * from one file store to the other. Keys stay the same, so messages and URLs need no change.
 *
 * Stop every KreeChat process first (one still running would keep writing new uploads to the old store), run
 * the move with the server's settings (DATA_DIR, DATABASE_URL), set FILE_STORAGE to the new store, start again.
 *
 * Each file is copied, read back and compared (size and SHA-256) before the source copy is deleted, so an
 * interrupted move loses nothing; running it again resumes: a file already in the target with the same size and
 * hash is not copied again, only removed from the source. `--keep` copies without deleting the source.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db/client';
import { databaseStore, diskStore, type ByteStore, type FileStorageKind } from '../files/byte-stores';
import { usePrivateUmask } from '../private-files';
import { assertDatabaseClosed } from './backup';

export type MoveResult = { copied: number; alreadyThere: number; failed: { key: string; reason: string }[] };

const KINDS: FileStorageKind[] = ['disk', 'database'];

async function sha256(store: ByteStore, key: string) {
  const hash = createHash('sha256');
  for await (const piece of store.stream(key)) hash.update(piece as Buffer);
  return hash.digest('hex');
}

export async function moveFiles(options: {
  from: FileStorageKind;
  to: FileStorageKind;
  dataDir: string;
  db: Db;
  keep?: boolean;
  print?: (line: string) => void;
}): Promise<MoveResult> {
  const { from, to, print = () => undefined } = options;
  if (from === to) throw new Error(`--from and --to are both ${from}: nothing to move`);
  const storeOf = (kind: FileStorageKind) => (kind === 'disk' ? diskStore(options.dataDir) : databaseStore(options.db));
  const source = storeOf(from);
  const target = storeOf(to);
  const result: MoveResult = { copied: 0, alreadyThere: 0, failed: [] };

  // The keys are listed first: removing from the source while listing it would skip some.
  const keys: string[] = [];
  for await (const key of source.keys()) keys.push(key);
  for (const key of keys) {
    try {
      const size = await source.size(key);
      if (size === undefined) continue; // removed meanwhile
      const hash = await sha256(source, key);
      const there = (await target.size(key)) === size && (await sha256(target, key)) === hash;
      if (there) {
        result.alreadyThere++;
      } else {
        await target.put([{ key, bytes: await source.read(key) }]);
        if ((await target.size(key)) !== size || (await sha256(target, key)) !== hash) {
          throw new Error('the copy read back differs from the source');
        }
        result.copied++;
      }
      if (!options.keep) await source.remove(key);
    } catch (error) {
      result.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
    }
    const done = result.copied + result.alreadyThere + result.failed.length;
    if (done % 100 === 0) print(`${done} of ${keys.length} files…`);
  }
  if (from === 'disk' && !options.keep) await removeEmptyFolders(path.join(options.dataDir, 'files'));
  return result;
}

async function removeEmptyFolders(root: string) {
  let names: string[];
  try {
    names = await fs.readdir(root);
  } catch {
    return;
  }
  for (const name of names) {
    // rmdir removes a folder only when it is empty.
    await fs.rmdir(path.join(root, name)).catch(() => undefined);
  }
}

async function main() {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, keep: { type: 'boolean', default: false } },
  });
  const from = values.from as FileStorageKind;
  const to = values.to as FileStorageKind;
  if (!KINDS.includes(from) || !KINDS.includes(to) || from === to) {
    console.error('Usage: npm run files:move -- --from disk --to database [--keep]   (or --from database --to disk)');
    process.exit(2);
  }
  const config = loadConfig(process.env);
  // The embedded database is one process's: opening it beside a running server would corrupt it.
  if (!config.databaseUrl) await assertDatabaseClosed(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    console.log(`Moving files from ${from} to ${to}${values.keep ? ' (keeping the source)' : ''}…`);
    const result = await moveFiles({
      from,
      to,
      dataDir: config.dataDir,
      db: database.db,
      keep: values.keep,
      print: console.log,
    });
    console.log(
      `${result.copied} copied, ${result.alreadyThere} already there, ${result.failed.length} failed` +
        (result.failed.length === 0 ? `. Set FILE_STORAGE=${to} and start the server.` : ''),
    );
    for (const f of result.failed) console.error(`  ${f.key}: ${f.reason}`);
    process.exitCode = result.failed.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  // Files moved to disk are the owner's alone, as the server writes them.
  usePrivateUmask();
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
