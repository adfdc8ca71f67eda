/**
 * Downloading a client's file from a channel's API (Telegram's file endpoint; WhatsApp's media URL), capped in
 * bytes while it streams. What the channel claims beforehand — a size in the update, none at all, or a
 * Content-Length — only lets a file be refused sooner; the cap is enforced on the bytes actually received, so a
 * file that is larger than claimed never costs more than the cap (plus one network chunk) in memory: at the cap
 * the request is aborted and the caller treats the file as too large.
 */

export type CappedDownload =
  | { kind: 'complete'; bytes: Buffer }
  /** `size`: the Content-Length the server declared, when it did; else unknown (more than the cap). */
  | { kind: 'tooLarge'; size: number | null };

/** The file server answered with an error status: worth retrying later, like a network failure. */
export class DownloadFailed extends Error {
  constructor(readonly status: number) {
    super(`file download answered ${status}`);
    this.name = 'DownloadFailed';
  }
}

export async function downloadCapped(
  url: string,
  options: { maxBytes: number; headers?: Record<string, string>; signal?: AbortSignal },
): Promise<CappedDownload> {
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const response = await fetch(url, { headers: options.headers, signal });
  if (!response.ok) {
    controller.abort();
    throw new DownloadFailed(response.status);
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    controller.abort();
    return { kind: 'tooLarge', size: declared };
  }
  if (!response.body) return { kind: 'complete', bytes: Buffer.alloc(0) };

  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > options.maxBytes) {
        // Stop reading and drop the connection: the rest of the file is never fetched.
        controller.abort();
        return { kind: 'tooLarge', size: null };
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return { kind: 'complete', bytes: Buffer.concat(chunks, received) };
}
