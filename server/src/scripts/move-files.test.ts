import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { storedFileChunks, storedFiles } from '../db/schema';
import { createFileStorage } from '../files/storage';
import { createTestDatabase, testDbKind } from '../../test/test-db';
import { moveFiles } from './move-files';

const run = promisify(execFile);

describe('npm run files:move', () => {
  let database: Database & { url?: string };
  let dataDir: string;
  let disk: ReturnType<typeof createFileStorage>;
  let inDb: ReturnType<typeof createFileStorage>;
  /** Every stored key (thumbnails included), its company and its bytes. */
  const stored = new Map<string, { companyId: string; bytes: Buffer }>();

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-move-'));
    disk = createFileStorage({ dataDir, kind: 'disk' });
    inDb = createFileStorage({ dataDir, kind: 'database', db: database.db });
    const png = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#22aa66' } })
      .png()
      .toBuffer();
    for (const companyId of [randomUUID(), randomUUID()]) {
      for (const [bytes, name] of [
        [png, 'a.png'],
        [randomBytes(1_200_000), 'big.bin'],
        [Buffer.from('plain words\n'), 'note.txt'],
      ] as const) {
        const file = await disk.save(companyId, bytes, name, { types: 'any', source: { kind: 'agent' } });
        stored.set(file.key, { companyId, bytes });
        if (file.thumbnailKey) stored.set(file.thumbnailKey, { companyId, bytes: await disk.read(file.thumbnailKey) });
      }
    }
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const bytesIn = async (storage: typeof disk, key: string) => {
    const opened = await storage.open(stored.get(key)!.companyId, key);
    if (!opened) return undefined;
    const pieces: Buffer[] = [];
    for await (const piece of opened.stream()) pieces.push(piece as Buffer);
    return Buffer.concat(pieces);
  };
  const rows = async () => ({
    files: (await database.db.select({ n: count() }).from(storedFiles))[0]!.n,
    chunks: (await database.db.select({ n: count() }).from(storedFileChunks))[0]!.n,
  });

  it('moves disk → database, resuming an interrupted move; again is a no-op; then back to disk', async () => {
    expect(stored.size).toBe(8); // 2 companies × (image, thumbnail, binary, text)
    const keys = [...stored.keys()];
    // An earlier run was interrupted: one file already copied (its source not yet removed), one copied wrong.
    await inDb.store.put([{ key: keys[0]!, bytes: stored.get(keys[0]!)!.bytes }]);
    await inDb.store.put([{ key: keys[1]!, bytes: Buffer.from('truncated') }]);
    // And an upload was cut off while writing: its temporary file is no stored file.
    const companyDir = path.join(dataDir, 'files', stored.get(keys[0]!)!.companyId);
    fs.writeFileSync(path.join(companyDir, '.tmp-cut-off'), 'half');

    const first = await moveFiles({ from: 'disk', to: 'database', dataDir, db: database.db });
    expect(first).toEqual({ copied: 7, alreadyThere: 1, failed: [] });
    for (const key of keys) {
      expect((await bytesIn(inDb, key))?.equals(stored.get(key)!.bytes)).toBe(true);
      expect(await bytesIn(disk, key)).toBeUndefined();
    }
    expect(fs.readdirSync(companyDir)).toEqual(['.tmp-cut-off']);
    expect((await rows()).files).toBe(8);

    expect(await moveFiles({ from: 'disk', to: 'database', dataDir, db: database.db })).toEqual({
      copied: 0,
      alreadyThere: 0,
      failed: [],
    });

    const back = await moveFiles({ from: 'database', to: 'disk', dataDir, db: database.db });
    expect(back).toEqual({ copied: 8, alreadyThere: 0, failed: [] });
    expect(await rows()).toEqual({ files: 0, chunks: 0 });
    for (const key of keys) expect((await bytesIn(disk, key))?.equals(stored.get(key)!.bytes)).toBe(true);

    // --keep copies and leaves the source as it is.
    const kept = await moveFiles({ from: 'disk', to: 'database', dataDir, db: database.db, keep: true });
    expect(kept).toEqual({ copied: 8, alreadyThere: 0, failed: [] });
    for (const key of keys) {
      expect((await bytesIn(disk, key))?.equals(stored.get(key)!.bytes)).toBe(true);
      expect((await bytesIn(inDb, key))?.equals(stored.get(key)!.bytes)).toBe(true);
    }
  });

  it.runIf(testDbKind() === 'postgres')(
    'runs as the npm script with the server’s settings, and refuses a move to the same store',
    async () => {
      const root = path.resolve(import.meta.dirname, '../../..');
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.url!, LOG_LEVEL: 'silent' };
      await expect(
        run('npm', ['run', '-s', 'files:move', '--', '--from', 'disk', '--to', 'disk'], { cwd: root, env }),
      ).rejects.toMatchObject({
        code: 2,
      });
      const { stdout } = await run('npm', ['run', '-s', 'files:move', '--', '--from', 'database', '--to', 'disk'], {
        cwd: root,
        env,
      });
      expect(stdout).toMatch(/0 copied, 8 already there, 0 failed\. Set FILE_STORAGE=disk/);
      expect(await rows()).toEqual({ files: 0, chunks: 0 });
    },
    60_000,
  );
});
