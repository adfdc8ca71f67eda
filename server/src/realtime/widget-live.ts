/**
 * The WordPress widget's live connection: its own Socket.IO server on WIDGET_SOCKET_PATH, apart from the agents'
 * one. The widget runs on the company's site, so its handshake comes from a foreign origin and carries a bearer
 * session, never a cookie; the agents' server keeps its same-origin rule untouched. A socket is accepted only with
 * a live widget session and only from that session's site origin; it joins its visitor's room (every tab and
 * device of the same identity), its session's and its token's, so revoking a token or ending a session drops it.
 * Like the agents' server (realtime.ts), a stopping process hands its sockets over (they reconnect elsewhere), and
 * while Redis is away emits reach this process's widgets only; when it is back every widget reconnects once and
 * reads what it missed (widget.ts catches up on every connect).
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { WIDGET_SOCKET_PATH, type WidgetServerEvents } from '@kreechat/contract';
import { Server } from 'socket.io';
import { sha256 } from '../platform/crypto';
import type { Logger } from '../platform/logger';
import type { WidgetPublisher } from '../platform/widget-events';
import { reconnectElsewhere } from './realtime';
import { connectRedis, type RedisLink } from './redis-link';

/** What the live side needs of a widget session: looked up by the SHA-256 of the bearer. */
export type LiveWidgetSession = { id: string; tokenPublicId: string; identity: string; siteOrigin: string };
export type WidgetSessionLookup = (sessionId: string) => Promise<LiveWidgetSession | undefined>;

type SocketData = { sessionId: string };
type WidgetServer = Server<Record<string, never>, WidgetServerEvents, Record<string, never>, SocketData>;

const room = {
  visitor: (tokenPublicId: string, identity: string) => `v:${tokenPublicId}:${identity}`,
  session: (sessionId: string) => `s:${sessionId}`,
  token: (tokenPublicId: string) => `t:${tokenPublicId}`,
};

export type WidgetLive = WidgetPublisher & {
  attach(server: HttpServer): void;
  /** Sockets connected to this process (the bench and tests read it). */
  connectedCount(): number;
  /** The process is stopping: no new socket, and every widget's transport closes so it reconnects elsewhere. */
  handOver(): void;
  close(): Promise<void>;
};

export function createWidgetLive(deps: { lookUp: WidgetSessionLookup; redisUrl?: string; logger: Logger }): WidgetLive {
  let closing = false;
  const io: WidgetServer = new Server({
    path: WIDGET_SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    // Only browsers run the widget: a handshake without an Origin is not one of them.
    allowRequest: (req, callback) =>
      closing ? callback('stopping', false) : callback(null, Boolean(req.headers.origin)),
  });
  let link: RedisLink | undefined;
  if (deps.redisUrl) {
    link = connectRedis(deps.redisUrl, { logger: deps.logger, name: 'widget events' });
    io.adapter(createAdapter(link.client, { streamName: 'kreechat-widget' }));
    link.onResume(() => {
      if (!closing) for (const socket of io.of('/').sockets.values()) reconnectElsewhere(socket);
    });
  }
  /** Every process through the adapter, or this process's widgets only while Redis is away. */
  const broadcast = () => (!link || link.isUp() ? io : io.local);
  let attached = false;

  io.use((socket, next) => {
    const bearer = (socket.handshake.auth as { session?: unknown } | undefined)?.session;
    if (typeof bearer !== 'string' || bearer.length < 20 || bearer.length > 200) {
      next(new Error('unauthorized'));
      return;
    }
    deps
      .lookUp(sha256(bearer))
      .then((session) => {
        if (!session) return next(new Error('unauthorized'));
        if (socket.handshake.headers.origin !== session.siteOrigin) return next(new Error('forbidden origin'));
        socket.data.sessionId = session.id;
        void socket.join([
          room.visitor(session.tokenPublicId, session.identity),
          room.session(session.id),
          room.token(session.tokenPublicId),
        ]);
        next();
      })
      .catch((error: unknown) => {
        deps.logger.error({ err: error }, 'widget session lookup failed');
        next(new Error('unavailable'));
      });
  });

  return {
    attach(server) {
      io.attach(server);
      attached = true;
    },

    toVisitor(tokenPublicId, identity, event, ...args) {
      (broadcast().to(room.visitor(tokenPublicId, identity)).emit as (e: string, ...a: unknown[]) => boolean)(
        event,
        ...args,
      );
    },

    endSession(sessionId) {
      broadcast().to(room.session(sessionId)).emit('ended');
      broadcast().in(room.session(sessionId)).disconnectSockets(true);
    },

    endToken(tokenPublicId) {
      broadcast().to(room.token(tokenPublicId)).emit('ended');
      broadcast().in(room.token(tokenPublicId)).disconnectSockets(true);
    },

    connectedCount: () => io.of('/').sockets.size,

    handOver() {
      closing = true;
      for (const socket of io.of('/').sockets.values()) reconnectElsewhere(socket);
    },

    async close() {
      closing = true;
      if (attached) await io.close();
      await link?.close();
    },
  };
}
