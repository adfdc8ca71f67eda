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
import type { Presence } from '../platform/presence';

type SocketData = { principal: Principal; token: string };
type KcServer = Server<Record<string, never>, ServerEvents, Record<string, never>, SocketData>;

/** How often live sockets re-check their session, so an expired one stops receiving. */
const SESSION_RECHECK_MS = 60_000;

/** How long a user whose last socket closed still counts as online (a page reload reconnects well within it). */
export const PRESENCE_GRACE_MS = 5_000;

/**
 * Users in their grace period, per company. With Redis it lives there (a sorted set scored by the end of the
 * grace), so every process answers the same; alone, in memory.
 */
type GraceStore = {
  add(companyId: string, userId: string, until: number): Promise<void>;
  remove(companyId: string, userId: string): Promise<void>;
  list(companyId: string, now: number): Promise<string[]>;
};

function memoryGrace(): GraceStore {
  const byCompany = new Map<string, Map<string, number>>();
  return {
    async add(companyId, userId, until) {
      const users = byCompany.get(companyId) ?? new Map<string, number>();
      users.set(userId, until);
      byCompany.set(companyId, users);
    },
    async remove(companyId, userId) {
      byCompany.get(companyId)?.delete(userId);
    },
    async list(companyId, now) {
      return [...(byCompany.get(companyId) ?? [])].filter(([, until]) => until > now).map(([id]) => id);
    },
  };
}

function redisGrace(redis: Redis): GraceStore {
  const key = (companyId: string) => `kc:presence-grace:${companyId}`;
  return {
    async add(companyId, userId, until) {
      await redis
        .multi()
        .zadd(key(companyId), until, userId)
        .pexpire(key(companyId), PRESENCE_GRACE_MS * 4)
        .exec();
    },
    async remove(companyId, userId) {
      await redis.zrem(key(companyId), userId);
    },
    list: (companyId, now) => redis.zrangebyscore(key(companyId), `(${now}`, '+inf'),
  };
}

const rooms = {
  user: (id: string) => `user:${id}`,
  department: (id: string) => `dept:${id}`,
  allDepartments: (companyId: string) => `all:${companyId}`,
  session: (id: string) => `session:${id}`,
  company: (id: string) => `company:${id}`,
  /** The company's admins: the only ones who may read the agents list (GET /admin/get-all-agents). */
  admins: (companyId: string) => `admins:${companyId}`,
};

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export type Realtime = EventPublisher &
  Presence & {
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
  const grace = redis ? redisGrace(redis) : memoryGrace();
  const graceTimers = new Set<NodeJS.Timeout>();

  /** How many sockets the user has on every process (through the adapter). */
  const socketsOf = async (userId: string) => (await io.in(rooms.user(userId)).fetchSockets()).length;

  async function onlineUserIds(companyId: string) {
    const [sockets, graced] = await Promise.all([
      io.in(rooms.company(companyId)).fetchSockets(),
      grace.list(companyId, Date.now()),
    ]);
    return new Set([...sockets.map((s) => s.data.principal.userId), ...graced]);
  }

  /**
   * The flip to the user's colleagues, and the new online count to the admins, whose Agents screen shows it. Never
   * to the user's own tabs: they know already, and a screen reads the count again on every (re)connection.
   */
  async function announce(companyId: string, userId: string, status: 'online' | 'offline') {
    io.to(rooms.company(companyId))
      .except(rooms.user(userId))
      .emit(status === 'online' ? 'userLogin' : 'userLogout', { userid: userId, status });
    const online = await onlineUserIds(companyId);
    io.to(rooms.admins(companyId)).except(rooms.user(userId)).emit('totalOnlineAgents', { onlineAgents: online.size });
  }

  /**
   * A socket of the user joined their room: they go online unless they already were (an older socket, or the
   * grace period). Only the oldest of the user's sockets can announce, so two tabs connecting at once on two
   * processes neither both stay silent nor both announce.
   */
  async function arrived(companyId: string, userId: string, socketId: string, issued: number) {
    const [sockets, graced] = await Promise.all([
      io.in(rooms.user(userId)).fetchSockets(),
      grace.list(companyId, Date.now()),
    ]);
    await grace.remove(companyId, userId);
    const older = sockets.some(
      (s) => s.id !== socketId && (s.handshake.issued < issued || (s.handshake.issued === issued && s.id < socketId)),
    );
    if (!older && !graced.includes(userId)) await announce(companyId, userId, 'online');
  }

  /** The user goes offline if no socket of theirs is left (checked across processes). */
  async function leaveIfGone(companyId: string, userId: string) {
    if ((await socketsOf(userId)) > 0) return;
    await grace.remove(companyId, userId);
    await announce(companyId, userId, 'offline');
  }

  /**
   * A socket left. The server closing it means the session ended (logout, disabled account, expiry): decided at
   * once. The browser going away may be a reload: decided after the grace period.
   */
  async function departed(companyId: string, userId: string, reason: string) {
    if (reason === 'server namespace disconnect') return leaveIfGone(companyId, userId);
    await grace.add(companyId, userId, Date.now() + PRESENCE_GRACE_MS);
    const timer = setTimeout(() => {
      graceTimers.delete(timer);
      void leaveIfGone(companyId, userId).catch((error: unknown) =>
        logger.error({ err: error }, 'presence check failed'),
      );
    }, PRESENCE_GRACE_MS);
    graceTimers.add(timer);
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
    const { companyId, userId } = principal;
    socket.on('disconnect', (reason) => {
      void departed(companyId, userId, reason).catch((error: unknown) =>
        logger.error({ err: error }, 'presence check failed'),
      );
    });
    void socket.join([
      rooms.user(userId),
      rooms.session(principal.sessionId),
      rooms.company(principal.companyId),
      seesAllDepartments(principal.role)
        ? rooms.allDepartments(principal.companyId)
        : rooms.department(principal.departmentId ?? `none:${principal.userId}`),
      ...(principal.role === 'admin' ? [rooms.admins(principal.companyId)] : []),
    ]);
    void arrived(companyId, userId, socket.id, socket.handshake.issued).catch((error: unknown) =>
      logger.error({ err: error }, 'presence check failed'),
    );
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

    onlineUserIds,

    async isOnline(companyId, userId) {
      // A socket on this process answers without asking the others (the intake asks per client message).
      if (io.of('/').adapter.rooms.get(rooms.user(userId))?.size) return true;
      if ((await socketsOf(userId)) > 0) return true;
      return (await grace.list(companyId, Date.now())).includes(userId);
    },

    async close() {
      clearInterval(recheck);
      for (const timer of graceTimers) clearTimeout(timer);
      // Socket.IO's close needs the engine that attach() made; a never-attached server has nothing to close.
      if (attached) await io.close();
      await redis?.quit().catch(() => undefined);
    },
  };
}
