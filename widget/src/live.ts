import type { WidgetServerEvents } from '@kreechat/contract';
import { io, type Socket } from 'socket.io-client';
import { WIDGET_SOCKET_PATH } from './constants';

/** What a live connection reports: its own state, and the server's events. */
export type LiveHandlers = WidgetServerEvents & { up(): void; down(): void };
/** Opens a live connection reporting to `handlers`; the socket in the widget, a fake in tests. */
export type Connect = (handlers: LiveHandlers) => { close(): void };

/**
 * The widget's Socket.IO connection: its own path, WebSocket only (the long-polling transport would need sticky
 * sessions behind a load balancer, and the widget polls the REST API instead), the session in the handshake's
 * `auth`, the workspace socket's reconnection timing (SPEC §9).
 */
export const socketConnect =
  (server: string, session: string): Connect =>
  (handlers) => {
    const socket: Socket<WidgetServerEvents, Record<string, never>> = io(server, {
      path: WIDGET_SOCKET_PATH,
      transports: ['websocket'],
      auth: { session },
      timeout: 20_000,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
    });
    socket.on('connect', handlers.up);
    socket.on('disconnect', handlers.down);
    socket.on('connect_error', handlers.down);
    socket.on('message', handlers.message);
    socket.on('ticket', handlers.ticket);
    socket.on('notice', handlers.notice);
    socket.on('ended', handlers.ended);
    return { close: () => socket.close() };
  };

/**
 * Keeps the conversation current: live events while the socket is up; while it is down (not connected yet,
 * refused, dropped), `catchUp` every `pollMs` — it reads `GET /messages?after=<last seq>`. Each (re)connection
 * calls `catchUp` once, for what happened while it was down. `catchUp` runs one at a time: the next poll is
 * planned only when the last one finished, so a slow server is never asked twice at once.
 */
export function startLive(options: {
  connect: Connect;
  events: WidgetServerEvents;
  catchUp: () => Promise<void>;
  pollMs: number;
}): { stop(): void } {
  let up = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;

  const catchUp = () => {
    running ??= options
      .catchUp()
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };
  const plan = () => {
    if (stopped || up || timer) return;
    timer = setTimeout(() => {
      timer = null;
      if (up || stopped) return;
      void catchUp().then(plan);
    }, options.pollMs);
  };
  const connection = options.connect({
    ...options.events,
    up() {
      up = true;
      if (timer) clearTimeout(timer);
      timer = null;
      void catchUp();
    },
    down() {
      up = false;
      plan();
    },
  });
  plan();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      connection.close();
    },
  };
}
