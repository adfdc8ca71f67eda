import { describe, expect, it } from 'vitest';
import {
  checkSupplyChain,
  engineProblems,
  installsOn,
  missingOptionalDependencies,
  readLockfile,
  SUPPORTED_PLATFORMS,
  uncoveredPlatforms,
} from './supply-chain.mjs';

const lock = readLockfile();
const copy = () => structuredClone(lock);

describe('package-lock.json', () => {
  it('passes every supply-chain check as committed (npm ci on every platform, engines true)', () => {
    expect(checkSupplyChain()).toEqual([]);
  });

  it("records every supported platform's native binaries of the packages that ship them", () => {
    const locked = (name) => `node_modules/${name}` in lock.packages;
    for (const name of [
      '@unrs/resolver-binding-darwin-arm64',
      '@unrs/resolver-binding-darwin-x64',
      '@unrs/resolver-binding-win32-x64-msvc',
      '@unrs/resolver-binding-win32-arm64-msvc',
      '@unrs/resolver-binding-linux-arm64-gnu',
      '@rolldown/binding-win32-x64-msvc',
      '@rolldown/binding-darwin-arm64',
      '@esbuild/darwin-arm64',
      '@esbuild/win32-arm64',
      '@img/sharp-darwin-arm64',
      '@img/sharp-win32-x64',
      '@img/sharp-linux-arm64',
      'lightningcss-darwin-arm64',
      'lightningcss-win32-x64-msvc',
      '@node-rs/argon2-darwin-arm64',
      '@node-rs/argon2-win32-arm64-msvc',
    ]) {
      expect(locked(name), name).toBe(true);
    }
    // The check below knows these packages as binary sets and finds each supported platform covered.
    const sets = Object.entries(lock.packages).filter(([, e]) => Object.keys(e.optionalDependencies ?? {}).length > 4);
    expect(sets.map(([location]) => location)).toEqual(
      expect.arrayContaining(['node_modules/unrs-resolver', 'node_modules/sharp', 'node_modules/@node-rs/argon2']),
    );
  });

  it("fails when another platform's optional binary is missing, as npm ci would", () => {
    const broken = copy();
    delete broken.packages['node_modules/@unrs/resolver-binding-darwin-arm64'];
    expect(missingOptionalDependencies(broken)).toEqual([
      'node_modules/unrs-resolver lists the optional dependency @unrs/resolver-binding-darwin-arm64, which the lockfile lacks',
    ]);
    expect(uncoveredPlatforms(broken)).toContain(
      'node_modules/unrs-resolver has no binary for darwin-arm64 in the lockfile',
    );
  });

  it('fails when a binary set covers only the platform the lockfile was made on', () => {
    const broken = copy();
    for (const location of Object.keys(broken.packages)) {
      if (/@unrs\/resolver-binding-(?!linux-x64-gnu$)/.test(location)) delete broken.packages[location];
    }
    const unrs = broken.packages['node_modules/unrs-resolver'];
    unrs.optionalDependencies = { '@unrs/resolver-binding-linux-x64-gnu': unrs.version, '@unrs/x': '1.0.0' };
    broken.packages['node_modules/@unrs/x'] = { version: '1.0.0', os: ['linux'], cpu: ['x64'], libc: ['musl'] };
    const problems = uncoveredPlatforms(broken);
    expect(problems).toHaveLength(SUPPORTED_PLATFORMS.length - 1);
    expect(problems).toContain('node_modules/unrs-resolver has no binary for win32-arm64 in the lockfile');
  });

  it('fails when a dependency wants a newer Node than the root engines field admits', () => {
    const broken = copy();
    broken.packages['node_modules/cookie'] = { ...broken.packages['node_modules/cookie'], engines: { node: '>=22' } };
    expect(engineProblems(broken, lock.packages[''].engines.node)).toEqual([
      `cookie@${broken.packages['node_modules/cookie'].version} wants Node ">=22", but the root engines field admits "${lock.packages[''].engines.node}"`,
    ]);
    // ">=20.19" would be untrue too: vite, vitest and eslint refuse the odd releases 21 and 23.
    expect(engineProblems(lock, '>=20.19').some((p) => p.startsWith('vitest@'))).toBe(true);
  });

  it('leaves out binaries that no supported platform installs (e.g. win32-ia32, which only Node 20 builds for)', () => {
    const ia32 = { os: ['win32'], cpu: ['ia32'], engines: { node: '^20.9.0' }, version: '1.0.0' };
    expect(SUPPORTED_PLATFORMS.some((p) => installsOn(ia32, p))).toBe(false);
    expect(engineProblems({ packages: { 'node_modules/x-win32-ia32': ia32 } }, '>=20.19')).toEqual([]);
    const x64 = { ...ia32, cpu: ['x64'] };
    expect(engineProblems({ packages: { 'node_modules/x-win32-x64': x64 } }, '>=20.19')).toHaveLength(1);
  });
});
