import fs from 'node:fs';
import path from 'node:path';

/** Every entry under `root` (the root as '.') with its permission bits in octal (`'700'`), symbolic links left out. */
export function modesUnder(root: string): Record<string, string> {
  const modeOf = (file: string) => (fs.lstatSync(file).mode & 0o777).toString(8);
  const modes: Record<string, string> = { '.': modeOf(root) };
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const full = path.join(entry.parentPath, entry.name);
    modes[path.relative(root, full).split(path.sep).join('/')] = modeOf(full);
  }
  return modes;
}

/** The entries of {@link modesUnder} that are not owner-only: folders other than 0700, files other than 0600. */
export function notPrivate(root: string): Record<string, string> {
  const modes = modesUnder(root);
  return Object.fromEntries(
    Object.entries(modes).filter(([relative, mode]) => {
      const isFolder = fs.lstatSync(path.join(root, relative)).isDirectory();
      return mode !== (isFolder ? '700' : '600');
    }),
  );
}
