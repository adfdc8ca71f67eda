import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@kreechat/contract';

/*
 * Every text is rendered with the parameters the code really passes it, in every language, and must come out with no
 * `{{…}}` left: a text that wants `{{days}}` from a call that passes `count` shows the braces to the user (the admin's
 * Period menu read "Last {{days}} days"). The parameters are read from the source with the TypeScript parser: each
 * `t(key, {…})` and `<Trans i18nKey values>`; keys chosen at run time from a table are tied to the `t` calls of the
 * file that holds the table or of the files that import it.
 */

type Tree = { [key: string]: string | Tree };
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const locales = Object.fromEntries(
  Object.entries(files).map(([path, tree]) => [path.replace(/^\.\/(.+)\.json$/, '$1'), tree]),
);

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A plural form's key is called by its base: `adminClients.total_one` → `adminClients.total`. */
const baseKey = (key: string) => key.replace(PLURAL, '');
const variables = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => (m[1] ?? '').split('.')[0] ?? '');

/** The parameter names one call passes; null when they cannot be read (an object built elsewhere, a spread). */
type Params = Set<string> | null;
/** What a key argument can be: exact keys, key patterns (template strings), or anything (a variable). */
type Keys = { exact: string[]; patterns: RegExp[]; dynamic: boolean };

type Call = { file: string; keys: Keys; params: Params; line: number };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isSatisfiesExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

const either = (a: Keys, b: Keys): Keys => ({
  exact: [...a.exact, ...b.exact],
  patterns: [...a.patterns, ...b.patterns],
  dynamic: a.dynamic || b.dynamic,
});

/** A file's `const name = …` initializers, so `t(name)` is read through a local constant. */
type Locals = Map<string, ts.Expression[]>;

function keysOf(node: ts.Expression, locals: Locals): Keys {
  const expr = unwrap(node);
  const inits = ts.isIdentifier(expr) ? locals.get(expr.text) : undefined;
  if (inits) return inits.map((init) => keysOf(init, new Map())).reduce(either);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
    return { exact: [expr.text], patterns: [], dynamic: false };
  }
  if (ts.isTemplateExpression(expr)) {
    const source = [
      escapeRegExp(expr.head.text),
      ...expr.templateSpans.map((span) => `.+${escapeRegExp(span.literal.text)}`),
    ].join('');
    return { exact: [], patterns: [new RegExp(`^${source}$`)], dynamic: false };
  }
  if (ts.isConditionalExpression(expr)) return either(keysOf(expr.whenTrue, locals), keysOf(expr.whenFalse, locals));
  if (
    ts.isBinaryExpression(expr) &&
    (expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      expr.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  ) {
    return either(keysOf(expr.left, locals), keysOf(expr.right, locals));
  }
  return { exact: [], patterns: [], dynamic: true };
}

/** Top-level `const NAME = { … }` of every file, so `t(key, VALUES)` can be read when VALUES is such a constant. */
const constObjects = new Map<string, ts.ObjectLiteralExpression>();

function paramsOf(node: ts.Expression | undefined): Params {
  if (!node) return new Set();
  const expr = unwrap(node);
  // A string second argument is i18next's default value: no parameters.
  if (ts.isStringLiteralLike(expr)) return new Set();
  const object = ts.isIdentifier(expr) ? constObjects.get(expr.text) : expr;
  if (!object || !ts.isObjectLiteralExpression(object)) return null;
  const names = new Set<string>();
  for (const property of object.properties) {
    if (ts.isShorthandPropertyAssignment(property)) names.add(property.name.text);
    else if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
      names.add(property.name.text);
    else return null;
  }
  return names;
}

function isTranslate(callee: ts.Expression): boolean {
  return (
    (ts.isIdentifier(callee) && callee.text === 't') ||
    (ts.isPropertyAccessExpression(callee) && callee.name.text === 't')
  );
}

function jsxAttribute(node: ts.JsxOpeningLikeElement, name: string): ts.JsxAttribute | undefined {
  return node.attributes.properties.find(
    (p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && ts.isIdentifier(p.name) && p.name.text === name,
  );
}

const attributeValue = (attribute: ts.JsxAttribute | undefined): ts.Expression | undefined => {
  const value = attribute?.initializer;
  if (!value) return undefined;
  if (ts.isStringLiteral(value)) return value;
  return ts.isJsxExpression(value) ? value.expression : undefined;
};

type Scan = {
  calls: Call[];
  /** Key-shaped string literals that are not a `t` call's key: keys picked from a table at run time, by file. */
  tableKeys: Map<string, Set<string>>;
  /** Each file's relative imports, resolved to files. */
  imports: Map<string, Set<string>>;
};

function scan(keys: Set<string>): Scan {
  const parsed = sourceFiles(SRC).map((file) => {
    const text = readFileSync(file, 'utf8');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  });
  for (const source of parsed) {
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer && unwrap(declaration.initializer);
        if (ts.isIdentifier(declaration.name) && init && ts.isObjectLiteralExpression(init))
          constObjects.set(declaration.name.text, init);
      }
    }
  }

  const calls: Call[] = [];
  const tableKeys = new Map<string, Set<string>>();
  const imports = new Map<string, Set<string>>();
  for (const source of parsed) {
    const file = source.fileName;
    const used = new Set<ts.Node>();
    const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const own = new Set<string>();
    imports.set(file, own);
    const locals: Locals = new Map();
    const collect = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const flags = ts.getCombinedNodeFlags(node);
        if (flags & ts.NodeFlags.Const)
          locals.set(node.name.text, [...(locals.get(node.name.text) ?? []), node.initializer]);
      }
      node.forEachChild(collect);
    };
    collect(source);
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const spec = node.moduleSpecifier.text;
        const target = spec.startsWith('@/')
          ? join(SRC, spec.slice(2))
          : spec.startsWith('.')
            ? resolve(dirname(file), spec)
            : undefined;
        if (target) for (const ext of ['.ts', '.tsx']) own.add(target + ext);
      }
      if (ts.isCallExpression(node) && isTranslate(node.expression) && node.arguments[0]) {
        const [key, params] = node.arguments;
        calls.push({ file, keys: keysOf(key, locals), params: paramsOf(params), line: lineOf(node) });
        const mark = (n: ts.Node) => {
          used.add(n);
          n.forEachChild(mark);
        };
        mark(key);
      }
      if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText() === 'Trans') {
        const key = attributeValue(jsxAttribute(node, 'i18nKey'));
        if (key) {
          const values = paramsOf(attributeValue(jsxAttribute(node, 'values')));
          if (values && jsxAttribute(node, 'count')) values.add('count');
          calls.push({ file, keys: keysOf(key, locals), params: values, line: lineOf(node) });
          used.add(key);
        }
      }
      if (ts.isStringLiteralLike(node) && !used.has(node) && keys.has(node.text)) {
        const found = tableKeys.get(node.text) ?? new Set<string>();
        found.add(file);
        tableKeys.set(node.text, found);
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return { calls, tableKeys, imports };
}

const en = flatten(locales.en ?? {});
const baseKeys = new Set([...en.keys()].map(baseKey));
const { calls, tableKeys, imports } = scan(baseKeys);

/**
 * The parameter sets a key is rendered with: the calls that name it; else the calls whose template (`common.${x}`)
 * fits it and the run-time calls that can pick it from a table. A template fits more keys than its code ever builds,
 * so it only speaks for a key that no call names.
 */
function callsOf(key: string): Call[] {
  const named = calls.filter((call) => call.keys.exact.includes(key));
  if (named.length > 0) return named;
  const built = calls.filter((call) => call.keys.patterns.some((pattern) => pattern.test(key)));
  const tables = tableKeys.get(key) ?? new Set<string>();
  const picked = calls
    .filter((call) => call.keys.dynamic)
    .filter((call) => [...tables].some((table) => table === call.file || imports.get(call.file)?.has(table)));
  return [...built, ...picked];
}
const paramSets = (key: string): Params[] => callsOf(key).map((call) => call.params);

const needsParams = [...en.entries()].filter(([, text]) => variables(text).length > 0).map(([key]) => key);

describe('translations rendered with the parameters the code passes', () => {
  it('finds the calls (the scan itself works)', () => {
    expect(calls.length).toBeGreaterThan(500);
    expect(paramSets('responseTimes.lastDays').length).toBeGreaterThan(0);
  });

  it('every text that takes parameters is called with the parameters it names', () => {
    const problems = needsParams.flatMap((key) => {
      const found = callsOf(baseKey(key));
      if (found.length === 0) return [`${key}: no call passes its parameters`];
      // Parameters built elsewhere (a spread, a computed object) cannot be read: such a key is judged by the rest.
      return found.flatMap(({ params, file, line }) => {
        if (params === null) return [];
        const missing = variables(en.get(key) ?? '').filter((name) => !params.has(name));
        const at = `${file.slice(SRC.length + 1)}:${line}`;
        return missing.length ? [`${key}: ${at} passes {${[...params].join(', ')}}, wants ${missing.join(', ')}`] : [];
      });
    });
    expect(problems).toEqual([]);
  });

  describe.each(LANGUAGES)('%s', (lang) => {
    it('renders every key with no {{…}} left', async () => {
      const i18n = i18next.createInstance();
      await i18n.init({
        lng: lang,
        fallbackLng: 'en',
        resources: { [lang]: { translation: locales[lang] ?? {} }, en: { translation: locales.en ?? {} } },
        interpolation: { escapeValue: false },
      });
      const messages = flatten(locales[lang] ?? {});
      const leftovers = [...messages.keys()].flatMap((key) =>
        paramSets(baseKey(key)).flatMap((set) => {
          if (set === null) return [];
          const values = Object.fromEntries([...set].map((name) => [name, name === 'count' ? 2 : `‹${name}›`]));
          const text = i18n.t(baseKey(key) as never, values as never) as unknown as string;
          return /\{\{|\}\}/.test(text) ? [`${key}: ${text}`] : [];
        }),
      );
      expect(leftovers).toEqual([]);
    });
  });
});
