/**
 * Group commit: many callers each hand in one item and wait for their own result, and the items that arrive
 * while earlier batches are being written go together in the next one — one statement, one round trip and one
 * commit for all of them. There is no timer: an item that finds the writer free goes in the next turn of the
 * event loop (with whatever arrived in the same turn), so a quiet server adds no latency, and a busy one writes
 * bigger batches rather than queueing statements.
 */
export type GroupCommit<I, O> = (item: I) => Promise<O>;

/** The group commits with items waiting or batches being written, each with a promise of its next quiet moment. */
const busy = new Map<object, Promise<void>>();

/**
 * Resolves once no group commit of this process has an item waiting or a batch being written: a graceful stop
 * awaits it before the database closes, so no caller's write is cut off mid-way.
 */
export async function groupCommitsSettled(): Promise<void> {
  while (busy.size) await Promise.all(busy.values());
}

export function createGroupCommit<I, O>(options: {
  /** Writes the items in one statement and answers one result per item, in their order. */
  write: (items: I[]) => Promise<O[]>;
  /** Batches written at once; the items arriving meanwhile wait for the next. */
  maxInFlight: number;
  maxBatch: number;
  /**
   * Items with the same key never share a batch: a later one waits for the next batch. Keeps the order of
   * one chat's messages, and one update from being written twice by one statement.
   */
  keysOf: (item: I) => string[];
}): GroupCommit<I, O> {
  const { write, maxInFlight, maxBatch, keysOf } = options;
  type Waiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let waiting: Waiting[] = [];
  /** Keys of the items being written now. */
  const busyKeys = new Set<string>();
  let inFlight = 0;
  let scheduled = false;
  const self = {};
  let quiet: { promise: Promise<void>; resolve: () => void } | undefined;
  /** Tracks this group commit in `busy` while it has work, and wakes the waiters when it has none. */
  function track() {
    if (waiting.length || inFlight || scheduled) {
      if (!quiet) {
        let resolve = () => {};
        const promise = new Promise<void>((r) => (resolve = r));
        quiet = { promise, resolve };
        busy.set(self, promise);
      }
    } else if (quiet) {
      busy.delete(self);
      quiet.resolve();
      quiet = undefined;
    }
  }

  function schedule() {
    if (scheduled || inFlight >= maxInFlight || !waiting.length) return;
    scheduled = true;
    setImmediate(flush);
  }

  function take(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const keys = new Set<string>(busyKeys);
    for (const w of waiting) {
      const own = keysOf(w.item);
      // Once an item of a key waits, every later item of that key waits too, so their order holds.
      if (batch.length >= maxBatch || own.some((k) => keys.has(k))) rest.push(w);
      else batch.push(w);
      for (const k of own) keys.add(k);
    }
    waiting = rest;
    return batch;
  }

  async function writeAndSettle(batch: Waiting[]) {
    try {
      const results = await write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One item can fail the whole statement: write each on its own, so only that item's caller sees the error.
      await Promise.all(batch.map((w) => writeAndSettle([w])));
    }
  }

  async function flush() {
    scheduled = false;
    const batch = take();
    if (!batch.length) return track();
    const keys = batch.flatMap((w) => keysOf(w.item));
    for (const k of keys) busyKeys.add(k);
    inFlight++;
    schedule();
    try {
      await writeAndSettle(batch);
    } finally {
      for (const k of keys) busyKeys.delete(k);
      inFlight--;
      schedule();
      track();
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      schedule();
      track();
    });
}
