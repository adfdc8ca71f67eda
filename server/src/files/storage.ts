/**
 * Uploaded and downloaded files, keyed <company>/<uuid>.<ext>, in the store FILE_STORAGE names (byte-stores.ts:
 * DATA_DIR/files/<key> on disk, or the database). A file is typed by its bytes, not its name; images get a WebP
 * thumbnail beside them. Keys start with the company id, so the download route can refuse another company's files
 * without a lookup.
 *
 * Every stored key has a `file_usage` row (file-usage.repo.ts) with its size and source: a save checks the quotas
 * (quota.ts) and records the rows before it writes a byte, a removal deletes them, so the quotas count what is
 * stored in every process. Uploads people choose are checked against the chat's accepted types (the contract's
 * isAcceptedFile); files clients send through a channel are kept whatever their type, and like any file outside the
 * INLINE list below they are only ever served as downloads.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { isAcceptedFile, UPLOAD_ERRORS } from '@kreechat/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db } from '../db/client';
import type { Clock } from '../platform/clock';
import { AppError } from '../platform/errors';
import { databaseStore, diskStore, type FileStorageKind } from './byte-stores';
import { fileUsageRepo, type UsageRow } from './file-usage.repo';
import {
  DailyQuotaError,
  judgeUpload,
  QUOTA_WINDOW_MS,
  senderRefOf,
  StorageFullError,
  type QuotaLimits,
  type UploadSource,
} from './quota';

export type FileKind = 'image' | 'video' | 'audio' | 'document';

export type StoredFile = {
  key: string;
  name: string;
  size: number;
  mime: string;
  kind: FileKind;
  thumbnailKey: string | null;
};

/**
 * Types a browser may show inline; everything else is served as a download. Each is an image, video or audio type,
 * so a file of a type the chat does not accept (a channel's client may send one) is never shown inline.
 */
const INLINE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/ogg',
  'audio/mp4',
  'audio/wav',
  'audio/webm',
]);
/** Images sharp can read and we show as images (SVG is a document: it can carry script). */
const RASTER = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/tiff',
  'image/bmp',
  'image/avif',
  'image/heic',
]);

const KEY_PATTERN = /^[0-9a-f-]{36}\/[0-9a-f-]{36}(\.thumb)?(\.[a-z0-9]{1,10})?$/;

export function kindOfMime(mime: string): FileKind {
  if (RASTER.has(mime)) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

export type FileStorage = ReturnType<typeof createFileStorage>;

/** An upload the file store refused (disk full, read-only, database unreachable): nothing of it was kept. */
export class FileStoreError extends AppError {
  constructor(cause: unknown) {
    super(507, 'The file could not be stored: the server’s file storage is full or unavailable. Try again later.');
    this.cause = cause;
  }
}

/** 415: a file of a type the chat does not carry (the contract's CHAT_FILE_TYPES, judged by its bytes and name). */
export class UnsupportedFileTypeError extends AppError {
  constructor() {
    super(415, UPLOAD_ERRORS.typeNotAccepted);
  }
}

/**
 * How a save is judged: `source` is who the bytes count against (quota.ts); `types` is `chat` for a file a person
 * chose (refused with 415 unless the chat accepts it) or `any` for a client's file a channel delivered.
 */
export type SaveOptions = { source: UploadSource; types: 'chat' | 'any' };

/** An opened file: its size and type, and its bytes as a stream (all of them, or one range). */
export type OpenedFile = {
  size: number;
  mime: string;
  inline: boolean;
  stream(range?: { start: number; end: number }): Readable;
};

export function createFileStorage(options: {
  dataDir: string;
  kind?: FileStorageKind;
  /** Needed by the database store. */
  db?: Db;
  /** Told about every write the store refused (the person uploading sees FileStoreError). */
  onStoreError?: (error: unknown) => void;
  /**
   * Counts every stored key in `file_usage` and enforces the limits. Without it nothing is counted (the file
   * scripts' tests, which move bytes between stores); the app always passes it.
   */
  quota?: { db: Db; clock: Clock; limits: QuotaLimits };
}) {
  const kind = options.kind ?? 'disk';
  if (kind === 'database' && !options.db) throw new Error('The database file store needs the database');
  const store = kind === 'database' ? databaseStore(options.db!) : diskStore(options.dataDir);
  const mimeOfKey = new Map<string, string>();
  const owned = (companyId: string, key: string) => KEY_PATTERN.test(key) && key.startsWith(`${companyId}/`);
  const quota = options.quota;

  /**
   * Checks the quotas and records `entries` as used, in one short transaction under the company's lock (so two
   * processes cannot both pass a check only one fits); throws StorageFullError (413) or DailyQuotaError (429).
   */
  async function claim(companyId: string, entries: { key: string; bytes: Buffer }[], source: UploadSource) {
    if (!quota) return;
    const now = quota.clock.now();
    const since = new Date(now.getTime() - QUOTA_WINDOW_MS);
    const bytes = entries.reduce((sum, e) => sum + e.bytes.length, 0);
    const channelRef = source.kind === 'channel' ? source.channelRef : null;
    const senderRef = source.kind === 'channel' ? senderRefOf(source) : null;
    await quota.db.transaction(async (tx) => {
      await fileUsageRepo.lockCompany(tx, companyId);
      const used = await fileUsageRepo.totals(tx, { companyId, senderRef, channelRef, since });
      const verdict = judgeUpload(bytes, used, quota.limits, source);
      if (!verdict.ok) {
        if (verdict.refusal !== 'dailyAllowanceUsed') throw new StorageFullError(UPLOAD_ERRORS[verdict.refusal]);
        let waitMs = 0;
        for (const short of verdict.short) {
          const ref = short.by === 'sender' ? senderRef! : channelRef!;
          const freed = await fileUsageRepo.freedBy(tx, { companyId, by: short.by, ref, since, bytes: short.bytes });
          const at = freed ? freed.getTime() + QUOTA_WINDOW_MS : now.getTime() + QUOTA_WINDOW_MS;
          waitMs = Math.max(waitMs, at - now.getTime());
        }
        throw new DailyQuotaError(Math.max(1, Math.ceil(waitMs / 1000)));
      }
      const rows: UsageRow[] = entries.map((e) => ({
        key: e.key,
        companyId,
        bytes: e.bytes.length,
        channelRef,
        senderRef,
        createdAt: now,
      }));
      await fileUsageRepo.insert(tx, rows);
    });
  }

  const release = async (keys: string[]) => {
    if (quota) await fileUsageRepo.remove(quota.db, keys);
  };

  return {
    kind,
    store,

    /**
     * Stores bytes for a company; `name` is the original file name shown to people. The file and its thumbnail are
     * stored together or not at all, and counted (thumbnail included) against `source`'s quotas first. Throws
     * UnsupportedFileTypeError (415) for a chosen file the chat does not carry, StorageFullError (413) or
     * DailyQuotaError (429) over a quota, FileStoreError (507) when the store fails (its usage is given back).
     */
    async save(companyId: string, bytes: Buffer, name: string, how: SaveOptions): Promise<StoredFile> {
      const detected = await fileTypeFromBuffer(bytes);
      const mime = detected?.mime ?? (isProbablyText(bytes) ? 'text/plain' : 'application/octet-stream');
      if (how.types === 'chat' && !isAcceptedFile(mime, name)) throw new UnsupportedFileTypeError();
      const ext = detected?.ext ?? (mime === 'text/plain' ? 'txt' : 'bin');
      const id = randomUUID();
      const key = `${companyId}/${id}.${ext}`;
      let kind = kindOfMime(mime);
      let thumbnailKey: string | null = null;
      const entries = [{ key, bytes }];
      if (kind === 'image') {
        try {
          const thumb = await sharp(bytes, { animated: false })
            .rotate()
            .resize({ width: 320, height: 320, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 75 })
            .toBuffer();
          thumbnailKey = `${companyId}/${id}.thumb.webp`;
          entries.push({ key: thumbnailKey, bytes: thumb });
        } catch {
          // A corrupt or exotic image still arrives, as a document without a preview.
          kind = 'document';
        }
      }
      await claim(companyId, entries, how.source);
      try {
        await store.put(entries);
      } catch (error) {
        options.onStoreError?.(error);
        await release(entries.map((e) => e.key)).catch(() => undefined);
        throw new FileStoreError(error);
      }
      mimeOfKey.set(key, mime);
      return { key, name: safeName(name), size: bytes.length, mime, kind, thumbnailKey };
    },

    /** The file behind a key, if the key is well-formed, belongs to `companyId`, and exists. */
    async open(companyId: string, key: string): Promise<OpenedFile | undefined> {
      if (!owned(companyId, key)) return undefined;
      try {
        const size = await store.size(key);
        if (size === undefined) return undefined;
        let mime = mimeOfKey.get(key);
        if (!mime) {
          const sample = await store.head(key, 4100);
          mime =
            (await fileTypeFromBuffer(sample))?.mime ??
            (isProbablyText(sample) ? 'text/plain' : 'application/octet-stream');
          mimeOfKey.set(key, mime);
        }
        return { size, mime, inline: INLINE.has(mime), stream: (range) => store.stream(key, range) };
      } catch {
        return undefined;
      }
    },

    read: (key: string) => store.read(key),

    /**
     * Deletes a company's file (a thumbnail is a key of its own), if the key is well-formed and the company's; a
     * missing file is no error. Its quota is given back once its bytes are gone.
     */
    async remove(companyId: string, key: string) {
      if (!owned(companyId, key)) return;
      mimeOfKey.delete(key);
      await store.remove(key);
      await release([key]);
    },
  };
}

/** The URL a browser uses for a stored file. */
export const fileUrl = (key: string | null | undefined) => (key ? `/files/${key}` : null);

function safeName(name: string): string {
  // Path separators, quotes and control characters have no place in a name shown to people.
  const cleaned = [...name]
    .map((c) => (c < ' ' || c === '\u007f' || '\\/"'.includes(c) ? '_' : c))
    .join('')
    .trim();
  return (cleaned || 'file').slice(0, 200);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Text: no NUL and valid UTF-8 in the first kilobyte. (No NUL alone let one binary file in ~55 pass for text.) The
 * sample may end inside a character, so up to three trailing bytes may be cut off.
 */
export function isProbablyText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 1024);
  if (sample.length === 0 || sample.includes(0)) return false;
  for (let cut = 0; cut < Math.min(4, sample.length); cut++) {
    try {
      utf8.decode(sample.subarray(0, sample.length - cut));
      return true;
    } catch {
      if (sample.length < 1024) return false; // the whole file: nothing was cut
    }
  }
  return false;
}
