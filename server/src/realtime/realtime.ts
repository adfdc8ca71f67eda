/**
 * Live events over Socket.IO (ARCHITECTURE §4). The handshake is authenticated by the session cookie; a socket
 * joins the rooms of what its user may see: `user:<id>`, and `dept:<id>` for an agent or `all:<company>` for the
 * admins and moderators who see every department. With REDIS_URL, the Redis streams adapter carries emits to the
 * sockets of every process.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { seesAllDepartments, type ServerEvents } from '@kreechat/contract';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Principal } from '../platform/access';
import { SESSION_COOKIE } from '../platform/access';
import type { EventPublisher, TicketAudience } from '../platform/events';
import type { Logger } from '../platform/logger';

type SocketData = { principal: Principal; token: string };
type KcServer = Server<Record<string, never>, ServerEvents, Record<string, never>, SocketData>;

/** How often live sockets re-check their session, so an expired one stops receiving. */
const SESSION_RECHECK_MS = 60_000;

const rooms = {
  user: (id: string) => `user:${id}`,
  department: (id: string) => `dept:${id}`,
  allDepartments: (companyId: string) => `all:${companyId}`,
  session: (id: string) => `session:${id}`,
  company: (id: string) => `company:${id}`,
};

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export type Realtime = EventPublisher & {
  attach(server: HttpServer): void;
  close(): Promise<void>;
};

export function createRealtime(deps: {
  resolveSession: (token: string | undefined) => Promise<Principal | undefined>;
  redisUrl?: string;
  logger: Logger;
}): Realtime {
  const { resolveSession, logger } = deps;
  const io: KcServer = new Server({
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000 },
  });

  let redis: Redis | undefined;
  if (deps.redisUrl) {
    redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: null });
    io.adapter(createAdapter(redis));
  }

  io.use(async (socket, next) => {
    try {
      const token = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
      const principal = await resolveSession(token);
      if (!principal || !token) return next(new Error('unauthorized'));
      socket.data = { principal, token };
      next();
    } catch (error) {
      logger.error({ err: error }, 'socket handshake failed');
      next(new Error('unavailable'));
    }
  });

  io.on('connection', (socket: Socket<Record<string, never>, ServerEvents, Record<string, never>, SocketData>) => {
    const { principal } = socket.data;
    void socket.join([
      rooms.user(principal.userId),
      rooms.session(principal.sessionId),
      rooms.company(principal.companyId),
      seesAllDepartments(principal.role)
        ? rooms.allDepartments(principal.companyId)
        : rooms.department(principal.departmentId ?? `none:${principal.userId}`),
    ]);
  });

  let attached = false;

  // A session can expire while its socket stays open: check now and then, and drop the ones that ended.
  const recheck = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) {
      void resolveSession(socket.data.token)
        .then((principal) => {
          if (!principal) socket.disconnect(true);
        })
        .catch(() => undefined);
    }
  }, SESSION_RECHECK_MS);
  recheck.unref();

  return {
    attach(server) {
      io.attach(server);
      attached = true;
    },

    toTicket(audience: TicketAudience, event, payload) {
      const targets = [rooms.department(audience.departmentId), rooms.allDepartments(audience.companyId)];
      if (audience.handlerId) targets.push(rooms.user(audience.handlerId));
      if (audience.previousDepartmentId) targets.push(rooms.department(audience.previousDepartmentId));
      // Socket.IO's typed emit cannot narrow a generic event name; the payload type is checked by the signature.
      (io.to(targets).emit as (e: string, p: unknown) => boolean)(event, payload);
    },

    toUser(userId, event, payload) {
      (io.to(rooms.user(userId)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },

    toCompany(companyId, event, payload) {
      (io.to(rooms.company(companyId)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },

    endSession(sessionId) {
      io.in(rooms.session(sessionId)).disconnectSockets(true);
    },

    endUser(userId) {
      io.in(rooms.user(userId)).disconnectSockets(true);
    },

    async close() {
      clearInterval(recheck);
      // Socket.IO's close needs the engine that attach() made; a never-attached server has nothing to close.
      if (attached) await io.close();
      await redis?.quit().catch(() => undefined);
    },
  };
}
