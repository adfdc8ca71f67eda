/**
 * The WordPress widget's live connection: its own Socket.IO server on WIDGET_SOCKET_PATH, apart from the agents'
 * one. The widget runs on the company's site, so its handshake comes from a foreign origin and carries a bearer
 * session, never a cookie; the agents' server keeps its same-origin rule untouched. A socket is accepted only with
 * a live widget session and only from that session's site origin; it joins its visitor's room (every tab and
 * device of the same identity), its session's and its token's, so revoking a token or ending a session drops it.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { WIDGET_SOCKET_PATH, type WidgetServerEvents } from '@kreechat/contract';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { sha256 } from '../platform/crypto';
import type { Logger } from '../platform/logger';
import type { WidgetPublisher } from '../platform/widget-events';

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
  close(): Promise<void>;
};

export function createWidgetLive(deps: { lookUp: WidgetSessionLookup; redisUrl?: string; logger: Logger }): WidgetLive {
  const io: WidgetServer = new Server({
    path: WIDGET_SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    // Only browsers run the widget: a handshake without an Origin is not one of them.
    allowRequest: (req, callback) => callback(null, Boolean(req.headers.origin)),
  });
  let redis: Redis | undefined;
  if (deps.redisUrl) {
    redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: null });
    io.adapter(createAdapter(redis, { streamName: 'kreechat-widget' }));
  }
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
      (io.to(room.visitor(tokenPublicId, identity)).emit as (e: string, ...a: unknown[]) => boolean)(event, ...args);
    },

    endSession(sessionId) {
      io.to(room.session(sessionId)).emit('ended');
      io.in(room.session(sessionId)).disconnectSockets(true);
    },

    endToken(tokenPublicId) {
      io.to(room.token(tokenPublicId)).emit('ended');
      io.in(room.token(tokenPublicId)).disconnectSockets(true);
    },

    connectedCount: () => io.of('/').sockets.size,

    async close() {
      if (attached) await io.close();
      await redis?.quit().catch(() => undefined);
    },
  };
}
