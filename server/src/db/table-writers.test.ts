/**
 * One writer per table (STYLE: "a table has one owning module"): every write of the server's code — drizzle's
 * `.insert(t)`, `.update(t)`, `.delete(t)` and raw `insert into` / `update` / `delete from` in SQL text — is found
 * by reading the source with the TypeScript parser, and each table may be written from one file only, its owner's
 * repo; everyone else calls that repo through the owning module's index.ts. docs/architecture.md's "Who writes which
 * table" lists the same owners, so the map cannot drift from the code.
 *
 * Not read: test files (they set up states no code path makes) and migrations (SQL files, not code).
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SECRET_COLUMNS } from '../channels/channel-secrets';
import * as schema from './schema';

const SRC = path.resolve(__dirname, '..');
const DOC = path.resolve(SRC, '../../docs/architecture.md');

/**
 * Files allowed to write tables another file owns, each with its reason. A write whose table the code picks at run
 * time (`update ${column.table}`) is allowed only here, and the tables it may reach are named.
 */
const EXCEPTIONS: Record<string, { reason: string; tables: string[] }> = {
  'channels/channel-secrets.ts': {
    reason:
      'seals plaintext secrets at start and re-seals every secret column with a new key (secrets:rotate): one pass over ' +
      "every channel's secret columns (SECRET_COLUMNS), so a new column cannot be forgotten by one of them",
    tables: [...new Set(SECRET_COLUMNS.map((column) => getTableName(column.table)))],
  },
};

/** Schema export name → SQL table name (`tickets` → 'tickets', `clientIdentities` → 'client_identities'). */
const TABLE_OF = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [[name, getTableName(value)] as const] : [])),
);
const TABLE_NAMES = new Set(TABLE_OF.values());

const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?([a-z_]+)"?|\$\{([\w.]+)\})/gi;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield file;
  }
}

/** What one file writes: tables by name, and raw writes to a table it names by an expression it computes. */
function writesOf(file: string): { tables: Set<string>; dynamic: string[] } {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const tables = new Set<string>();
  const dynamic: string[] = [];
  // `const c = rateLimitCounters;` names the table too.
  const aliases = new Map(TABLE_OF);
  const tableOf = (name: string) => aliases.get(name);

  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isIdentifier(node.initializer) &&
      TABLE_OF.has(node.initializer.text)
    ) {
      aliases.set(node.name.text, TABLE_OF.get(node.initializer.text)!);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!)
    ) {
      const table = tableOf(node.arguments[0].text);
      if (table) tables.add(table);
    }
    let text: string | undefined;
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) {
      text =
        node.head.text +
        node.templateSpans.map((span) => `\${${span.expression.getText(source)}}${span.literal.text}`).join('');
    }
    for (const match of text?.matchAll(RAW_WRITE) ?? []) {
      const [, named, expression] = match;
      if (named) {
        if (TABLE_NAMES.has(named.toLowerCase())) tables.add(named.toLowerCase());
      } else if (expression) {
        const table = tableOf(expression);
        if (table) tables.add(table);
        else dynamic.push(expression);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { tables, dynamic };
}

/** Table → the files that write it, exceptions left out; and every run-time-chosen write, by file. */
function scan() {
  const writers = new Map<string, string[]>();
  const dynamic = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const relative = path.relative(SRC, file).split(path.sep).join('/');
    const found = writesOf(file);
    if (found.dynamic.length) dynamic.set(relative, found.dynamic);
    const exception = EXCEPTIONS[relative];
    for (const table of found.tables) {
      if (exception?.tables.includes(table)) continue;
      writers.set(table, [...(writers.get(table) ?? []), relative]);
    }
  }
  return { writers, dynamic };
}

/** The doc's table: each row's tables (backticked in the first cell) → the first `.ts` file of the second cell. */
function documentedWriters(): Map<string, string> {
  const doc = fs.readFileSync(DOC, 'utf8');
  const section = doc.split(/^## /m).find((s) => s.startsWith('4. Who writes which table'));
  if (!section) throw new Error('docs/architecture.md has no section "4. Who writes which table"');
  const documented = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !cells[1]?.startsWith('`')) continue;
    const file = /`([^`]+\.ts)`/.exec(cells[2] ?? '')?.[1];
    for (const [, table] of cells[1].matchAll(/`([a-z_]+)`/g)) documented.set(table!, file ?? '(none)');
  }
  return documented;
}

describe('who writes which table', () => {
  const { writers, dynamic } = scan();

  it('finds the writes it looks for (the scan is not blind)', () => {
    expect(writers.get('messages')).toBeDefined();
    expect(writers.get('rate_limit_counters')).toBeDefined();
    expect(writers.size).toBeGreaterThan(25);
  });

  it('has one file writing each table', () => {
    const shared = [...writers].filter(([, files]) => files.length > 1);
    expect(Object.fromEntries(shared)).toEqual({});
  });

  it('has run-time-chosen tables only in the files listed, with their reason', () => {
    expect([...dynamic.keys()].sort()).toEqual(Object.keys(EXCEPTIONS).sort());
    for (const exception of Object.values(EXCEPTIONS)) {
      expect(exception.reason.length).toBeGreaterThan(20);
      expect(exception.tables.length).toBeGreaterThan(0);
    }
  });

  it("matches docs/architecture.md's table, row for row", () => {
    const found = new Map([...writers].map(([table, files]) => [table, files[0]!]));
    expect(Object.fromEntries([...documentedWriters()].sort())).toEqual(Object.fromEntries([...found].sort()));
  });
});
