import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdentities, fileUsage, messages, outbox, storedFileChunks, storedFiles, tickets } from '../db/schema';
import { ticketWithChat } from '../../test/chat-world';
import { seedCompany, startTestApp, type TestApp } from '../../test/harness';
import { testDbKind } from '../../test/test-db';
import { CHUNK_BYTES } from './byte-stores';
import { byteRange } from './files.routes';
import { isProbablyText } from './storage';

type Seeded = Awaited<ReturnType<typeof seedCompany>>;

/** A ticket the company's admin handles, ready for uploads. */
async function handledTicket(t: TestApp, home: Seeded) {
  const { ticketId } = await ticketWithChat(t, home.company.id, ['I have a file for you']);
  expect((await home.adminClient.post('/acceptTicket', { ticketid: ticketId })).status).toBe(200);
  return ticketId;
}

async function upload(home: Seeded, ticketId: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('ticketid', ticketId);
  form.append('ticketPlatform', 'telegram');
  form.append('file', new Blob([bytes]), name);
  return home.adminClient.postForm('/send-file', form);
}

/** GET /files/<key> as a raw response (the harness's client prefixes /api). */
async function download(t: TestApp, home: Seeded, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `kc_session=${home.adminClient.cookie('kc_session')}`, ...headers },
  });
}

/**
 * Binary bytes the chat takes: a ZIP signature (a local file header with empty fields) before random bytes, so
 * the server types them as a ZIP archive; `.zip` names them so.
 */
const zipLike = (size: number) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), randomBytes(size - 30)]);

const rowsOf = async (t: TestApp, ticketId: string) =>
  (await t.database.db.select({ n: count() }).from(messages).where(eq(messages.ticketId, ticketId)))[0]!.n;
const usageRows = async (t: TestApp) => (await t.database.db.select({ n: count() }).from(fileUsage))[0]!.n;
const outboxRows = async (t: TestApp) => (await t.database.db.select({ n: count() }).from(outbox))[0]!.n;
const storedRows = async (t: TestApp) => ({
  files: (await t.database.db.select({ n: count() }).from(storedFiles))[0]!.n,
  chunks: (await t.database.db.select({ n: count() }).from(storedFileChunks))[0]!.n,
});
const filesOnDisk = (t: TestApp) => {
  const root = path.join(t.dataDir, 'files');
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
};

describe('a file without a known signature', () => {
  it('is text when its first kilobyte is UTF-8 without NUL, a character cut at the kilobyte included; else binary', () => {
    expect(isProbablyText(Buffer.from('Order 1042: two lamps, one shade.\n'))).toBe(true);
    // 1023 ASCII bytes, then a three-byte character across the sample's end.
    expect(isProbablyText(Buffer.from(`${'a'.repeat(1023)}€ and more`))).toBe(true);
    expect(isProbablyText(Buffer.from([0x68, 0x69, 0x00, 0x21]))).toBe(false);
    expect(isProbablyText(Buffer.from([0xc3, 0x28, 0x41]))).toBe(false); // not UTF-8
    // Random bytes with no NUL in their first kilobyte: before, about one binary file in 55 passed for text.
    const noNul = Buffer.from(randomBytes(4096).map((b) => b || 1));
    expect(isProbablyText(noNul)).toBe(false);
  });
});

describe('Range headers', () => {
  it('reads one range, a suffix, an open end; refuses a start past the end; ignores the rest', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(byteRange('items=0-1', 100)).toBeUndefined();
    expect(byteRange('bytes=9-3', 100)).toBeUndefined();
  });
});

describe.each(['disk', 'database'] as const)('FILE_STORAGE=%s', (kind) => {
  let t: TestApp;
  let home: Seeded;
  let ticketId: string;
  beforeAll(async () => {
    t = await startTestApp({ FILE_STORAGE: kind });
    home = await seedCompany(t);
    ticketId = await handledTicket(t, home);
  });
  afterAll(async () => t?.close());

  it('stores an upload where it says, serves it whole and by ranges, only to its company', async () => {
    // Three chunks and a bit: ranges across chunk boundaries are the database store's hard case.
    const bytes = zipLike(3 * CHUNK_BYTES + 1234);
    const sent = await upload(home, ticketId, bytes, 'dump.zip');
    expect(sent.status).toBe(200);
    const url: string = sent.body.message.path;
    expect(url).toMatch(new RegExp(`^/files/${home.company.id}/[0-9a-f-]{36}\\.zip$`));
    const key = url.slice('/files/'.length);

    if (kind === 'database') {
      expect(filesOnDisk(t)).toEqual([]);
      const chunks = await t.database.db
        .select({ seq: storedFileChunks.seq, size: sql<number>`length(${storedFileChunks.data})` })
        .from(storedFileChunks)
        .where(eq(storedFileChunks.key, key))
        .orderBy(storedFileChunks.seq);
      expect(chunks.map((c) => [c.seq, Number(c.size)])).toEqual([
        [0, CHUNK_BYTES],
        [1, CHUNK_BYTES],
        [2, CHUNK_BYTES],
        [3, 1234],
      ]);
    } else {
      expect(await storedRows(t)).toEqual({ files: 0, chunks: 0 });
      expect(fs.readFileSync(path.join(t.dataDir, 'files', ...key.split('/'))).equals(bytes)).toBe(true);
    }

    const whole = await download(t, home, url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const from = CHUNK_BYTES - 10;
    const to = 2 * CHUNK_BYTES + 9;
    const part = await download(t, home, url, { range: `bytes=${from}-${to}` });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${from}-${to}/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(from, to + 1))).toBe(true);
    const tail = await download(t, home, url, { range: 'bytes=-5' });
    expect(tail.rawPayload.equals(bytes.subarray(-5))).toBe(true);
    expect((await download(t, home, url, { range: `bytes=${bytes.length}-` })).statusCode).toBe(416);

    // A read streams one chunk at a time: no piece is bigger than a chunk.
    const pieces: number[] = [];
    for await (const piece of t.services.storage.store.stream(key)) pieces.push((piece as Buffer).length);
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(bytes.length);
    expect(Math.max(...pieces)).toBeLessThanOrEqual(CHUNK_BYTES);

    const other = await seedCompany(t, { name: 'Other Co' });
    const foreign = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `kc_session=${other.adminClient.cookie('kc_session')}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await download(t, home, `/files/${home.company.id}/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.bin`))
        .statusCode,
    ).toBe(404);
  });

  it('keeps an image and its thumbnail together; a deleted file is gone', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const sent = await upload(home, ticketId, png, 'screen.png');
    expect(sent.status).toBe(200);
    const { imageUrl, thumbnailUrl } = sent.body.message;
    expect(thumbnailUrl).toMatch(/\.thumb\.webp$/);
    const image = await download(t, home, imageUrl);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    const thumb = await download(t, home, thumbnailUrl);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);

    const key = imageUrl.slice('/files/'.length);
    await t.services.storage.remove(home.company.id, key);
    expect((await download(t, home, imageUrl)).statusCode).toBe(404);
    expect(await t.services.storage.store.size(key)).toBeUndefined();
  });
  it('keeps no orphan: a repeated submit stores its file once; a file whose message was refused is removed', async () => {
    const keyed = async (bytes: Buffer, idempotencyKey: string, ticket = ticketId) => {
      const form = new FormData();
      form.append('ticketid', ticket);
      form.append('ticketPlatform', 'telegram');
      form.append('idempotencyKey', idempotencyKey);
      form.append('file', new Blob([bytes]), 'twice.zip');
      return home.adminClient.postForm('/send-file', form);
    };
    const stored = async () => (kind === 'disk' ? filesOnDisk(t).length : (await storedRows(t)).files);
    const bytes = zipLike(2_000);
    const before = await stored();
    const first = await keyed(bytes, 'same-key-1');
    const again = await keyed(bytes, 'same-key-1');
    expect(again.status).toBe(200);
    expect(again.body.message.messageid).toBe(first.body.message.messageid);
    expect(await stored()).toBe(before + 1);

    // Refused inside the send's transaction, after the file was stored: the client can no longer be reached.
    const { ticketId: lost } = await ticketWithChat(t, home.company.id, ['Still there?']);
    expect((await home.adminClient.post('/acceptTicket', { ticketid: lost })).status).toBe(200);
    const [row] = await t.database.db.select({ clientId: tickets.clientId }).from(tickets).where(eq(tickets.id, lost));
    await t.database.db.delete(clientIdentities).where(eq(clientIdentities.clientId, row!.clientId));
    const refused = await keyed(zipLike(2_000), 'same-key-2', lost);
    expect(refused.status).toBe(409);
    expect(await stored()).toBe(before + 1);
  });

  it('refuses an upload the store cannot keep (507) and keeps nothing of it: no message, outbox row, file or chunk', async () => {
    const before = {
      messages: await rowsOf(t, ticketId),
      outbox: await outboxRows(t),
      stored: await storedRows(t),
      files: filesOnDisk(t).length,
      usage: await usageRows(t),
    };
    const refusedUpload = async (bytes: Buffer) => {
      const refused = await upload(home, ticketId, bytes, 'refused.zip');
      expect(refused.status).toBe(507);
      expect(refused.body.message).toBe(
        'The file could not be stored: the server’s file storage is full or unavailable. Try again later.',
      );
      expect(await rowsOf(t, ticketId)).toBe(before.messages);
      expect(await outboxRows(t)).toBe(before.outbox);
      expect(await storedRows(t)).toEqual(before.stored);
      // Its quota was claimed before the write and given back when the write failed.
      expect(await usageRows(t)).toBe(before.usage);
    };

    if (kind === 'disk') {
      // A full disk: a 64 kB tmpfs over DATA_DIR/files (root only); elsewhere a plain file where that folder should
      // be, which fails every write too.
      const filesDir = path.join(t.dataDir, 'files');
      const aside = `${filesDir}.aside`;
      fs.mkdirSync(filesDir, { recursive: true });
      let mounted = false;
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', filesDir], { stdio: 'ignore' });
        mounted = true;
      } catch {
        fs.renameSync(filesDir, aside);
        fs.writeFileSync(filesDir, '');
      }
      try {
        await refusedUpload(zipLike(200 * 1024));
        if (mounted) {
          // Nothing of the refused write is left on the disk (ENOSPC part-way), so a file of most of it fits.
          expect(filesOnDisk(t)).toEqual([]);
          const fits = zipLike(40 * 1024);
          const stored = await upload(home, ticketId, fits, 'fits.zip');
          expect(stored.status).toBe(200);
          expect((await download(t, home, stored.body.message.path)).rawPayload.equals(fits)).toBe(true);
        }
      } finally {
        if (mounted) {
          execFileSync('umount', [filesDir]);
        } else {
          fs.rmSync(filesDir);
          fs.renameSync(aside, filesDir);
        }
      }
      expect(filesOnDisk(t).length).toBe(before.files);
      return;
    }

    // The database is full when the second chunk is written: the file row and the first chunk are already in
    // the transaction, which must leave nothing.
    await t.database.db.execute(sql`
      create function kc_test_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`);
    await t.database.db.execute(sql`
      create trigger kc_test_full before insert on stored_file_chunks
      for each row when (new.seq >= 1) execute function kc_test_full()`);
    try {
      await refusedUpload(zipLike(2 * CHUNK_BYTES));
    } finally {
      await t.database.db.execute(sql`drop trigger kc_test_full on stored_file_chunks`);
    }
    const bytes = zipLike(2 * CHUNK_BYTES);
    const stored = await upload(home, ticketId, bytes, 'whole.zip');
    expect(stored.status).toBe(200);
    expect((await download(t, home, stored.body.message.path)).rawPayload.equals(bytes)).toBe(true);
    expect(await storedRows(t)).toEqual({ files: before.stored.files + 1, chunks: before.stored.chunks + 2 });
  });
});

describe.runIf(testDbKind() === 'postgres')(
  'two processes of one deployment (one PostgreSQL, each its own DATA_DIR)',
  () => {
    it('FILE_STORAGE=database: a file uploaded through one process is served by the other', async () => {
      const a = await startTestApp({ FILE_STORAGE: 'database' });
      const b = await startTestApp({ FILE_STORAGE: 'database' }, { databaseUrl: (a.database as { url?: string }).url });
      try {
        const home = await seedCompany(a);
        const ticketId = await handledTicket(a, home);
        const bytes = zipLike(CHUNK_BYTES + 99);
        const sent = await upload(home, ticketId, bytes, 'shared.zip');
        expect(sent.status).toBe(200);
        // The same session cookie works on both processes (sessions live in the database).
        const fromB = await download(b, home, sent.body.message.path);
        expect(fromB.statusCode).toBe(200);
        expect(fromB.rawPayload.equals(bytes)).toBe(true);
      } finally {
        await b.close();
        await a.close();
      }
    });
  },
);
