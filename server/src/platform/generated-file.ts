import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../private-files';

/**
 * A secret generated once into DATA_DIR (the VAPID pair, the secrets key): the file's text if it exists, else
 * `generate()`'s text written with mode 0600 (owner only). Several processes starting at once on one DATA_DIR agree
 * on one value: the text is written to a private temporary file first and then hard-linked into place, which fails
 * if the name exists — so the file appears complete or not at all, and the losers read the winner's.
 */
export function readOrCreateSecretFile(file: string, generate: () => string): { text: string; created: boolean } {
  if (fs.existsSync(file)) return { text: fs.readFileSync(file, 'utf8'), created: false };
  // DATA_DIR itself when this is the first thing written there: owner-only, like the file.
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const temporary = writePrivateTemporary(file, generate());
  try {
    fs.linkSync(temporary, file);
    return { text: fs.readFileSync(file, 'utf8'), created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return { text: fs.readFileSync(file, 'utf8'), created: false };
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * Replaces a generated secret file with new text, atomically (a rename over it): readers see the old text or the
 * new one, never a mix. Mode 0600 like the original.
 */
export function replaceSecretFile(file: string, text: string): void {
  fs.renameSync(writePrivateTemporary(file, text), file);
}

/** A new file beside `file`, owner-only, its text flushed to disk (a key must not be lost to a crash). */
function writePrivateTemporary(file: string, text: string): string {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = fs.openSync(temporary, 'wx', PRIVATE_FILE_MODE);
  try {
    fs.writeFileSync(handle, text);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  return temporary;
}
