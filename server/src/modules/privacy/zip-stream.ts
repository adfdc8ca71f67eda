import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP written as it is read: entries one after another (fflate's streaming `Zip`), each pushed in pieces, so an
 * export of any size holds one piece in memory at a time. The writer waits whenever the reader (the HTTP response)
 * has not taken what was written yet, and stops once the reader is gone (a cancelled download).
 */
export type ZipWriter = {
  /** A compressed text entry, written piece by piece until `end`. */
  text(name: string): Promise<{ write(text: string): Promise<void>; end(): Promise<void> }>;
  /** A stored entry (files are mostly compressed already: images, video, audio) with the stream's bytes. */
  file(name: string, bytes: Readable): Promise<void>;
};

/** Thrown into the producer when the reader went away: nothing is wrong, there is just no one to write for. */
export class ReaderGone extends Error {
  constructor() {
    super('The ZIP’s reader is gone');
  }
}

/**
 * Runs `produce` against a ZIP whose bytes come out of the returned stream. A failure of `produce` ends the stream
 * with that error (the download breaks off rather than ending as a complete-looking but partial file) and is
 * handed to `onError`.
 */
export function zipStream(
  produce: (zip: ZipWriter) => Promise<void>,
  options: { mtime: Date; onError: (error: unknown) => void },
): Readable {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    if (!out.destroyed) out.write(chunk);
    if (final) out.end();
  });
  const encoder = new TextEncoder();

  /** Waits while the reader is behind; fails once it has gone. */
  async function room() {
    if (out.destroyed) throw new ReaderGone();
    if (!out.writableNeedDrain) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
    if (out.destroyed) throw new ReaderGone();
  }

  const writer: ZipWriter = {
    async text(name) {
      const entry = new ZipDeflate(name, { level: 6 });
      entry.mtime = options.mtime;
      zip.add(entry);
      return {
        async write(text) {
          entry.push(encoder.encode(text));
          await room();
        },
        async end() {
          entry.push(new Uint8Array(0), true);
          await room();
        },
      };
    },
    async file(name, bytes) {
      const entry = new ZipPassThrough(name);
      entry.mtime = options.mtime;
      zip.add(entry);
      try {
        for await (const piece of bytes) {
          entry.push(piece as Uint8Array);
          await room();
        }
      } finally {
        bytes.destroy();
      }
      entry.push(new Uint8Array(0), true);
      await room();
    },
  };

  void (async () => {
    try {
      await produce(writer);
      zip.end();
    } catch (error) {
      if (error instanceof ReaderGone) return;
      options.onError(error);
      zip.terminate();
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
