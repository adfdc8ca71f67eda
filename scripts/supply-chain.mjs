#!/usr/bin/env node
/**
 * Checks of package-lock.json that keep `npm ci` and the `engines` field honest (run by the unit tests, and by hand:
 * `node scripts/supply-chain.mjs` prints every problem and exits 1 when there is one).
 *
 * 1. Every optional dependency of every locked package is itself locked. `npm ci` refuses a lockfile where one is
 *    missing, on every machine — the usual cause is a native package whose other-platform binaries npm left out
 *    (npm drops them when the lockfile is regenerated over an existing node_modules, and cannot record them when
 *    they were never published, as with unrs-resolver 1.13.0, which is why package.json pins it to 1.12.2).
 * 2. Every package that ships per-platform binaries has one locked for each platform KreeChat supports.
 * 3. The root `engines.node` is true: every version it admits satisfies the `engines.node` of every locked package
 *    that can be installed on a supported platform (a win32-ia32 or wasm32 binary never is), and every installed
 *    package's own package.json says the same as the lockfile.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/** Linux (glibc), macOS and Windows on x64 and arm64: what README promises `npm ci` works on. */
export const SUPPORTED_PLATFORMS = [
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'win32', cpu: 'x64' },
  { os: 'win32', cpu: 'arm64' },
];

const root = path.resolve(import.meta.dirname, '..');

export function readLockfile(dir = root) {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
}

/** `os`/`cpu`/`libc` lists as npm reads them: empty allows all, `!x` excludes x. */
function allows(list, value) {
  if (!list || list.length === 0 || value === undefined) return true;
  const excluded = list.filter((v) => v.startsWith('!')).map((v) => v.slice(1));
  const included = list.filter((v) => !v.startsWith('!'));
  if (excluded.includes(value)) return false;
  return included.length === 0 || included.includes(value);
}

/** Whether npm would install this locked package on the platform. */
export function installsOn(entry, platform) {
  return allows(entry.os, platform.os) && allows(entry.cpu, platform.cpu) && allows(entry.libc, platform.libc);
}

const isPlatformSpecific = (entry) => Boolean(entry.os?.length || entry.cpu?.length || entry.libc?.length);

/** Where Node would find `name` from the package at `location` (its own node_modules, then each parent's). */
function resolveLocation(packages, location, name) {
  let base = location;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (!base) return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up === -1 ? '' : base.slice(0, up);
  }
}

/** Optional dependencies that the lockfile does not record: each makes `npm ci` fail everywhere. */
export function missingOptionalDependencies(lock) {
  const problems = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolveLocation(lock.packages, location, name)) {
        problems.push(`${location || '(root)'} lists the optional dependency ${name}, which the lockfile lacks`);
      }
    }
  }
  return problems;
}

/**
 * Packages with per-platform binaries (two or more optional dependencies restricted by os/cpu) that lack a binary
 * for a supported platform. A package may instead ship a portable fallback (wasm) that installs everywhere.
 */
export function uncoveredPlatforms(lock, platforms = SUPPORTED_PLATFORMS) {
  const problems = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    const binaries = Object.keys(entry.optionalDependencies ?? {})
      .map((name) => resolveLocation(lock.packages, location, name))
      .filter((found) => found !== undefined)
      .map((found) => lock.packages[found]);
    if (binaries.filter(isPlatformSpecific).length < 2) continue;
    for (const platform of platforms) {
      if (!binaries.some((b) => isPlatformSpecific(b) && installsOn(b, platform))) {
        const name = `${platform.os}-${platform.cpu}`;
        problems.push(`${location} has no binary for ${name} in the lockfile`);
      }
    }
  }
  return problems;
}

/**
 * Locked packages whose `engines.node` does not accept every Node version the root `engines.node` admits, skipping
 * those that no supported platform installs.
 */
export function engineProblems(lock, rootRange, platforms = SUPPORTED_PLATFORMS) {
  const problems = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (location === '' || entry.link) continue;
    const wanted = typeof entry.engines === 'object' && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (!wanted) continue;
    if (!platforms.some((p) => installsOn(entry, p))) continue;
    const label = `${location.replace(/^.*node_modules\//, '')}@${entry.version}`;
    let ok = false;
    try {
      ok = semver.subset(rootRange, wanted, { includePrerelease: false });
    } catch {
      problems.push(`${label} declares an unreadable engines.node "${wanted}"`);
      continue;
    }
    if (!ok) problems.push(`${label} wants Node "${wanted}", but the root engines field admits "${rootRange}"`);
  }
  return problems;
}

/** Installed packages whose package.json states other engines than the lockfile recorded (a stale lockfile). */
export function installedEngineDrift(lock, dir = root) {
  const problems = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (location === '' || entry.link) continue;
    const file = path.join(dir, location, 'package.json');
    if (!fs.existsSync(file)) continue; // another platform's binary, or an optional package not installed here
    const installed = JSON.parse(fs.readFileSync(file, 'utf8'));
    const actual = installed.engines?.node;
    const locked = entry.engines?.node;
    if (actual !== locked) {
      problems.push(`${location} declares engines.node "${actual}" but the lockfile recorded "${locked}"`);
    }
  }
  return problems;
}

export function checkSupplyChain(dir = root) {
  const lock = readLockfile(dir);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const rootRange = manifest.engines?.node;
  if (!rootRange) return ['package.json has no engines.node'];
  return [
    ...missingOptionalDependencies(lock),
    ...uncoveredPlatforms(lock),
    ...engineProblems(lock, rootRange),
    ...installedEngineDrift(lock, dir),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const problems = checkSupplyChain();
  for (const problem of problems) console.error(problem);
  console.log(problems.length ? `${problems.length} supply-chain problems` : 'lockfile and engines: ok');
  process.exit(problems.length ? 1 : 0);
}
