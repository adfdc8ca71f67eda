import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Code says what it does and why, never which issue asked for it: an issue number means nothing to the next reader
 * and rots as the tracker moves on.
 */
it('names no issue number in the source', () => {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|js|css|php)$/.test(file) && !file.includes('node_modules/'))
    .filter((file) => fs.existsSync(path.join(root, file)));
  const found = files.flatMap((file) =>
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (/\bissues? ?#?\d+\b/i.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});
