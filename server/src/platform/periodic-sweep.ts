import type { Logger } from './logger';

/**
 * A sweep run every `intervalMs` once started, and on demand (tests call `sweepOnce` with the clock where they want
 * it). A sweep still running — a slow database — is joined, not doubled; `stop` waits for it. A failed sweep is
 * logged under `name` and the next one runs as planned.
 */
export function periodicSweep<T>(
  sweep: () => Promise<T>,
  options: { intervalMs: number; logger: Logger; name: string },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;

  function sweepOnce(): Promise<T> {
    running ??= sweep().finally(() => (running = undefined));
    return running;
  }

  return {
    sweepOnce,

    start() {
      timer = setInterval(
        () =>
          void sweepOnce().catch((error: unknown) => options.logger.error({ err: error }, `${options.name} failed`)),
        options.intervalMs,
      );
      timer.unref();
    },

    /** Stops sweeping and waits for a sweep in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
