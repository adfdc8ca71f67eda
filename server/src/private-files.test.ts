import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modesUnder } from '../test/file-modes';
import { makeDataDirPrivate, tightenTree } from './private-files';

const modeOf = (file: string) => fs.lstatSync(file).mode & 0o777;

function collect() {
  const lines: { level: 'info' | 'warn'; fields: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (fields: object, message: string) => void lines.push({ level: 'info', fields: { ...fields }, message }),
    warn: (fields: object, message: string) => void lines.push({ level: 'warn', fields: { ...fields }, message }),
  };
}

describe('DATA_DIR made owner-only', () => {
  let base: string;
  let umask: number;
  beforeEach(() => {
    // The usual system umask, whatever this machine's is: files written without care come out world-readable.
    umask = process.umask(0o022);
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-private-'));
  });
  afterEach(() => {
    process.umask(umask);
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('tightens a tree an older version left 0755/0644 and says so in one log line', () => {
    const dataDir = path.join(base, 'data');
    fs.mkdirSync(path.join(dataDir, 'files', 'company-a'), { recursive: true, mode: 0o755 });
    fs.mkdirSync(path.join(dataDir, 'db', 'base'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'files', 'company-a', 'photo.jpg'), 'x', { mode: 0o644 });
    fs.writeFileSync(path.join(dataDir, 'db', 'base', '1259'), 'x', { mode: 0o666 });
    fs.writeFileSync(path.join(dataDir, 'secrets.key'), 'k', { mode: 0o600 });
    fs.chmodSync(dataDir, 0o755);
    expect(modesUnder(dataDir)['files/company-a/photo.jpg']).toBe('644');

    const log = collect();
    const result = makeDataDirPrivate(dataDir, log);

    expect(modesUnder(dataDir)).toEqual({
      '.': '700',
      files: '700',
      'files/company-a': '700',
      'files/company-a/photo.jpg': '600',
      db: '700',
      'db/base': '700',
      'db/base/1259': '600',
      'secrets.key': '600',
    });
    // secrets.key was private already: only what was looser is counted (and changed).
    expect(result).toMatchObject({ folders: 5, files: 2, failed: [] });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ level: 'info', fields: { dataDir, folders: 5, files: 2 } });
    expect(log.lines[0]!.message).toMatch(/readable by other users.*5 folders 0700 and 2 files 0600/);

    // The next start finds nothing to do and says nothing.
    const again = collect();
    expect(makeDataDirPrivate(dataDir, again)).toMatchObject({ folders: 0, files: 0 });
    expect(again.lines).toEqual([]);
  });

  it('does not walk a DATA_DIR that is 0700 already: nobody else can reach below it, however many uploads', () => {
    const dataDir = path.join(base, 'data');
    fs.mkdirSync(path.join(dataDir, 'files'), { recursive: true, mode: 0o700 });
    fs.chmodSync(dataDir, 0o700);
    // Copied in by hand after the server made the folder: unreachable for others all the same.
    fs.writeFileSync(path.join(dataDir, 'files', 'copied.bin'), 'x', { mode: 0o644 });
    const log = collect();
    expect(makeDataDirPrivate(dataDir, log)).toMatchObject({ folders: 0, files: 0 });
    expect(log.lines).toEqual([]);
    expect(modesUnder(dataDir)).toMatchObject({ '.': '700', files: '700' });
    // tightenTree (what the backup and PGlite's folder get) walks it all.
    expect(tightenTree(dataDir)).toMatchObject({ folders: 0, files: 1 });
    expect(modesUnder(dataDir)['files/copied.bin']).toBe('600');
  });

  it('creates a missing DATA_DIR 0700 and sets the umask, so what is written next is 0600 / 0700', () => {
    const dataDir = path.join(base, 'fresh', 'data');
    const log = collect();
    makeDataDirPrivate(dataDir, log);
    expect(log.lines).toEqual([]);
    fs.mkdirSync(path.join(dataDir, 'files', 'company-b'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', 'company-b', 'note.txt'), 'hello');
    expect(modesUnder(dataDir)).toEqual({
      '.': '700',
      files: '700',
      'files/company-b': '700',
      'files/company-b/note.txt': '600',
    });
    expect(process.umask()).toBe(0o077);
  });

  it('neither follows nor changes a symbolic link: what it points at is not ours', () => {
    const outside = path.join(base, 'outside');
    fs.mkdirSync(outside, { mode: 0o755 });
    fs.writeFileSync(path.join(outside, 'shared.txt'), 'x', { mode: 0o644 });
    const dataDir = path.join(base, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.symlinkSync(outside, path.join(dataDir, 'linked'));
    fs.symlinkSync(path.join(outside, 'shared.txt'), path.join(dataDir, 'linked.txt'));

    expect(tightenTree(dataDir)).toMatchObject({ folders: 1, files: 0 });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(outside)).toBe(0o755);
    expect(modeOf(path.join(outside, 'shared.txt'))).toBe(0o644);
  });
});
