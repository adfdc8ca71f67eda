#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or older than its sources, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['web/src', 'web/public', 'packages/contract/src'].map((d) => path.join(root, d)).filter(fs.existsSync);
const sourceTime = Math.max(...sources.map(newestMtime), fs.statSync(path.join(root, 'web/index.html')).mtimeMs);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourceTime) {
  // Vite's ~80 lines are of no use when the build works: kept, and shown only when it fails.
  process.stdout.write('Building the web app… ');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) {
    console.log('failed:\n');
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    process.exit(result.status ?? 1);
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
