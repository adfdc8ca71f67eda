import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/client';
import { clients, companies, messages, outbox, storedFiles, tickets, users } from '../db/schema';
import { createFileStorage } from '../files/storage';
import { ticketWithChat } from '../../test/chat-world';
import { modesUnder, notPrivate } from '../../test/file-modes';
import { login, seedCompany, STRONG_PASSWORD, startTestApp, type TestApp } from '../../test/harness';
import { testDbKind } from '../../test/test-db';
import { backup, DATABASE_ARCHIVE } from './backup';
import { restore } from './restore';

/** Every row a desk cares about, in a stable order. */
async function snapshot(db: Db) {
  return {
    companies: await db.select().from(companies).orderBy(asc(companies.id)),
    users: await db.select().from(users).orderBy(asc(users.id)),
    clients: await db.select().from(clients).orderBy(asc(clients.id)),
    tickets: await db.select().from(tickets).orderBy(asc(tickets.id)),
    messages: await db.select().from(messages).orderBy(asc(messages.id)),
    outbox: await db.select().from(outbox).orderBy(asc(outbox.id)),
    storedFiles: await db.select().from(storedFiles).orderBy(asc(storedFiles.key)),
  };
}

/** Two companies, each with tickets, messages, an image (and its thumbnail) and a binary file sent by its admin. */
async function seedDesk(t: TestApp) {
  const png = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#cc3366' } })
    .png()
    .toBuffer();
  const admins: { email: string }[] = [];
  for (const name of ['Acme Support', 'Globex Help']) {
    const home = await seedCompany(t, { name });
    admins.push({ email: home.adminEmail });
    for (const texts of [
      ['Hello', 'My order is late', 'Order 42'],
      ['Привет', 'Счёт не пришёл'],
    ]) {
      const { ticketId } = await ticketWithChat(t, home.company.id, texts);
      expect((await home.adminClient.post('/acceptTicket', { ticketid: ticketId })).status).toBe(200);
      for (const [bytes, name] of [
        [png, 'screen.png'],
        // Over one 512 kB chunk; text, as the chat takes no unknown binary type.
        [Buffer.from(randomBytes(525 * 1024).toString('base64')), 'log.txt'],
      ] as const) {
        const form = new FormData();
        form.append('ticketid', ticketId);
        form.append('ticketPlatform', 'telegram');
        form.append('file', new Blob([bytes]), name);
        expect((await home.adminClient.postForm('/send-file', form)).status).toBe(200);
      }
      expect((await home.adminClient.post('/send-message', { ticketid: ticketId, content: 'On it' })).status).toBe(200);
    }
  }
  return admins;
}

/** Every stored file a message points at, read through the store. */
async function filesOf(db: Db, storage: ReturnType<typeof createFileStorage>) {
  const rows = await db.select().from(messages).orderBy(asc(messages.id));
  const keys = rows.flatMap((m) => [m.filePath, m.thumbnailPath]).filter((k): k is string => Boolean(k));
  expect(keys.length).toBe(12); // 2 companies × 2 tickets × (image, thumbnail, binary)
  const bytes: Record<string, string> = {};
  for (const key of keys) bytes[key] = (await storage.read(key)).toString('base64');
  return bytes;
}

describe.skipIf(testDbKind() === 'postgres')('npm run backup / restore (embedded database, disk files)', () => {
  // Made when the tests run, not when the file is collected: in the PostgreSQL project this block is skipped and
  // its afterAll never runs, which left an empty folder behind.
  let base = '';
  let source = '';
  let restored = '';
  let out = '';
  let umask = 0;
  beforeAll(() => {
    // The usual system umask, whatever this machine's is: a backup must not depend on it.
    umask = process.umask(0o022);
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-backup-'));
    source = path.join(base, 'source');
    restored = path.join(base, 'restored');
    out = path.join(base, 'backups');
  });
  afterAll(() => {
    process.umask(umask);
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('backs up a stopped desk and restores it into a fresh folder: every ticket, message and file identical', async () => {
    const t = await startTestApp(
      { DATA_DIR: source, FILE_STORAGE: 'disk' },
      { database: await openDatabase({ dataDir: source }) },
    );
    const admins = await seedDesk(t);
    const before = await snapshot(t.database.db);
    const beforeFiles = await filesOf(t.database.db, t.services.storage);
    expect(before.tickets).toHaveLength(4);
    expect(before.messages.length).toBeGreaterThanOrEqual(4 * 5);

    // While the server holds the database, no backup.
    await expect(backup({ DATA_DIR: source }, { out })).rejects.toThrow(/stop the KreeChat server first/);
    await t.close();

    const { folder, manifest } = await backup({ DATA_DIR: source }, { out });
    expect(path.basename(folder)).toMatch(/^kreechat-backup-/);
    expect(fs.readdirSync(out)).toEqual([path.basename(folder)]); // no .partial left
    expect(manifest.database).toBe('pglite');
    const paths = manifest.files.map((f) => f.path);
    expect(paths).toContain(DATABASE_ARCHIVE);
    for (const key of Object.keys(beforeFiles)) expect(paths).toContain(`data/files/${key}`);
    // It holds the database and the secrets key: owner-only, the uploads too (written here under umask 022).
    expect(modesUnder(folder)).toMatchObject({ '.': '700', [DATABASE_ARCHIVE]: '600', 'manifest.json': '600' });
    expect(modesUnder(out)['.']).toBe('700');
    expect(notPrivate(folder)).toEqual({});

    await restore({ DATA_DIR: restored }, { from: folder });
    // A second restore over it is refused, unless forced: then the previous contents are set aside, not lost.
    await expect(restore({ DATA_DIR: restored }, { from: folder })).rejects.toThrow(/is not empty/);
    const forced = await restore({ DATA_DIR: restored }, { from: folder, force: true });
    expect(fs.readdirSync(forced.setAside!)).toContain('db');
    // PGlite unpacks the archive with every file 0666: the restore leaves DATA_DIR owner-only all the same.
    expect(modesUnder(restored)).toMatchObject({ '.': '700', 'db/PG_VERSION': '600' });
    expect(notPrivate(restored)).toEqual({});

    // A damaged backup is refused before anything is touched.
    const victim = path.join(folder, 'data', 'files', Object.keys(beforeFiles)[0]!);
    const good = fs.readFileSync(victim);
    // One byte flipped, whatever it was: writing an x over it left a base64 file whole whenever its byte was an x.
    const damaged = Buffer.from(good);
    damaged[10] = damaged[10]! ^ 0xff;
    fs.writeFileSync(victim, damaged);
    await expect(restore({ DATA_DIR: path.join(base, 'other') }, { from: folder })).rejects.toThrow(/damaged/);
    expect(fs.existsSync(path.join(base, 'other', 'db'))).toBe(false);
    fs.writeFileSync(victim, good);

    const database = await openDatabase({ dataDir: restored });
    const after = await startTestApp({ DATA_DIR: restored, FILE_STORAGE: 'disk' }, { database });
    try {
      expect(await snapshot(database.db)).toEqual(before);
      expect(await filesOf(database.db, after.services.storage)).toEqual(beforeFiles);
      // The restored desk works: its admin logs in, lists the tickets and downloads a file.
      const admin = after.client();
      await login(admin, admins[0]!.email, STRONG_PASSWORD);
      const listed = (await admin.get('/tickets')).body as { ticketid: string }[];
      expect(listed).toHaveLength(2);
      const image = before.messages.find((m) => m.type === 'image' && listed.some((l) => l.ticketid === m.ticketId))!;
      const download = await after.app.inject({
        method: 'GET',
        url: `/files/${image.filePath}`,
        headers: { cookie: `kc_session=${admin.cookie('kc_session')}` },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.toString('base64')).toBe(beforeFiles[image.filePath!]);
    } finally {
      await after.close();
    }
  }, 120_000);
});

describe.runIf(testDbKind() === 'postgres')('the README recipe for PostgreSQL (pg_dump, FILE_STORAGE=database)', () => {
  let t: TestApp;
  let restoredUrl: string;
  beforeAll(async () => {
    t = await startTestApp({ FILE_STORAGE: 'database' });
  });
  afterAll(async () => {
    await t?.close();
    if (restoredUrl) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(restoredUrl).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  });

  it('pg_dump -Fc then pg_restore into a new database: every row and every file (inside the dump) identical', async () => {
    await seedDesk(t);
    const before = await snapshot(t.database.db);
    const beforeFiles = await filesOf(t.database.db, t.services.storage);
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);

    const sourceUrl = (t.database as { url?: string }).url!;
    const dump = path.join(t.dataDir, 'kreechat.dump');
    execFileSync('pg_dump', ['-Fc', '-f', dump, sourceUrl]);
    const url = new URL(sourceUrl);
    url.pathname = `/kc_restore_${randomBytes(5).toString('hex')}`;
    restoredUrl = url.toString();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${url.pathname.slice(1)}`);
    await admin.end();
    execFileSync('pg_restore', ['--no-owner', '-d', restoredUrl, dump]);

    const database = await openDatabase({ databaseUrl: restoredUrl });
    try {
      expect(await snapshot(database.db)).toEqual(before);
      const storage = createFileStorage({ dataDir: t.dataDir, kind: 'database', db: database.db });
      expect(await filesOf(database.db, storage)).toEqual(beforeFiles);
    } finally {
      await database.close();
    }
  });
});
