/**
 * Uploaded and downloaded files, under DATA_DIR/files/<company>/<uuid>.<ext>. A file is typed by its bytes, not
 * its name; images get a WebP thumbnail beside them. Keys start with the company id, so the download route can
 * refuse another company's files without a lookup.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

export type FileKind = 'image' | 'video' | 'audio' | 'document';

export type StoredFile = {
  key: string;
  name: string;
  size: number;
  mime: string;
  kind: FileKind;
  thumbnailKey: string | null;
};

/** Types a browser may show inline; everything else is served as a download. */
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

export function createFileStorage(options: { dataDir: string }) {
  const root = path.join(options.dataDir, 'files');
  const mimeOfKey = new Map<string, string>();

  const absolute = (key: string) => path.join(root, ...key.split('/'));

  return {
    /** Stores bytes for a company; `name` is the original file name shown to people. */
    async save(companyId: string, bytes: Buffer, name: string): Promise<StoredFile> {
      const detected = await fileTypeFromBuffer(bytes);
      const mime = detected?.mime ?? (isProbablyText(bytes) ? 'text/plain' : 'application/octet-stream');
      const ext = detected?.ext ?? (mime === 'text/plain' ? 'txt' : 'bin');
      const id = randomUUID();
      const key = `${companyId}/${id}.${ext}`;
      await fs.mkdir(path.join(root, companyId), { recursive: true });
      await fs.writeFile(absolute(key), bytes);
      const kind = kindOfMime(mime);
      let thumbnailKey: string | null = null;
      if (kind === 'image') {
        try {
          const thumb = await sharp(bytes, { animated: false })
            .rotate()
            .resize({ width: 320, height: 320, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 75 })
            .toBuffer();
          thumbnailKey = `${companyId}/${id}.thumb.webp`;
          await fs.writeFile(absolute(thumbnailKey), thumb);
        } catch {
          // A corrupt or exotic image still arrives, as a document without a preview.
          return { key, name: safeName(name), size: bytes.length, mime, kind: 'document', thumbnailKey: null };
        }
      }
      return { key, name: safeName(name), size: bytes.length, mime, kind, thumbnailKey };
    },

    /** The file behind a key, if the key is well-formed, belongs to `companyId`, and exists. */
    async open(companyId: string, key: string) {
      if (!KEY_PATTERN.test(key) || !key.startsWith(`${companyId}/`)) return undefined;
      const file = absolute(key);
      try {
        const stat = await fs.stat(file);
        let mime = mimeOfKey.get(key);
        if (!mime) {
          const handle = await fs.open(file);
          try {
            const head = Buffer.alloc(4100);
            const { bytesRead } = await handle.read(head, 0, head.length, 0);
            const sample = head.subarray(0, bytesRead);
            mime =
              (await fileTypeFromBuffer(sample))?.mime ??
              (isProbablyText(sample) ? 'text/plain' : 'application/octet-stream');
          } finally {
            await handle.close();
          }
          mimeOfKey.set(key, mime);
        }
        return { path: file, size: stat.size, mime, inline: INLINE.has(mime) };
      } catch {
        return undefined;
      }
    },

    read: (key: string) => fs.readFile(absolute(key)),

    /** Deletes a company's file, if the key is well-formed and the company's; a missing file is no error. */
    async remove(companyId: string, key: string) {
      if (!KEY_PATTERN.test(key) || !key.startsWith(`${companyId}/`)) return;
      mimeOfKey.delete(key);
      await fs.rm(absolute(key), { force: true });
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

function isProbablyText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 1024);
  return sample.length > 0 && !sample.includes(0);
}
