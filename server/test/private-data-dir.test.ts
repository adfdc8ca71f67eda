import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modesUnder, notPrivate } from './file-modes';
import { spawnServer } from './server-process';
import { testDbKind } from './test-db';

/**
 * The server as operators run it (server/src/main.ts in a process of its own, under the usual umask 022): its
 * DATA_DIR — the embedded database, the generated keys, the dev mailbox, and what an older version left there —
 * is for its own user alone. The PostgreSQL project skips it: the embedded database is the point.
 */
describe.skipIf(testDbKind() === 'postgres')('DATA_DIR of a running server', () => {
  let base = '';
  let umask = 0;
  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-private-dir-'));
    // The child inherits it: the server must not depend on the operator's umask.
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('is 0700 / 0600 everywhere: PGlite files, keys, mails, and an older tree tightened at start', async () => {
    const dataDir = path.join(base, 'data');
    // What an older version left: uploads readable by everyone.
    fs.mkdirSync(path.join(dataDir, 'files', 'company-a'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'files', 'company-a', 'contract.pdf'), '%PDF-1.4', { mode: 0o644 });
    fs.chmodSync(dataDir, 0o755);

    // A new embedded database takes a while on a busy machine (initdb, then every migration).
    const server = await spawnServer({ DATA_DIR: dataDir, SMTP_URL: '', SECRETS_KEY: '' }, { readyWithinMs: 150_000 });
    try {
      // No SMTP: the code goes to the dev mailbox in DATA_DIR/mail.
      const sent = await fetch(`${server.baseUrl}/api/send-email-verification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.test' }),
      });
      expect(sent.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const modes = modesUnder(dataDir);
    expect(Object.keys(modes)).toEqual(
      expect.arrayContaining(['db', 'db/PG_VERSION', 'secrets.key', 'mail', 'files/company-a/contract.pdf']),
    );
    expect(Object.keys(modes).some((name) => /^mail\/.+\.eml$/.test(name))).toBe(true);
    expect(Object.keys(modes).filter((name) => name.startsWith('db/')).length).toBeGreaterThan(100);
    expect(notPrivate(dataDir)).toEqual({});
  }, 200_000);
});
