import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cycles, folderGraph, folderOf, importGraph } from './check-cycles.mjs';

const graphOf = (edges) => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('cycles', () => {
  it('finds each strongly connected group and nothing in a one-way graph', () => {
    expect(cycles(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    const found = cycles(graphOf({ a: ['b'], b: ['c'], c: ['a', 'd'], d: ['e'], e: ['d'], f: ['a'] }));
    expect(found.map((group) => group.join(' ')).sort()).toEqual(['a b c', 'd e']);
  });

  it('counts a file that imports itself', () => {
    expect(cycles(graphOf({ a: ['a'] }))).toEqual([['a']]);
  });
});

describe('folders', () => {
  it('names server layers, each module and channel, and web areas and features; not tests', () => {
    expect(folderOf('server/src/platform/metrics.ts')).toBe('server/src/platform');
    expect(folderOf('server/src/modules/tickets/ticket.repo.ts')).toBe('server/src/modules/tickets');
    expect(folderOf('server/src/channels/telegram/telegram.parse.ts')).toBe('server/src/channels/telegram');
    expect(folderOf('server/src/channels/outbox-worker.ts')).toBe('server/src/channels');
    expect(folderOf('web/src/features/chat/components/Composer.tsx')).toBe('web/src/features/chat');
    expect(folderOf('web/src/lib/socket.ts')).toBe('web/src/lib');
    expect(folderOf('server/src/app.ts')).toBeUndefined();
    expect(folderOf('server/src/platform/http.test.ts')).toBeUndefined();
  });

  it('sees a cycle that runs through files none of which is in a cycle of its own', () => {
    const graph = graphOf({
      'server/src/platform/metrics.ts': ['server/src/modules/intake/index.ts'],
      'server/src/modules/intake/index.ts': ['server/src/modules/intake/intake.service.ts'],
      'server/src/modules/intake/intake.service.ts': ['server/src/platform/clock.ts'],
      'server/src/platform/clock.ts': [],
    });
    expect(cycles(graph)).toEqual([]);
    expect(cycles(folderGraph(graph).folders)).toEqual([['server/src/modules/intake', 'server/src/platform']]);
  });
});

describe('the import graph', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-cycles-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('follows type-only imports, dynamic imports and path aliases', () => {
    fs.mkdirSync(path.join(dir, 'src/a'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { moduleResolution: 'bundler', module: 'esnext', paths: { '@/*': ['./src/*'] } },
      }),
    );
    fs.writeFileSync(
      path.join(dir, 'src/a/shell.ts'),
      "import type { View } from './footer';\nexport type Shell = View;\n",
    );
    fs.writeFileSync(
      path.join(dir, 'src/a/footer.ts'),
      "import type { Shell } from '@/a/shell';\nexport type View = Shell | 'x';\n",
    );
    fs.writeFileSync(path.join(dir, 'src/lazy.ts'), "export const load = () => import('./a/shell');\n");
    const graph = importGraph(dir, [{ dir: 'src', tsconfig: 'tsconfig.json' }]);
    expect([...graph.get(path.join('src', 'lazy.ts'))]).toEqual([path.join('src', 'a', 'shell.ts')]);
    expect(cycles(graph)).toEqual([[path.join('src', 'a', 'footer.ts'), path.join('src', 'a', 'shell.ts')]]);
  });
});
