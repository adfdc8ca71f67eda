#!/usr/bin/env node
/**
 * Fails on an import cycle, at two levels, in the source of every package:
 * - files: any cycle, type-only and dynamic imports included (eslint's import/no-cycle skips type imports, and a type
 *   cycle still ties two files' meaning together);
 * - folders: the server's layers (each folder under server/src, each module and each channel its own) and the web's
 *   areas (app, components, lib, each feature) must form a one-way graph: a folder that imports another is never
 *   imported back, through any path. A file-level check cannot see this (platform → intake → … → platform went
 *   through a dozen files, none of them in a cycle of its own).
 *
 * Test files count for the file rule only: a test may wire several layers together.
 *
 * The graph is read with the TypeScript compiler's own pre-processor and module resolution, so `@/` paths and
 * `import type` count as the compiler sees them. Prints each cycle found; exits 1 if there is any.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const repo = path.resolve(import.meta.dirname, '..');

/** Each source tree with the tsconfig that resolves its imports. Test files count: a test is code too. */
const trees = [
  { dir: 'packages/contract/src', tsconfig: 'packages/contract/tsconfig.json' },
  { dir: 'server/src', tsconfig: 'server/tsconfig.json' },
  { dir: 'server/test', tsconfig: 'server/tsconfig.json' },
  { dir: 'web/src', tsconfig: 'web/tsconfig.json' },
  { dir: 'widget/src', tsconfig: 'widget/tsconfig.json' },
  { dir: 'e2e', tsconfig: 'e2e/tsconfig.json' },
  { dir: 'bench', tsconfig: 'bench/tsconfig.json' },
];

/** The folder a file belongs to for the folder-level rule, or undefined where the rule does not look. */
export function folderOf(file) {
  // A test reaches across layers to wire a whole path up; only what ships is held to the one-way rule.
  if (/\.test\.tsx?$/.test(file)) return undefined;
  const server = /^server\/src\/(modules|channels)\/([^/]+)\//.exec(file) ?? /^server\/src\/([^/]+)\//.exec(file);
  if (server) return `server/src/${server.slice(1).join('/')}`;
  const web = /^web\/src\/features\/([^/]+)\//.exec(file) ?? /^web\/src\/([^/]+)\//.exec(file);
  if (web) return web[0].slice(0, -1);
  return undefined;
}

function sourceFiles(root, dir) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`));
}

/** file (relative to the root) → the files of ours it imports. */
export function importGraph(root = repo, sources = trees) {
  const graph = new Map();
  for (const { dir, tsconfig } of sources) {
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(root, tsconfig),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    );
    const host = ts.createCompilerHost(config.options);
    const cache = ts.createModuleResolutionCache(root, (name) => name, config.options);
    for (const file of sourceFiles(root, dir)) {
      const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const targets = new Set();
      for (const { fileName } of info.importedFiles) {
        const resolved = ts.resolveModuleName(fileName, file, config.options, host, cache).resolvedModule;
        if (!resolved || resolved.isExternalLibraryImport) continue;
        const target = path.relative(root, resolved.resolvedFileName);
        if (!target.startsWith('..') && !target.includes('node_modules')) targets.add(target);
      }
      graph.set(path.relative(root, file), targets);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one node (or a node that imports itself): Tarjan's algorithm. */
export function cycles(graph) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
    }
    if (low.get(node) === order.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return groups;
}

/** The folder graph, each edge kept with one file-level import that makes it, to name in the report. */
export function folderGraph(graph) {
  const folders = new Map();
  const witness = new Map();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = folderOf(target);
      if (!to || to === from) continue;
      if (!folders.has(from)) folders.set(from, new Set());
      folders.get(from).add(to);
      if (!witness.has(`${from} → ${to}`)) witness.set(`${from} → ${to}`, `${file} → ${target}`);
    }
  }
  return { folders, witness };
}

function main() {
  const graph = importGraph();
  const fileCycles = cycles(graph);
  const { folders, witness } = folderGraph(graph);
  const folderCycles = cycles(folders);
  for (const group of fileCycles) console.error(`file cycle: ${group.join(' ⇄ ')}`);
  for (const group of folderCycles) {
    console.error(`folder cycle: ${group.join(' ⇄ ')}`);
    const members = new Set(group);
    for (const from of group)
      for (const to of folders.get(from) ?? [])
        if (members.has(to)) console.error(`  ${from} → ${to}  (${witness.get(`${from} → ${to}`)})`);
  }
  const files = graph.size;
  const edges = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);
  console.log(
    `import cycles: ${fileCycles.length} between files, ${folderCycles.length} between folders ` +
      `(${files} files, ${edges} imports, ${folders.size} folders)`,
  );
  process.exit(fileCycles.length || folderCycles.length ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
