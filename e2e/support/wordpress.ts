/**
 * A real WordPress for e2e tests, on loopback: Debian's WordPress 6.1 package files (extracted into a cache by
 * wordpress/fetch.sh, never installed), PHP's built-in server with 4 workers, a fresh database per site in the
 * machine's MariaDB (127.0.0.1:3306, root, no password), the Twenty Twenty-Three theme, and the repository's
 * wordpress-plugin/kreechat copied in and activated, as a zip upload would put it. Nothing reaches out: no
 * external HTTP, no cron, no updates, no mail. Everything lives in a temp dir and one database, both removed by
 * `close()`. See shared/wordpress-testing.md for why each step is there.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test/net';

const HERE = path.join(import.meta.dirname, 'wordpress');
const PLUGIN = path.resolve(import.meta.dirname, '../../wordpress-plugin/kreechat');
const PHP = process.env.PHP_PATH ?? 'php';
const DATABASE = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

export type WordPressUser = { user: string; password: string; email: string; name: string };

export type WordPress = {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** The site's folder (wp-config.php, wp-content/…). */
  dir: string;
  /** The administrator (can manage options). */
  admin: WordPressUser;
  /** A subscriber with a Cyrillic display name, for a logged-in visitor. */
  visitor: WordPressUser;
  /** Saves KreeChat's address and token (`<tokenId>.<secret>`) through the plugin's own options code, no page. */
  setKreeChat(address: string, token: string, options?: { requireConsent?: boolean }): void;
  /** Runs PHP code inside the site's WordPress (wp-load.php loaded) with `$args`; answers what it printed. */
  php(code: string, args?: unknown): string;
  /** Adds a must-use plugin (loaded on every request from then on) with `code` after `<?php`. */
  addMuPlugin(name: string, code: string): void;
  removeMuPlugin(name: string): void;
  /**
   * PHP errors worth failing a test for: fatal and parse errors anywhere, and anything logged from the KreeChat
   * plugin's folder or a test's must-use plugin. WordPress 6.1's own deprecation notices under PHP 8.2 and its blocked calls to WordPress.org
   * are left out.
   */
  phpErrors(): string[];
  close(): Promise<void>;
};

export type WordPressOptions = {
  /** With `tokenId` and `secret`: saved as the plugin's settings before the site is handed over. */
  kreechatUrl?: string;
  tokenId?: string;
  secret?: string;
  /** 'pretty' (default) sets `/%postname%/`; 'plain' keeps `?p=1` and `?rest_route=`. */
  permalinks?: 'plain' | 'pretty';
};

/** Starts a fresh WordPress site; about 2–3 s once the packages are cached (the first run downloads ~10 MB). */
export async function startWordPress(options: WordPressOptions = {}): Promise<WordPress> {
  const source = execFileSync('bash', [path.join(HERE, 'fetch.sh')], { encoding: 'utf8' }).trim();
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'kreechat-wordpress-'));
  const dir = path.join(temp, 'site');
  const debugLog = path.join(temp, 'debug.log');
  const serverLog = path.join(temp, 'server.log');
  const database = `kc_wp_${randomBytes(6).toString('hex')}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const admin = user('admin', 'Site Admin');
  const visitor = user('olga', 'Ольга Петрова');

  let server: ChildProcess | undefined;
  let databaseMade = false;
  const cleanUp = async () => {
    if (server) await stopGroup(server);
    if (databaseMade) sql(`DROP DATABASE IF EXISTS \`${database}\``);
    await fs.promises.rm(temp, { recursive: true, force: true });
  };

  try {
    // Hard links to the cache, not copies: ~0.6 s instead of ~4 s for WordPress's 2,800 files. WordPress never
    // writes its own files here (updates are off). A temp dir on another file system than the cache gets copies.
    try {
      execFileSync('cp', ['-al', source, dir], { stdio: 'pipe' });
    } catch {
      fs.rmSync(dir, { recursive: true, force: true });
      execFileSync('cp', ['-r', source, dir]);
    }
    fs.writeFileSync(path.join(dir, 'wp-config.php'), wpConfig({ url, database, debugLog }));
    fs.mkdirSync(path.join(dir, 'wp-content/mu-plugins'));
    fs.copyFileSync(path.join(HERE, 'no-mail.php'), path.join(dir, 'wp-content/mu-plugins/no-mail.php'));
    fs.cpSync(PLUGIN, path.join(dir, 'wp-content/plugins/kreechat'), { recursive: true });

    sql(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
    databaseMade = true;
    wpRun(dir, url, ['--install'], {
      title: 'KreeChat test site',
      admin,
      users: [visitor],
      theme: 'twentytwentythree',
      plugins: ['kreechat/kreechat.php'],
      permalinks: options.permalinks === 'plain' ? 'plain' : '/%postname%/',
    });

    const log = fs.openSync(serverLog, 'a');
    // Its own process group: the workers PHP_CLI_SERVER_WORKERS forks outlive the parent for a moment.
    server = spawn(PHP, ['-S', `127.0.0.1:${port}`, '-t', dir, path.join(HERE, 'router.php')], {
      detached: true,
      stdio: ['ignore', log, log],
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
    });
    fs.closeSync(log);
    await waitForPort(port, server, serverLog);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const wordpress: WordPress = {
    url,
    dir,
    admin,
    visitor,
    setKreeChat(address, token, { requireConsent = false } = {}) {
      wordpress.php(
        `$refused = KreeChat\\Options::save( $args['address'], $args['token'], $args['requireConsent'] );
         if ( $refused ) { fwrite( STDERR, implode( "\\n", $refused ) ); exit( 1 ); }`,
        { address, token, requireConsent },
      );
    },
    php: (code, args = {}) => wpRun(dir, url, [], args, code),
    addMuPlugin(name, code) {
      fs.writeFileSync(path.join(dir, 'wp-content/mu-plugins', `${name}.php`), `<?php\n${code}\n`);
    },
    removeMuPlugin(name) {
      fs.rmSync(path.join(dir, 'wp-content/mu-plugins', `${name}.php`), { force: true });
    },
    phpErrors: () => [...logEntries(debugLog), ...serverLogErrors(serverLog)].filter(isOurs),
    close: cleanUp,
  };
  if (options.kreechatUrl && options.tokenId && options.secret) {
    try {
      wordpress.setKreeChat(options.kreechatUrl, `${options.tokenId}.${options.secret}`);
    } catch (error) {
      await cleanUp();
      throw error;
    }
  }
  return wordpress;
}

function user(login: string, name: string): WordPressUser {
  return { user: login, password: randomBytes(12).toString('base64url'), email: `${login}@example.test`, name };
}

function wpConfig({ url, database, debugLog }: { url: string; database: string; debugLog: string }): string {
  const salts = ['AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE']
    .flatMap((name) => [`${name}_KEY`, `${name}_SALT`])
    .map((name) => `define( '${name}', '${randomBytes(32).toString('hex')}' );`)
    .join('\n');
  return `<?php
define( 'DB_NAME', '${database}' );
define( 'DB_USER', '${DATABASE.user}' );
define( 'DB_PASSWORD', '${DATABASE.password}' );
define( 'DB_HOST', '${DATABASE.host}:${DATABASE.port}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${salts}
$table_prefix = 'wp_';
define( 'WP_HOME', '${url}' );
define( 'WP_SITEURL', '${url}' );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', '${debugLog}' );
define( 'ABSPATH', __DIR__ . '/' );
require_once ABSPATH . 'wp-settings.php';
`;
}

/** Runs wordpress/wp-run.php against the site: `code` on standard input, `args` as JSON. */
function wpRun(dir: string, url: string, flags: string[], args: unknown, code = ''): string {
  try {
    return execFileSync(PHP, [path.join(HERE, 'wp-run.php'), ...flags, dir], {
      input: code,
      encoding: 'utf8',
      env: { ...process.env, KREECHAT_WP_URL: url, KREECHAT_WP_ARGS: JSON.stringify(args) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error: any) {
    throw new Error(`PHP in the test WordPress failed: ${String(error.stderr || error.stdout || error.message)}`);
  }
}

/** One statement on the MariaDB server, through PHP's mysqli (no mariadb client needed). */
function sql(statement: string) {
  execFileSync(
    PHP,
    [
      '-r',
      `$db = new mysqli('${DATABASE.host}', '${DATABASE.user}', '${DATABASE.password}', '', ${DATABASE.port});
       $db->query($argv[1]) || exit(1);`,
      statement,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

async function waitForPort(port: number, server: ChildProcess, serverLog: string) {
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (server.exitCode !== null || Date.now() > deadline) {
      throw new Error(`php -S did not start (exit ${server.exitCode}):\n${fs.readFileSync(serverLog, 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/**
 * Stops the server's whole process group (parent and workers) and waits until none of it runs. Workers that
 * already exited are not waited for: orphaned, they stay zombies until this machine's init reaps them (~2 s here),
 * holding no port or file.
 */
async function stopGroup(server: ChildProcess) {
  const group = server.pid!;
  const exited = server.exitCode !== null || server.signalCode !== null;
  const parentGone = exited ? Promise.resolve() : new Promise((r) => server.once('exit', r));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-group, name);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  for (let waited = 0; runningIn(group); waited += 50) {
    if (waited === 3_000) signal('SIGKILL');
    await new Promise((r) => setTimeout(r, 50));
  }
  await parentGone;
}

/** Whether a process of the group still runs (Linux: /proc/<pid>/stat, state and group after the name). */
function runningIn(group: number): boolean {
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === group && state !== 'Z') return true;
  }
  return false;
}

/** A PHP log's entries (a stack trace stays with its error), each starting `[26-Nov-2026 13:40:00 UTC]`. */
function logEntries(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split(/\n(?=\[\d{2}-\w{3}-\d{4} )/)
    .filter((entry) => entry.trim() !== '');
}

/** What PHP wrote to the server's stderr before WordPress set its own log (access lines dropped). */
function serverLogErrors(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /PHP (Fatal|Parse|Warning|Notice|Deprecated)/.test(line));
}

const isOurs = (entry: string) =>
  /PHP (Fatal|Parse) error/.test(entry) ||
  entry.includes('/wp-content/plugins/kreechat/') ||
  entry.includes('/wp-content/mu-plugins/');
