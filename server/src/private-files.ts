/**
 * DATA_DIR holds the embedded database, the uploads, the dev mailbox, the secrets key and the push keys: none of
 * it is for the other users of the machine. Everything KreeChat writes there is owner-only — folders 0700, files
 * 0600 — and a tree left looser (by an older version, PGlite's own files) is tightened at start.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * New files 0600 and folders 0700 whatever mode their writer asks for (Node's default is 0666 / 0777, and the
 * usual system umask 022 leaves them world-readable).
 */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The bits a private entry must not have: anything for the group or for others. */
const SHARED_BITS = 0o077;

/** Sets the process umask to {@link PRIVATE_UMASK}: call first thing in a process that writes into DATA_DIR. */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

export type Tightened = {
  folders: number;
  files: number;
  /** Up to a few of the changed entries, relative to the root, for the log line. */
  examples: string[];
  /** Entries that could not be changed (another user's file, say), relative to the root; at most a few. */
  failed: string[];
};

const EXAMPLES = 5;

/**
 * Takes the group's and others' permissions off `root` and everything below it (0755 → 0700, 0666 → 0600; the
 * owner's bits stay). Only what is looser is changed: a tree already private costs one lstat per entry and no
 * write. The root comes first: once it is 0700 nobody else can reach anything below it, whatever the walk still
 * has to do. Symbolic links below the root are neither followed nor changed (what they point at may lie outside and
 * is not ours). Synchronous on purpose: it runs before anything is served (or in a script), where one lstat costs a
 * few microseconds rather than a thread-pool round trip. Entries that vanish during the walk (a temporary upload
 * renamed) are passed over.
 */
export function tightenTree(root: string): Tightened {
  const result: Tightened = { folders: 0, files: 0, examples: [], failed: [] };
  const tighten = (full: string, mode: number, isFolder: boolean) => {
    if ((mode & SHARED_BITS) === 0) return;
    const relative = path.relative(root, full) || '.';
    try {
      fs.chmodSync(full, mode & 0o777 & ~SHARED_BITS);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      if (result.failed.length < EXAMPLES) result.failed.push(relative);
      return;
    }
    if (isFolder) result.folders++;
    else result.files++;
    if (result.examples.length < EXAMPLES) result.examples.push(relative);
  };

  let rootStat: fs.Stats;
  try {
    rootStat = fs.statSync(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw error;
  }
  tighten(root, rootStat.mode, rootStat.isDirectory());
  if (!rootStat.isDirectory()) return result;

  const folders = [root];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    let dir: fs.Dir;
    try {
      dir = fs.opendirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      if (result.failed.length < EXAMPLES) result.failed.push(path.relative(root, folder));
      continue;
    }
    try {
      // One entry at a time: a folder of many uploads is never listed into memory whole.
      for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
        if (entry.isSymbolicLink()) continue;
        const full = path.join(folder, entry.name);
        let stat: fs.Stats;
        try {
          stat = fs.lstatSync(full);
        } catch {
          continue;
        }
        tighten(full, stat.mode, stat.isDirectory());
        if (stat.isDirectory()) folders.push(full);
      }
    } finally {
      dir.closeSync();
    }
  }
  return result;
}

/**
 * Start of a process that owns DATA_DIR (the server, the scripts): the private umask, DATA_DIR made if missing
 * (0700), and, when DATA_DIR itself was open to others — as every version before this one left it — everything
 * below it tightened, said in one log line (the operator may wonder why modes changed), with one warning for what
 * could not be changed. A DATA_DIR already 0700 is not walked: nobody else can reach anything below it, and a
 * start need not lstat every upload (100,000 of them take seconds). PGlite's own folder is walked on every open
 * all the same (db/client.ts): it unpacks files 0666.
 */
export function makeDataDirPrivate(
  dataDir: string,
  log: { info(fields: object, message: string): void; warn(fields: object, message: string): void },
): Tightened {
  usePrivateUmask();
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if ((fs.statSync(dataDir).mode & SHARED_BITS) === 0) return { folders: 0, files: 0, examples: [], failed: [] };
  const result = tightenTree(dataDir);
  if (result.folders + result.files > 0) {
    log.info(
      { dataDir, folders: result.folders, files: result.files, examples: result.examples },
      `DATA_DIR was readable by other users of this machine: made ${result.folders} folders 0700 and ` +
        `${result.files} files 0600 (owner only)`,
    );
  }
  if (result.failed.length > 0) {
    log.warn(
      { dataDir, examples: result.failed },
      'some of DATA_DIR could not be made owner-only (owned by another user?): change their owner or mode',
    );
  }
  return result;
}
