/**
 * Debian's nginx in front of the e2e server, running THE README's site ("Behind a reverse proxy") as written —
 * only its name, certificate, listen address and upstream port are swapped for a test's — so the documented
 * configuration is the tested one. Everything nginx writes (pid, logs, temp files, a throwaway certificate) lives
 * in a temp dir: no root-owned path is touched, nothing outlives `close()`.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test/net';

export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

const README = path.resolve(import.meta.dirname, '../../README.md');

export type Nginx = {
  /** https://127.0.0.1:<port> */
  url: string;
  port: number;
  /** What nginx logged for each request (its access log), to see e.g. the WebSocket upgrade's 101. */
  accessLog(): string;
  close(): Promise<void>;
};

/** The README's nginx site: the first ```nginx block after the "Behind a reverse proxy" heading. */
function readmeSite(): string {
  const readme = fs.readFileSync(README, 'utf8');
  const section = readme.slice(readme.indexOf('### Behind a reverse proxy'));
  const site = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!site) throw new Error('README.md: no nginx site under "Behind a reverse proxy"');
  return site;
}

/** Replaces `search` exactly `times` times, or says the README changed under the test. */
function swap(text: string, search: string | RegExp, replacement: string, times = 1): string {
  const pattern = typeof search === 'string' ? new RegExp(search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : search;
  const found = text.match(pattern)?.length ?? 0;
  if (found !== times) {
    throw new Error(`README.md's nginx site changed: expected ${times}× ${String(search)}, found ${found}`);
  }
  return text.replace(pattern, replacement);
}

function selfSignedCertificate(dir: string) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** Starts nginx on a free loopback port, proxying to `upstreamPort` on 127.0.0.1 exactly as the README says. */
export async function startNginx(options: { upstreamPort: number }): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreechat-nginx-'));
  // nginx's workers drop root for `nobody`: they must be able to write their temp files here.
  fs.chmodSync(dir, 0o755);
  const temp = path.join(dir, 'temp');
  fs.mkdirSync(temp, { mode: 0o777 });
  fs.chmodSync(temp, 0o777);
  const { cert, key } = selfSignedCertificate(dir);
  const port = await freePort();

  let site = readmeSite();
  site = swap(site, /server \{\n\s+listen 80;[\s\S]*?\n\}\n/, '');
  site = swap(site, 'listen 443 ssl;', `listen 127.0.0.1:${port} ssl;`);
  site = swap(site, /\n\s*listen \[::\]:443 ssl;/, '');
  site = swap(site, 'server_name desk.example.com;', 'server_name 127.0.0.1;');
  site = swap(site, /ssl_certificate\s+\S+;/, `ssl_certificate ${cert};`);
  site = swap(site, /ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${key};`);
  site = swap(site, 'proxy_pass http://127.0.0.1:3003;', `proxy_pass http://127.0.0.1:${options.upstreamPort};`, 2);

  const accessLog = path.join(dir, 'access.log');
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
events { worker_connections 256; }
http {
  access_log ${accessLog};
  client_body_temp_path ${temp}/client_body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
${site}
}
`,
  );

  const errorLog = path.join(dir, 'error.log');
  const child = spawn(
    NGINX_BINARY,
    [
      '-e',
      errorLog,
      '-c',
      conf,
      '-p',
      dir,
      '-g',
      `daemon off; pid ${path.join(dir, 'nginx.pid')}; error_log ${errorLog} warn;`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '';
      child.kill('SIGKILL');
      throw new Error(`nginx did not start (exit ${child.exitCode}):\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    url: `https://127.0.0.1:${port}`,
    port,
    accessLog: () => fs.readFileSync(accessLog, 'utf8'),
    async close() {
      // SIGQUIT: finish the open requests and stop; open WebSockets would hold a graceful stop, so TERM after 2 s.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGTERM'), 2_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
 * A JSON POST over https from the loopback source address `from` (127.0.0.2, 127.0.0.3 …: Linux answers for all
 * of 127/8), as a separate client machine would send it; `forwardedFor` is an X-Forwarded-For the client writes
 * itself. The test certificate is self-signed, so it is not verified.
 */
export function postFrom(
  from: string,
  url: string,
  body: unknown,
  forwardedFor?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: 'POST',
        localAddress: from,
        rejectUnauthorized: false,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
