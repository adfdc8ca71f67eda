/**
 * Vitest global setup for the server projects: a self-signed certificate for the local push service, trusted by
 * the test workers through NODE_EXTRA_CA_CERTS. Node reads that variable only when a process starts, so it is set
 * here, in the main process, before vitest forks the workers that inherit its environment.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';

export const TLS_DIR_VARIABLE = 'KC_PUSH_TLS_DIR';

export default async function setup() {
  // Each server project runs this setup in the same main process: one certificate serves them all. A second one
  // with the same subject would sit beside the first in the trust bundle, and OpenSSL, looking the issuer up by
  // name, would check against the wrong one ("self-signed certificate").
  if (process.env[TLS_DIR_VARIABLE]) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-push-tls-'));
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 7 * 864e5),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  fs.writeFileSync(path.join(dir, 'key.pem'), pems.private, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, 'cert.pem'), pems.cert);
  // Keep any CA bundle the machine already relies on.
  const previous = process.env.NODE_EXTRA_CA_CERTS;
  const bundle = [previous && fs.existsSync(previous) ? fs.readFileSync(previous, 'utf8') : '', pems.cert].join('\n');
  fs.writeFileSync(path.join(dir, 'ca-bundle.pem'), bundle);
  process.env.NODE_EXTRA_CA_CERTS = path.join(dir, 'ca-bundle.pem');
  process.env[TLS_DIR_VARIABLE] = dir;

  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    delete process.env[TLS_DIR_VARIABLE];
  };
}
