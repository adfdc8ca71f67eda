/**
 * Fixed-window request counters kept in this process's memory, for the limits of public endpoints that are not
 * worth a database write per call (the WordPress widget's, per token, address and session). With several
 * processes each counts its own share, so a limit holds per process; the per-account limits that must hold
 * everywhere live in the database (failure-limiter.ts).
 */
export type WindowLimit = { max: number; windowMs: number };
export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

export function createRequestWindows(limit: WindowLimit, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  /** Forgets windows that ended, at most once a window, so idle keys cost nothing for long. */
  function sweep(at: number) {
    if (at - lastSweep < limit.windowMs) return;
    lastSweep = at;
    for (const [key, w] of windows) if (at - w.start >= limit.windowMs) windows.delete(key);
  }

  return {
    take(key: string): Take {
      const at = now();
      sweep(at);
      let w = windows.get(key);
      if (!w || at - w.start >= limit.windowMs) {
        w = { start: at, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count <= limit.max) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + limit.windowMs - at) / 1000)) };
    },
    size: () => windows.size,
  };
}
