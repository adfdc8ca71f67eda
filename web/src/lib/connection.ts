/**
 * Whether the page can reach the server right now, for the "reconnecting" banner. Two sources:
 * - API calls: a 503 (the server's database is restarting, or the process is draining) or no answer at all marks
 *   the server unreachable; any other answer, even a 4xx, proves it is back. While it is unreachable the monitor
 *   asks `/api/ready` now and then (1 s, doubling up to 5 s), so the banner goes away without the person clicking.
 * - Live sockets: one that dropped (not closed by the page itself) and has not reconnected yet.
 * When the server comes back, listeners of `onRecovered` refetch what the page shows.
 */

/** `online`; `reconnecting`: a live socket dropped, calls still work; `lost`: calls fail. */
export type ConnectionStatus = 'online' | 'reconnecting' | 'lost';

type SocketListener = (reasonOrError: string | Error) => void;

/** The socket.io client's surface the monitor uses: its reserved events, and connecting again. */
export interface TrackedSocket {
  on(event: 'connect' | 'connect_error' | 'disconnect', listener: SocketListener): unknown;
  off(event: 'connect' | 'connect_error' | 'disconnect', listener: SocketListener): unknown;
  /** False once socket.io gave up: after a handshake the server refused, it never retries by itself. */
  readonly active: boolean;
  connect(): unknown;
}

/** What the server's handshake answers when it could not look the session up (its database away). */
export const HANDSHAKE_UNAVAILABLE = 'unavailable';

type Timers = {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

export const PROBE_FIRST_MS = 1_000;
export const PROBE_MAX_MS = 5_000;

/** Asks the readiness probe whether the server's database answers (a draining or Redis-less server still serves). */
export async function probeServer(): Promise<boolean> {
  try {
    const response = await fetch('/api/ready', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (response.ok) return true;
    const body = (await response.json().catch(() => null)) as { checks?: { database?: string } } | null;
    return body?.checks?.database === 'ok';
  } catch {
    return false;
  }
}

export function createConnectionMonitor(
  options: {
    probe?: () => Promise<boolean>;
    timers?: Timers;
  } = {},
) {
  const probe = options.probe ?? probeServer;
  const timers: Timers = options.timers ?? {
    set: (run, ms) => {
      const handle = setTimeout(run, ms);
      // Under Node (unit tests) a probe left pending must not keep the process alive; browsers have no unref.
      (handle as { unref?: () => void }).unref?.();
      return handle;
    },
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  let apiDown = false;
  const socketsDown = new Set<TrackedSocket>();
  let probeTimer: unknown;
  let probeDelay = PROBE_FIRST_MS;
  let current: ConnectionStatus = 'online';
  let callsFailed = false;
  const listeners = new Set<() => void>();
  const recoveredListeners = new Set<() => void>();

  function update() {
    const next: ConnectionStatus = apiDown ? 'lost' : socketsDown.size ? 'reconnecting' : 'online';
    if (next === current) return;
    current = next;
    if (next === 'lost') callsFailed = true;
    // Calls failed meanwhile: what the page shows may be stale. (A socket's own reconnection refetches what its
    // events maintain, see useSocketEvents' `connect`.)
    const recovered = next === 'online' && callsFailed;
    if (next === 'online') callsFailed = false;
    for (const listener of listeners) listener();
    if (recovered) for (const listener of recoveredListeners) listener();
  }

  function scheduleProbe() {
    if (probeTimer !== undefined) return;
    probeTimer = timers.set(() => {
      void probe().then((ok) => {
        probeTimer = undefined;
        if (!apiDown) return;
        if (ok) {
          reportApi(true);
        } else {
          probeDelay = Math.min(probeDelay * 2, PROBE_MAX_MS);
          scheduleProbe();
        }
      });
    }, probeDelay);
  }

  function reportApi(reachable: boolean) {
    if (reachable === !apiDown) return;
    apiDown = !reachable;
    if (apiDown) {
      probeDelay = PROBE_FIRST_MS;
      scheduleProbe();
    } else if (probeTimer !== undefined) {
      timers.clear(probeTimer);
      probeTimer = undefined;
    }
    update();
  }

  return {
    status: (): ConnectionStatus => current,
    /** For useSyncExternalStore. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Called when the status comes back to `online` after calls failed (`lost`). */
    onRecovered(listener: () => void): () => void {
      recoveredListeners.add(listener);
      return () => void recoveredListeners.delete(listener);
    },
    /** An API call answered (`true`, any status but 503) or did not (`false`: 503 or no response). */
    reportApi,
    /** Resolves once calls reach the server (at once when nothing says they do not). */
    untilReachable(): Promise<void> {
      if (!apiDown) return Promise.resolve();
      return new Promise((resolve) => {
        const check = () => {
          if (apiDown) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
      });
    },
    /** Follows a live socket until the returned function is called (when the page closes it). */
    trackSocket(socket: TrackedSocket): () => void {
      let retry: unknown;
      let retryDelay = PROBE_FIRST_MS;
      const up = () => {
        retryDelay = PROBE_FIRST_MS;
        socketsDown.delete(socket);
        update();
      };
      const down = () => {
        socketsDown.add(socket);
        update();
      };
      // A handshake refused because the server could not serve it: socket.io gives up on such a refusal, so the
      // monitor tries again (1 s doubling to 5 s). A refusal for any other reason (unauthorized) stays final.
      const failed = (error: string | Error) => {
        down();
        const message = typeof error === 'string' ? error : error.message;
        if (socket.active || message !== HANDSHAKE_UNAVAILABLE || retry !== undefined) return;
        retry = timers.set(() => {
          retry = undefined;
          socket.connect();
        }, retryDelay);
        retryDelay = Math.min(retryDelay * 2, PROBE_MAX_MS);
      };
      // The page's own close ends tracking; any other reason is a drop the client reconnects from.
      const disconnected = (reason: string | Error) => (reason === 'io client disconnect' ? up() : down());
      socket.on('connect', up);
      socket.on('connect_error', failed);
      socket.on('disconnect', disconnected);
      return () => {
        if (retry !== undefined) timers.clear(retry);
        retry = undefined;
        socket.off('connect', up);
        socket.off('connect_error', failed);
        socket.off('disconnect', disconnected);
        up();
      };
    },
  };
}

export type ConnectionMonitor = ReturnType<typeof createConnectionMonitor>;

/** The page's one monitor: the API client reports to it, the sockets are tracked by it, the banner reads it. */
export const connection = createConnectionMonitor();
