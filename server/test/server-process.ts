/**
 * A KreeChat server in a child process of its own (server/src/main.ts), as it runs in production: the e2e stack
 * and the benchmarks start theirs this way, and tests that must kill one the hard way (SIGKILL runs no shutdown
 * code, as when a machine or container dies) too. Resolves once `/api/health` answers.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './net';

const root = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = Awaited<ReturnType<typeof spawnServer>>;

export async function spawnServer(
  env: Record<string, string>,
  /** `readyWithinMs`: longer for a server that makes a new embedded database (initdb and every migration). */
  options: { port?: number; nodeArgs?: string[]; readyWithinMs?: number } = {},
) {
  // A data directory of its own unless the caller chose one (and then keeps it).
  const ownDataDir = env.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'kc-process-'));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(root, 'server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        WEB_DIST: '',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: '',
        ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  /** The exit code, or the signal's name when a signal ended it. */
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal!)),
  );
  const readyWithinMs = options.readyWithinMs ?? 60_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // Nobody gets a handle to a server that never answered: end it here, or it outlives the test run.
      child.kill('SIGKILL');
      await exited;
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
      throw new Error(`the server did not become healthy within ${readyWithinMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const end = async (signal: NodeJS.Signals) => {
    child.kill(signal);
    const code = await exited;
    if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    return code;
  };
  return {
    baseUrl,
    pid: child.pid!,
    port,
    /** Shut down as an operator would (SIGTERM: a graceful stop); resolves with the exit code. */
    stop: () => end('SIGTERM'),
    /** Killed without any chance to clean up. */
    kill: () => end('SIGKILL'),
  };
}
