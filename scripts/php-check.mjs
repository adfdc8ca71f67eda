#!/usr/bin/env node
/**
 * The WordPress plugin's own checks (run by `npm test`): `php -l` on every PHP file under wordpress-plugin/ and
 * e2e/support/wordpress/, the ABSPATH guard at the top of every plugin file, Debian's phpunit on the pure classes,
 * and the translations — each committed .mo holds exactly what msgfmt compiles from its .po, each .po translates
 * every string of kreechat.pot, and kreechat.pot holds every string the PHP source marks for translation. Exits
 * non-zero on any failure.
 * Needs php, phpunit and gettext (msgfmt, msgcmp, xgettext).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pluginRoot = path.join(root, 'wordpress-plugin');
const plugin = path.join(pluginRoot, 'kreechat');
const languages = path.join(plugin, 'languages');
const failures = [];

function run(command, args, { quiet = false } = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  if (result.error) return { ok: false, output: `${command}: ${result.error.message}` };
  const output = `${result.stdout}${result.stderr}`;
  if (!quiet || result.status !== 0) process.stdout.write(output);
  return { ok: result.status === 0, output };
}

function filesUnder(dir, ext) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ext))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const rel = (file) => path.relative(root, file);

// 1. Syntax: the plugin, its tests, and the e2e harness's PHP that installs and serves a test WordPress.
const phpFiles = [...filesUnder(pluginRoot, '.php'), ...filesUnder(path.join(root, 'e2e/support/wordpress'), '.php')];
for (const file of phpFiles) {
  if (!run('php', ['-l', file], { quiet: true }).ok) failures.push(`php -l ${rel(file)}`);
}
console.log(`php -l: ${phpFiles.length} files`);

// 2. A plugin file opened directly by URL must do nothing: each starts with the ABSPATH guard.
for (const file of filesUnder(plugin, '.php')) {
  if (
    !/^<\?php\n(\/\*\*[\s\S]*?\*\/\n\n)?(namespace [\w\\]+;\n\n)?defined\( 'ABSPATH' \) \|\| exit;\n/.test(
      fs.readFileSync(file, 'utf8'),
    )
  ) {
    failures.push(`${rel(file)}: no \`defined( 'ABSPATH' ) || exit;\` before its code`);
  }
}

// 3. Unit tests of the pure classes (the identity signer, token and address parsing).
if (!run('phpunit', ['-c', path.join(pluginRoot, 'phpunit.xml.dist')]).ok) failures.push('phpunit');

// 4. Translations.
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'kreechat-php-check-'));
try {
  const pot = path.join(languages, 'kreechat.pot');
  const sourcePot = path.join(temp, 'source.pot');
  const keywords = ['__', '_e', 'esc_html__', 'esc_html_e', 'esc_attr__', 'esc_attr_e', '_x:1,2c', '_n:1,2'];
  const extracted = run('xgettext', [
    '--language=PHP',
    '--from-code=UTF-8',
    ...keywords.map((k) => `--keyword=${k}`),
    '-o',
    sourcePot,
    ...filesUnder(plugin, '.php'),
  ]);
  if (!extracted.ok) failures.push('xgettext');
  else if (!run('msgcmp', ['--use-untranslated', pot, sourcePot], { quiet: true }).ok) {
    failures.push('kreechat.pot lacks strings the PHP source translates (regenerate it)');
  }

  const pos = filesUnder(languages, '.po');
  for (const po of pos) {
    const mo = po.replace(/\.po$/, '.mo');
    const compiled = path.join(temp, path.basename(mo));
    if (!run('msgfmt', ['--check', '-o', compiled, po]).ok) {
      failures.push(`msgfmt ${rel(po)}`);
      continue;
    }
    if (!fs.existsSync(mo)) failures.push(`${rel(mo)} is missing (msgfmt -o ${rel(mo)} ${rel(po)})`);
    else if (!sameCatalog(readMo(mo), readMo(compiled))) {
      failures.push(`${rel(mo)} is not what ${rel(po)} compiles to (msgfmt -o ${rel(mo)} ${rel(po)})`);
    }
    if (!run('msgcmp', [po, pot], { quiet: true }).ok)
      failures.push(`${rel(po)} does not translate every string of kreechat.pot`);
  }
  console.log(`translations: ${pos.length} catalogues`);
} finally {
  fs.rmSync(temp, { recursive: true, force: true });
}

/** A GNU .mo file's messages, original → translation (compared as catalogues: byte layout may differ by version). */
function readMo(file) {
  const data = fs.readFileSync(file);
  const magic = data.readUInt32LE(0);
  const read = magic === 0x950412de ? (at) => data.readUInt32LE(at) : (at) => data.readUInt32BE(at);
  if (magic !== 0x950412de && magic !== 0xde120495) throw new Error(`${rel(file)} is not a .mo file`);
  const count = read(8);
  const originals = read(12);
  const translations = read(16);
  const string = (table, index) => {
    const length = read(table + index * 8);
    const offset = read(table + index * 8 + 4);
    return data.toString('utf8', offset, offset + length);
  };
  const messages = new Map();
  for (let i = 0; i < count; i++) messages.set(string(originals, i), string(translations, i));
  return messages;
}

function sameCatalog(a, b) {
  return a.size === b.size && [...a].every(([original, translation]) => b.get(original) === translation);
}

if (failures.length) {
  console.error(`\nPHP check failed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('PHP check: lint, phpunit and translations OK');
