import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import { ADMIN_TEXTS, PUBLIC_TEXTS, TEXT_PARTS, textsOf } from './parts';

const src = path.resolve(import.meta.dirname, '..');

/** The web/src file an import names (`@/x`, `./x`, `../x`), or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(src, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Every web/src file `starts` load, following static imports and re-exports (and dynamic imports where `dynamic`
 * says so).
 */
function reachable(starts: { file: string; dynamic: boolean }[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string, dynamic: boolean) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    const imports = [...code.matchAll(/^(?:import|export) (?!type )[^;]*?from '([^']+)'/gms)].map((m) => m[1] ?? '');
    const lazy = dynamic ? [...code.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1] ?? '') : [];
    for (const specifier of [...imports, ...lazy]) {
      const next = resolve(file, specifier);
      if (next) visit(next, dynamic);
    }
  };
  for (const { file, dynamic } of starts) visit(path.join(src, file), dynamic);
  return seen;
}

describe('the public part of the texts', () => {
  it('holds every text the public screens use, so they show none of its keys raw', () => {
    const files = reachable([
      // What the entry loads (not the screens the router fetches later)…
      { file: 'main.tsx', dynamic: false },
      // …and the screens anyone can open, with what they fetch.
      { file: 'features/auth/index.ts', dynamic: true },
      { file: 'app/routes/not-found.tsx', dynamic: true },
    ]);
    expect(files.size).toBeGreaterThan(20);
    const namespaces = Object.keys(en);
    const used = new Map<string, string>();
    for (const file of files) {
      const code = fs.readFileSync(file, 'utf8');
      for (const namespace of namespaces) {
        if (new RegExp(`['"\`]${namespace}\\.`).test(code)) used.set(namespace, path.relative(src, file));
      }
    }
    const outside = [...used].filter(([namespace]) => !PUBLIC_TEXTS.includes(namespace));
    expect(outside).toEqual([]);
  });

  it('and the signed-in and admin parts every other, each key in one of the three', () => {
    const parts = TEXT_PARTS.map((part) => Object.keys(textsOf(en, part)));
    expect(parts.flat().sort()).toEqual(Object.keys(en).sort());
    expect(new Set(parts.flat()).size).toBe(parts.flat().length);
  });
});

describe('the admin part of the texts', () => {
  it('holds no text the screens outside the admin panel use: they load without it', () => {
    const files = reachable([
      { file: 'main.tsx', dynamic: false },
      ...[
        'app/guards/RequireSession.tsx',
        'app/routes/workspace.tsx',
        'app/layout/UserPanelLayout.tsx',
        'app/routes/profile.tsx',
        'app/routes/bubbles.tsx',
        'app/routes/not-found.tsx',
      ].map((file) => ({ file, dynamic: true })),
    ]);
    expect(files.size).toBeGreaterThan(100);
    const used = new Map<string, string>();
    for (const file of files) {
      const code = fs.readFileSync(file, 'utf8');
      for (const namespace of ADMIN_TEXTS) {
        if (new RegExp(`['"\`]${namespace}\\.`).test(code)) used.set(namespace, path.relative(src, file));
      }
    }
    expect([...used]).toEqual([]);
  });
});
