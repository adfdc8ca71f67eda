/**
 * The website widget's size: what a WordPress page downloads to show the chat launcher. Builds the web app (which
 * builds the widget into web/dist/widget: the loader widget.js and widget-app.js) and prints its raw and gzip size (level 9, 1 kB = 1000 bytes)
 * beside the baseline measured in the same run: socket.io-client's own minified browser bundle, the one library
 * the widget carries — so the ratio says what the widget's UI, texts in 8 languages and styles cost on top of a
 * bare live connection. Target: widget.js ≤ 35 kB gzip.
 *
 * `BENCH_NO_BUILD=1` reuses an existing web/dist.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const widget = path.join(root, 'web/dist/widget/widget-app.js');
const loader = path.join(root, 'web/dist/widget/widget.js');
const TARGET_KB = 35;

/** Vite's unit: 1 kB = 1000 bytes. */
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

type Size = { raw: number; gzip: number };
function sizeOf(file: string): Size {
  const bytes = fs.readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

function main() {
  if (!process.env.BENCH_NO_BUILD) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  if (!fs.existsSync(widget)) throw new Error(`${widget} is missing: the build did not make the widget`);

  // The package's own browser builds, resolved as the widget's build resolves the package.
  const socketIoDist = path.join(
    path.dirname(createRequire(path.join(root, 'widget/')).resolve('socket.io-client/package.json')),
    'dist',
  );
  const rows: [string, Size][] = [
    ['socket.io-client min (baseline)', sizeOf(path.join(socketIoDist, 'socket.io.min.js'))],
    ['socket.io-client esm min', sizeOf(path.join(socketIoDist, 'socket.io.esm.min.js'))],
    ['widget.js (the loader)', sizeOf(loader)],
    ['widget-app.js', sizeOf(widget)],
  ];
  const base = rows[0]![1];

  console.log('\nWebsite widget, one file (gzip level 9, 1 kB = 1000 bytes):\n');
  console.log('| file                            |    raw kB |   gzip kB | ratio |');
  console.log('| ------------------------------- | --------: | --------: | ----: |');
  for (const [name, size] of rows) {
    console.log(
      `| ${name.padEnd(31)} | ${kb(size.raw).padStart(9)} | ${kb(size.gzip).padStart(9)} | ${(size.gzip / base.gzip)
        .toFixed(2)
        .padStart(5)} |`,
    );
  }
  const own = rows[3]![1];
  const total = { raw: rows[2]![1].raw + own.raw, gzip: rows[2]![1].gzip + own.gzip };
  // The ES module build is what a bundler takes in (no UMD wrapper): the fairer thing to subtract.
  console.log(
    `\nThe widget's own code, texts and styles: about ${kb(own.gzip - rows[1]![1].gzip)} kB gzip beyond socket.io-client's ES module build.`,
  );
  // What a page downloads in all: the loader, then the widget.
  const met = total.gzip / 1000 <= TARGET_KB;
  console.log(`Target: loader + widget ≤ ${TARGET_KB} kB gzip — ${met ? 'met' : 'MISSED'} (${kb(total.gzip)} kB).`);
  if (!met) process.exitCode = 1;
}

main();
