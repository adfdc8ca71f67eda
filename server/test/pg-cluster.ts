/**
 * A throwaway PostgreSQL cluster of the test's own (initdb + pg_ctl on a free loopback port), for tests that stop,
 * restart or cut the database: never the machine's shared service. The cluster runs as the `postgres` OS user
 * (PostgreSQL refuses to run as root); its data folder lives under the system's temp folder and is removed by
 * `destroy()`, or at the latest when the test process exits.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './net';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries installed (Debian's layout first, then PATH). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  return '';
}

/** Root cannot run PostgreSQL: the commands run as the `postgres` user when we are root. */
function owner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root needs a `postgres` user to run the test cluster');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export type PgCluster = Awaited<ReturnType<typeof startPgCluster>>;

export async function startPgCluster() {
  const bin = binDir();
  const tool = (name: string) => (bin ? path.join(bin, name) : name);
  const user = owner();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-pg-'));
  const data = path.join(dir, 'data');
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const port = await freePort();
  const as = { ...(user ?? {}), env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C' } };

  await run(tool('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], as);
  const options = [
    `-p ${port}`,
    `-k ${dir}`, // its own socket folder: nothing shared with the machine's service
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const pgCtl = (args: string[]) => run(tool('pg_ctl'), ['-D', data, ...args], as);

  let running = false;
  const start = async () => {
    await pgCtl(['-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
    running = true;
  };
  /** `fast` ends every session (57P01 to the clients, as a restart does); `immediate` is a crash. */
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (!running) return;
    running = false;
    await pgCtl(['-m', mode, '-w', '-t', '30', 'stop']);
  };
  // Whatever happens to the test, the cluster does not outlive it.
  const onExit = () => {
    if (!running) return;
    try {
      for (const pid of processes()) process.kill(pid, 'SIGCONT');
    } catch {
      /* not running */
    }
    try {
      execFileSync(tool('pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], { ...as, stdio: 'ignore' });
    } catch {
      /* already gone */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  /** The postmaster and every process it started (backends, background workers). */
  const processes = () => {
    const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its closing paren.
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false; // gone meanwhile
        }
      })
      .map(Number);
    return [postmaster, ...children];
  };
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of processes()) {
      try {
        process.kill(pid, signal);
      } catch (error) {
        // A backend that ended between the listing and the signal (a closed connection's, once resumed).
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
  };

  await start();
  return {
    /**
     * The server hangs without closing anything (SIGSTOP to all its processes): connections stay open and accept
     * bytes, nothing answers, as behind a network partition. `thaw()` resumes it.
     */
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    port,
    /** The `postgres` database of the cluster (trust authentication, loopback only). */
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async restart() {
      await stop('fast');
      await start();
    },
    get running() {
      return running;
    },
    async destroy() {
      if (running) {
        try {
          signalAll('SIGCONT'); // a frozen server cannot stop
        } catch {
          /* not running */
        }
      }
      await stop('immediate').catch(() => undefined);
      process.removeListener('exit', onExit);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
