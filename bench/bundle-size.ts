/**
 * `npm run bench:bundle`: the JavaScript a browser must fetch before a screen can show. Builds the web app, reads
 * Vite's manifest (dist/.vite/manifest.json) and sums the gzip size of the entry chunk plus everything it imports
 * statically, plus every lazy chunk the router waits for before the route shows (layouts, guards, texts, the
 * screen) and their static imports — for the login route and the workspace route; CSS is counted separately. The
 * baseline, measured in the same run, is the login route (the smallest screen: React, the router, i18n and a form),
 * and beside it the React chunk alone.
 *
 * Budgets: /login ≤ 150 kB; the workspace ≤ 200 kB (BENCHMARKS.md says what loads where). `--check` exits with 1
 * when a route is over its budget (`npm test` runs it).
 *
 * `BENCH_NO_BUILD=1` reuses an existing web/dist.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web/dist');
/**
 * Per route: the lazy chunks `web/src/app/router.tsx` loads before the route shows (in English, whose public texts
 * the entry carries), the most it may download up front (`--check` fails above it) and what it aims at, in kB
 * gzip. /login needs neither the data layer nor the live socket; the workspace needs the data layer (TanStack Query)
 * and the signed-in screens' texts, and opens its socket after the first paint; zod and the contract's schemas
 * come with its first API answer (web/src/lib/schemas.ts), the admin panel's texts with the admin panel.
 */
const ROUTES = {
  login: { lazy: ['src/features/auth/index.ts'], budgetKb: 150, targetKb: 150 },
  workspace: {
    lazy: [
      'src/app/layout/DataLayer.tsx',
      'src/app/guards/RequireSession.tsx',
      'src/locales/en.json?texts=signedIn',
      'src/app/routes/workspace.tsx',
    ],
    budgetKb: 200,
    targetKb: 200,
  },
} as const;

/**
 * Chunks the workspace must not load up front (they are fetched on first use): the emoji picker, and the contract's
 * schemas with zod (with the first API answer).
 */
const LAZY_IN_WORKSPACE = ['src/components/EmojiPickerPanel.tsx', 'src/lib/contract-schemas.ts'];

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** Vite's unit: 1 kB = 1000 bytes. */
const kb = (bytes: number) => bytes / 1000;
const gzipBytes = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const rawBytes = (file: string) => fs.statSync(path.join(dist, file)).size;

/** Every chunk `keys` load before running: themselves and their static imports, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

type Measure = { chunks: number; js: number; jsRaw: number; css: number; files: { file: string; gzip: number }[] };

function measure(manifest: Manifest, keys: string[]): Measure {
  const chunks = [...staticClosure(manifest, keys)].map((key) => manifest[key]!);
  const js = chunks.map((c) => c.file).filter((f) => f.endsWith('.js'));
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  const files = js.map((file) => ({ file, gzip: gzipBytes(file) })).sort((a, b) => b.gzip - a.gzip);
  return {
    chunks: js.length,
    js: files.reduce((sum, f) => sum + f.gzip, 0),
    jsRaw: js.reduce((sum, f) => sum + rawBytes(f), 0),
    css: css.reduce((sum, f) => sum + gzipBytes(f), 0),
    files,
  };
}

function main() {
  if (!process.env.BENCH_NO_BUILD) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the manifest names no entry chunk');

  const login = measure(manifest, [entry, ...ROUTES.login.lazy]);
  const workspace = measure(manifest, [entry, ...ROUTES.workspace.lazy]);
  const reactKey = Object.keys(manifest).find((key) => manifest[key]!.name === 'react');
  const react = reactKey ? measure(manifest, [reactKey]) : null;

  const row = (name: string, m: Measure, base: Measure) =>
    `| ${name.padEnd(28)} | ${String(m.chunks).padStart(6)} | ${kb(m.jsRaw).toFixed(1).padStart(9)} | ${kb(m.js)
      .toFixed(1)
      .padStart(9)} | ${kb(m.css).toFixed(1).padStart(9)} | ${(m.js / base.js).toFixed(2).padStart(5)} |`;
  console.log('\nInitial JavaScript per route (gzip level 9, 1 kB = 1000 bytes):\n');
  console.log('| route                        | chunks |    JS raw |   JS gzip |  CSS gzip | ratio |');
  console.log('| ---------------------------- | -----: | --------: | --------: | --------: | ----: |');
  if (react) console.log(row('react + router chunk alone', react, login));
  console.log(row('/login (baseline)', login, login));
  console.log(row('/ workspace', workspace, login));

  console.log('\nWorkspace chunks, largest first:');
  for (const f of workspace.files) console.log(`  ${kb(f.gzip).toFixed(1).padStart(7)} kB  ${f.file}`);

  const loaded = staticClosure(manifest, [entry, ...ROUTES.workspace.lazy]);
  for (const lazy of LAZY_IN_WORKSPACE) {
    const chunk = manifest[lazy];
    if (!chunk) throw new Error(`${lazy} is not a chunk of its own`);
    const eager = loaded.has(lazy);
    const own = measure(manifest, [lazy]);
    const extra = own.files.filter((f) => ![...loaded].some((key) => manifest[key]!.file === f.file));
    const size = extra.reduce((sum, f) => sum + f.gzip, 0);
    console.log(
      `\n${lazy}: ${eager ? 'LOADED UP FRONT' : 'lazy'}, ${kb(size).toFixed(1)} kB gzip fetched on first use`,
    );
  }

  console.log('');
  let over = 0;
  for (const [name, m] of [
    ['/login', login],
    ['/ workspace', workspace],
  ] as const) {
    const { budgetKb, targetKb } = name === '/login' ? ROUTES.login : ROUTES.workspace;
    const met = kb(m.js) <= budgetKb;
    if (!met) over += 1;
    const target = targetKb < budgetKb ? `; target ${targetKb} kB ${kb(m.js) <= targetKb ? 'met' : 'not yet met'}` : '';
    console.log(
      `Budget: ${name} initial JavaScript ≤ ${budgetKb} kB gzip — ${met ? 'met' : 'OVER'} (${kb(m.js).toFixed(1)} kB${target}).`,
    );
  }
  return over;
}

const over = main();
if (over > 0 && process.argv.includes('--check')) {
  console.error(`\n${over} route(s) over budget: see BENCHMARKS.md "Bundle size" for what loads where.`);
  process.exit(1);
}
