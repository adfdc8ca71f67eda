import { connection, type ConnectionMonitor } from './connection';

/** A reload this recent (ms) is not repeated: a chunk that fails right after one is an error to show, not a loop. */
const RELOAD_GUARD_MS = 30_000;
const RELOADED_AT = 'kc-chunk-reload-at';

function reloadOnce() {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  location.reload();
}

/**
 * Code fetched on demand (a screen, a panel, a dialog) whose fetch failed is fetched again once the server answers,
 * instead of breaking the screen: the server was away (a restart, a deploy, the network) when the agent opened it.
 * Meanwhile the page says it is reconnecting and the part shows its loading state. If it fails again with the server
 * answering, this release's chunks are gone (a new release replaced them): the page reloads into the new one, at
 * most once in 30 s.
 */
export function loadAgain<T>(
  load: () => Promise<T>,
  options: { monitor?: ConnectionMonitor; reload?: () => void } = {},
): () => Promise<T> {
  const monitor = options.monitor ?? connection;
  const reload = options.reload ?? reloadOnce;
  return async () => {
    try {
      return await load();
    } catch {
      monitor.reportApi(false);
      await monitor.untilReachable();
      try {
        return await load();
      } catch (again) {
        reload();
        throw again;
      }
    }
  };
}
