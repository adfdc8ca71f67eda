import fs from 'node:fs/promises';
import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';

/** The plugin's folder in this repository: what a site installs is exactly what is checked in. */
export const PLUGIN_DIR = path.resolve(import.meta.dirname, '../../../../wordpress-plugin/kreechat');

/** Files a site does not need: the plugin's tests, sources of compiled translations, editor leftovers. */
const SKIP = [/^tests\//, /\.po$/, /\.pot$/, /(^|\/)\./, /~$/];

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = `${prefix}${entry.name}`;
      if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), `${relative}/`);
      return Promise.resolve(entry.isFile() ? [relative] : []);
    }),
  );
  return nested.flat().filter((file) => !SKIP.some((pattern) => pattern.test(file)));
}

/**
 * The zip WordPress's "Upload Plugin" takes: one top folder, `kreechat/`, holding the plugin. Built once per
 * process (the files do not change while it runs), with fixed dates so the same plugin gives the same bytes.
 */
export function createPluginZip(dir = PLUGIN_DIR) {
  let built: Promise<Uint8Array> | undefined;
  return () =>
    (built ??= (async () => {
      const tree: Zippable = {};
      for (const file of (await filesUnder(dir)).sort()) {
        tree[`kreechat/${file}`] = [
          await fs.readFile(path.join(dir, file)),
          { mtime: new Date('2026-01-01T00:00:00Z') },
        ];
      }
      return zipSync(tree, { level: 9 });
    })().catch((error: unknown) => {
      built = undefined;
      throw error;
    }));
}
