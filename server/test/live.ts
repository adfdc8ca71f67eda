/** A logged-in browser's live connection, collecting every event it receives. */
import type { ServerEventName, ServerEventPayload } from '@kreechat/contract';
import { io, type Socket } from 'socket.io-client';
import type { TestClient } from './harness';
import { eventually } from './harness';

export type LiveEvent = { event: ServerEventName; payload: any };

function presenceFlips(events: LiveEvent[], userId: string): ('online' | 'offline')[] {
  return events.flatMap((e): ('online' | 'offline')[] => {
    if (e.event === 'userLogin' || e.event === 'userLogout')
      return e.payload.userid === userId ? [e.payload.status] : [];
    if (e.event !== 'presenceChanged') return [];
    const batch = e.payload as ServerEventPayload<'presenceChanged'>;
    return batch.online.includes(userId) ? ['online'] : batch.offline.includes(userId) ? ['offline'] : [];
  });
}

export async function connectLive(baseUrl: string, client: TestClient) {
  const events: LiveEvent[] = [];
  const socket: Socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: `kc_session=${client.cookie('kc_session') ?? ''}` },
    reconnection: false,
  });
  socket.onAny((event: ServerEventName, payload: unknown) => events.push({ event, payload }));
  const connected = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
  return {
    socket,
    connected,
    events,
    /** The first event of this name whose payload passes `match`, waiting for it. */
    waitFor<E extends ServerEventName>(
      event: E,
      match: (p: ServerEventPayload<E>) => boolean = () => true,
      timeoutMs = 5_000,
    ) {
      return eventually(
        () => events.find((e) => e.event === event && match(e.payload))?.payload as ServerEventPayload<E> | undefined,
        timeoutMs,
      );
    },
    of: (event: ServerEventName) => events.filter((e) => e.event === event).map((e) => e.payload),
    /** The user's presence flips heard so far, in order, whichever event carried them (lone or batched). */
    presence: (userId: string) => presenceFlips(events, userId),
    /** Waits until the user's `count`-th flip heard is `status`. */
    waitForFlip(userId: string, status: 'online' | 'offline', count = 1, timeoutMs = 5_000) {
      return eventually(
        () => presenceFlips(events, userId).filter((s) => s === status).length >= count || undefined,
        timeoutMs,
      );
    },
    close: () => socket.close(),
  };
}

/**
 * A browser's live connection that can lose its transport and come back the way socket.io-client does, offering
 * the server its previous session for recovery. `frames` keeps every raw Engine.IO message received, so a test sees
 * what reached the wire even when the client library would have dropped it (an attacker's client would not).
 */
export async function connectRecoverable(baseUrl: string, client: TestClient, options: { origin?: string } = {}) {
  const frames: string[] = [];
  const socket: Socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: {
      cookie: `kc_session=${client.cookie('kc_session') ?? ''}`,
      ...(options.origin ? { origin: options.origin } : {}),
    },
    reconnection: false,
  });
  const record = () =>
    socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
      if (packet.type === 'message') frames.push(String(packet.data));
    });
  socket.io.on('open', record);

  /** Resolves once the handshake ends: how it ended. */
  const handshake = () =>
    new Promise<'recovered' | 'fresh' | 'refused'>((resolve) => {
      const done = (outcome: 'recovered' | 'fresh' | 'refused') => {
        socket.off('connect', onConnect);
        socket.off('connect_error', onError);
        resolve(outcome);
      };
      const onConnect = () => done(socket.recovered ? 'recovered' : 'fresh');
      const onError = () => done('refused');
      socket.once('connect', onConnect);
      socket.once('connect_error', onError);
    });
  const first = await handshake();

  return {
    socket,
    first,
    frames,
    /** Whether any raw frame received mentions `text` (an id, say). */
    saw: (text: string) => frames.some((frame) => frame.includes(text)),
    /** The transport breaks as a network drop would: the server keeps the session for recovery. */
    async drop() {
      const closed = new Promise((resolve) => socket.once('disconnect', resolve));
      socket.io.engine.close();
      await closed;
      // The client knows at once; the server notices the closed transport a moment later, and only then keeps
      // the session for recovery (a change made before that acts on a connection it still thinks is open).
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
    /**
     * Connects again, offering the previous session as socket.io-client does; with `cookie`, sending that session
     * cookie instead of the one it opened with ('' for none), as someone holding only the pid and offset would;
     * with `to`, to another process of the deployment (as a load balancer may send it).
     */
    reconnect(options: { cookie?: string; to?: string } = {}) {
      // socket.io-client opens each new transport to its manager's uri, which its typings keep private.
      if (options.to) (socket.io as unknown as { uri: string }).uri = options.to;
      if (options.cookie !== undefined) {
        socket.io.opts.extraHeaders = {
          ...socket.io.opts.extraHeaders,
          cookie: options.cookie ? `kc_session=${options.cookie}` : '',
        };
      }
      const outcome = handshake();
      socket.connect();
      return outcome;
    },
    /** The Socket.IO events among the raw frames received after the first `from` (whatever the library did). */
    eventFrames: (from = 0) => frames.slice(from).filter((frame) => frame.startsWith('2')),
    close: () => socket.close(),
  };
}

/**
 * A browser's live connection as the workspace opens it (web/src/lib/socket.ts: reconnection on, 1 s delay up to
 * 5 s, randomisation 0.5), for a server given by its session cookie (a spawned process). It comes back by itself
 * when the server closes its transport (a stopping process, Redis back); each `connects` entry is a handshake, the
 * moment the web reads again what it shows (onEveryConnect), and `onConnect` is called then.
 */
export function connectAsBrowser(baseUrl: string, sessionCookie: string, onConnect: () => void = () => {}) {
  const events: (LiveEvent & { at: number })[] = [];
  const connects: { at: number; recovered: boolean }[] = [];
  const disconnects: { at: number; reason: string; reconnects: boolean }[] = [];
  const socket: Socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: `kc_session=${sessionCookie}` },
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
    randomizationFactor: 0.5,
  });
  socket.onAny((event: ServerEventName, payload: unknown) => events.push({ event, payload, at: Date.now() }));
  socket.on('connect', () => {
    connects.push({ at: Date.now(), recovered: socket.recovered });
    onConnect();
  });
  socket.on('disconnect', (reason) => disconnects.push({ at: Date.now(), reason, reconnects: socket.active }));
  return {
    socket,
    events,
    connects,
    disconnects,
    of: (event: ServerEventName) => events.filter((e) => e.event === event).map((e) => e.payload),
    /** The user's presence flips heard so far, in order, whichever event carried them (lone or batched). */
    presence: (userId: string) => presenceFlips(events, userId),
    /** Waits for the `count`-th handshake. */
    connected: (count = 1, timeoutMs = 10_000) => eventually(() => connects.length >= count, timeoutMs),
    close: () => socket.close(),
  };
}
