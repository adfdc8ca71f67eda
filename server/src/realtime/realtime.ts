/**
 * Live events over Socket.IO (ARCHITECTURE §4). Every handshake — a recovered one too — is checked for a
 * same-origin `Origin` and authenticated by the session cookie, and joins the rooms of its user as they are now
 * (rooms.ts). What changes a user's sessions or access acts on their sockets at once, on every process (through
 * the adapter): logout, disable and reset drop them, a new role or department moves them. Sessions that expire
 * without any of those are found by one batched, read-only query for the sockets whose known expiry has passed.
 * With REDIS_URL, the Redis streams adapter carries emits and room changes to every process.
 *
 * Resilience: a process that stops hands its sockets over (`handOver`): their transports close, so the browsers
 * reconnect to another process by themselves and read again what they show (web `onEveryConnect`); a server-side
 * disconnect would end them for good. While Redis is away each process keeps serving its own sockets (emits stay
 * local, presence answers from what it last knew); when Redis is back every socket reconnects once, so the browsers
 * read again what the other processes emitted meanwhile and presence is counted afresh.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { PRESENCE_BATCH_MS, type ServerEvents } from '@kreechat/contract';
import { Server, type Socket } from 'socket.io';
import { createGroupCommit } from '../db/group-commit';
import type { Principal } from '../platform/access';
import type { Clock } from '../platform/clock';
import { sha256 } from '../platform/crypto';
import { SESSION_COOKIE } from '../platform/access';
import type { EventPublisher, LiveAccess, LiveUser, TicketAudience } from '../platform/events';
import { isOwnOrigin } from '../platform/http';
import type { Logger } from '../platform/logger';
import type { Presence } from '../platform/presence';
import { createProxyTrust } from '../platform/proxy';
import { memoryPresenceStore, redisPresenceStore } from './presence-store';
import { connectRedis, type RedisLink } from './redis-link';
import { accessRooms, rooms, roomsOf } from './rooms';

/** What a socket remembers of its session. No token: with Redis this is persisted for connection recovery. */
type SocketData = { userId: string; companyId: string; sessionId: string; expiresAt: number };
type KcServer = Server<Record<string, never>, ServerEvents, Record<string, never>, SocketData>;
type KcSocket = Socket<Record<string, never>, ServerEvents, Record<string, never>, SocketData>;

/** How long a user whose last socket closed still counts as online (a page reload reconnects well within it). */
export const PRESENCE_GRACE_MS = 5_000;

/** How often the sockets whose session may have expired are checked (one query for all of them, if any). */
const EXPIRY_SWEEP_MS = 30_000;
/** How often a process looks for dead processes whose sockets still count as online (with Redis). */
const REAP_MS = 10_000;
/** Sessions looked up per query when many expire at once. */
const SWEEP_BATCH = 1_000;

/** The sessions live connections read: the live ones among many, by their stored ids, in one read. */
export type LiveSessions = { findLive(sessionIds: string[]): Promise<Principal[]> };

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

const lastEntry = (header: string | string[] | undefined) => {
  const value = Array.isArray(header) ? header.at(-1) : header;
  return value?.split(',').at(-1)?.trim() || undefined;
};

export type Realtime = EventPublisher &
  Presence & {
    attach(server: HttpServer): void;
    /** Sockets connected to this process (the metrics read it at scrape time). */
    connectedCount(): number;
    /**
     * The process is stopping: new handshakes are refused and every socket's transport closes, so its browser
     * reconnects to another process by itself. Emits still reach the other processes until `close`.
     */
    handOver(): void;
    close(): Promise<void>;
  };

/** Closes a socket's transport: its browser reconnects (a server-side `disconnect` would tell it not to). */
export const reconnectElsewhere = (socket: { conn: { close(): void } }) => socket.conn.close();

export function createRealtime(deps: {
  sessions: LiveSessions;
  redisUrl?: string;
  publicUrl?: string;
  trustProxy: false | number | string[];
  logger: Logger;
  /** The sessions' clock: a socket's session has expired when this clock passes its expiry. */
  clock: Clock;
  /** How often expired sessions are looked for (tests shorten it). */
  sweepMs?: number;
}): Realtime {
  const { sessions, logger, clock } = deps;
  /**
   * Handshakes look their sessions up together: the ones arriving while a lookup is out go in the next, one read
   * for all (10,000 agents reconnecting after a restart cost tens of queries, not 10,000). A handshake is no use
   * of the session, so nothing slides; HTTP calls do that.
   */
  const lookUp = createGroupCommit<string, Principal | undefined>({
    write: async (ids) => {
      const live = new Map((await sessions.findLive(ids)).map((principal) => [principal.sessionId, principal]));
      return ids.map((id) => live.get(id));
    },
    maxInFlight: 4,
    maxBatch: 500,
    keysOf: () => [],
  });
  const publicOrigin = deps.publicUrl ? new URL(deps.publicUrl).origin : undefined;
  const trustsPeer = createProxyTrust(deps.trustProxy);

  /** The origin the browser sent the upgrade to: through a trusted proxy, as the proxy forwards it. */
  const requestedOrigin = (req: IncomingMessage) => {
    const viaProxy = trustsPeer(req.socket.remoteAddress ?? '');
    const protocol =
      (viaProxy && lastEntry(req.headers['x-forwarded-proto'])) ||
      ((req.socket as TLSSocket).encrypted ? 'https' : 'http');
    const host = (viaProxy && lastEntry(req.headers['x-forwarded-host'])) || req.headers.host || '';
    return { protocol, host };
  };

  let closing = false;
  const io: KcServer = new Server({
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    // Recovered handshakes run the session check too (Socket.IO skips it by default), and recoverSafely below
    // refuses to restore a session whose user is gone or whose rooms are no longer theirs.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    // The browser's Origin, checked before any Socket.IO packet is exchanged: a foreign page cannot ride the
    // agent's cookie into a live connection. Non-browser clients send none and still need a session.
    allowRequest: (req, callback) => {
      // A stopping process takes no new socket: refused at the transport, the browser tries again (elsewhere).
      if (closing) return callback('stopping', false);
      const origin = req.headers.origin;
      callback(null, !origin || isOwnOrigin(origin, requestedOrigin(req), publicOrigin));
    },
  });

  let link: RedisLink | undefined;
  if (deps.redisUrl) {
    link = connectRedis(deps.redisUrl, { logger, name: 'live events' });
    io.adapter(createAdapter(link.client));
  }
  const redisUp = () => !link || link.isUp();
  const recovery = recoverSafely(io, sessions, redisUp);
  const store = link ? redisPresenceStore(link.client) : memoryPresenceStore();
  const timers = new Set<NodeJS.Timeout>();
  /**
   * The sockets counted in the presence store, with the generation they were counted in. A socket that connected
   * while Redis was away is not counted, and its disconnect takes nothing out; a new generation begins when Redis
   * returns and this process's share is counted afresh.
   */
  const counted = new WeakMap<KcSocket, number>();
  let generation = 0;
  /** Per company, who was online when the store last answered: presence while Redis is away does not flap. */
  const lastOnline = new Map<string, Set<string>>();
  /** Where emits go: every process through the adapter, or this process's sockets only while Redis is away. */
  const broadcast = () => (redisUp() ? io : io.local);

  const logFailure = (what: string) => (error: unknown) => {
    if (!closing) logger.error({ err: error }, what);
  };

  /** Per company, the flips gathered while a batch window is open (a user's latest status wins). */
  const batches = new Map<string, Map<string, 'online' | 'offline'>>();

  /**
   * A flip, to the user's colleagues, and the new online count to the admins, whose Agents screen shows it. A lone
   * flip goes out at once (userLogin / userLogout, never to the user's own tabs: they know already) and opens a
   * window of PRESENCE_BATCH_MS; the flips made meanwhile go out together at its end as one presenceChanged, so
   * a storm of N reconnecting agents costs N × windows frames, not N².
   */
  function announce(companyId: string, userId: string, status: 'online' | 'offline') {
    const open = batches.get(companyId);
    if (open) {
      open.set(userId, status);
      return;
    }
    broadcast()
      .to(rooms.company(companyId))
      .except(rooms.user(userId))
      .emit(status === 'online' ? 'userLogin' : 'userLogout', { userid: userId, status });
    void announceCount(companyId, userId).catch(logFailure('presence count failed'));
    batches.set(companyId, new Map());
    scheduleBatch(companyId);
  }

  function scheduleBatch(companyId: string) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const flips = batches.get(companyId);
      if (!flips?.size || closing) {
        batches.delete(companyId);
        return;
      }
      batches.set(companyId, new Map());
      const online = [...flips].filter(([, status]) => status === 'online').map(([id]) => id);
      const offline = [...flips].filter(([, status]) => status === 'offline').map(([id]) => id);
      broadcast().to(rooms.company(companyId)).emit('presenceChanged', { online, offline });
      void announceCount(companyId).catch(logFailure('presence count failed'));
      scheduleBatch(companyId);
    }, PRESENCE_BATCH_MS);
    timers.add(timer);
  }

  async function announceCount(companyId: string, flipped?: string) {
    const onlineAgents = await store.onlineCount(companyId, Date.now());
    const admins = broadcast().to(rooms.admins(companyId));
    (flipped ? admins.except(rooms.user(flipped)) : admins).emit('totalOnlineAgents', { onlineAgents });
  }

  async function arrived(socket: KcSocket) {
    const { companyId, userId } = socket.data;
    if (!redisUp()) return;
    const counting = generation;
    const { first } = await store.connected(companyId, userId);
    if (counting !== generation) return;
    counted.set(socket, counting);
    if (first) announce(companyId, userId, 'online');
  }

  /**
   * A socket left. The server closing it means the session ended (logout, disabled account, expiry): decided at
   * once. The browser going away may be a reload: decided after the grace period. A socket handed over by a
   * stopping process stays counted until the survivors take this process's share out (presence-store `close`).
   */
  async function departed(socket: KcSocket, reason: string) {
    const { companyId, userId } = socket.data;
    if (closing || counted.get(socket) !== generation) return;
    counted.delete(socket);
    const { last } = await store.disconnected(companyId, userId);
    if (!last || closing) return;
    if (reason === 'server namespace disconnect') return announce(companyId, userId, 'offline');
    await store.startGrace(companyId, userId, Date.now() + PRESENCE_GRACE_MS);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (closing) return;
      void store
        .endGrace(companyId, userId, Date.now())
        .then((offline) => {
          if (offline) announce(companyId, userId, 'offline');
        })
        .catch(logFailure('presence check failed'));
    }, PRESENCE_GRACE_MS + 50);
    timers.add(timer);
  }

  io.use(async (socket, next) => {
    try {
      // Taken before socket.data is replaced below: it is the key the held packets are kept under.
      const missed = recovery.missedBy(socket);
      const token = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
      const principal = token && token.length <= 100 ? await lookUp(sha256(token)) : undefined;
      if (!principal) return next(new Error('unauthorized'));
      // A recovered socket continues the session it was opened with, or none.
      if (socket.recovered && socket.data.sessionId !== principal.sessionId) return next(new Error('unauthorized'));
      socket.data = {
        userId: principal.userId,
        companyId: principal.companyId,
        sessionId: principal.sessionId,
        expiresAt: principal.expiresAt.getTime(),
      };
      // Joined before the connection completes: broadcasts reach only connected sockets, so nothing is early.
      void socket.join(roomsOf(principal, principal.sessionId));
      // The session is proven: what the socket missed goes out now, ahead of its connect packet, as Socket.IO
      // itself would have sent it.
      recovery.replay(socket, missed);
      next();
    } catch (error) {
      logger.error({ err: error }, 'socket handshake failed');
      next(new Error('unavailable'));
    }
  });

  io.on('connection', (socket: KcSocket) => {
    socket.on('disconnect', (reason) => {
      void departed(socket, reason).catch(logFailure('presence check failed'));
    });
    void arrived(socket).catch(logFailure('presence check failed'));
  });

  /**
   * Redis is back. What other processes emitted meanwhile never reached this one's sockets, and the presence
   * counts missed this process's connects and disconnects: its share is taken out, and every socket reconnects —
   * counted anew, rooms rebuilt from the user as they are now, and the browser reads again what it shows.
   */
  link?.onResume(() => {
    void store
      .rejoin()
      .catch(logFailure('presence could not rejoin'))
      .then(() => {
        generation++;
        if (closing) return;
        for (const socket of io.of('/').sockets.values()) reconnectElsewhere(socket);
      });
  });

  let attached = false;

  /**
   * Sessions slide with HTTP use, so a socket only knows a lower bound of its session's expiry. The sockets past
   * theirs are checked in one read; the live ones learn their new expiry, the rest are dropped.
   */
  async function sweepExpired() {
    const now = clock.now().getTime();
    // While Redis is away, a logout or a disabled account on another process cannot reach these sockets: each
    // sweep reads every socket's session, not only the ones past their known expiry.
    const everyOne = !redisUp();
    const due = [...io.of('/').sockets.values()].filter((socket) => everyOne || socket.data.expiresAt <= now);
    const ids = [...new Set(due.map((socket) => socket.data.sessionId))];
    const live = new Map<string, Principal>();
    for (let i = 0; i < ids.length; i += SWEEP_BATCH) {
      for (const principal of await sessions.findLive(ids.slice(i, i + SWEEP_BATCH)))
        live.set(principal.sessionId, principal);
    }
    for (const socket of due) {
      const principal = live.get(socket.data.sessionId);
      if (principal) socket.data.expiresAt = principal.expiresAt.getTime();
      else socket.disconnect(true);
    }
  }
  const sweeper = setInterval(
    () => void sweepExpired().catch(logFailure('session sweep failed')),
    deps.sweepMs ?? EXPIRY_SWEEP_MS,
  );
  sweeper.unref();

  // With Redis, a process killed without its disconnect handlers leaves its users counted online: take them out.
  const reaper = link
    ? setInterval(() => {
        if (!redisUp()) return;
        void store
          .reapDead()
          .then(async (gone) => {
            const now = Date.now();
            for (const { companyId, userId } of gone) {
              if (!(await store.isOnline(companyId, userId, now))) announce(companyId, userId, 'offline');
            }
          })
          .catch(logFailure('presence reaping failed'));
      }, REAP_MS)
    : undefined;
  reaper?.unref();

  const emit = (targets: string | string[], event: string, payload: unknown) =>
    // Socket.IO's typed emit cannot narrow a generic event name; the payload type is checked by the signature.
    (broadcast().to(targets).emit as (e: string, p: unknown) => boolean)(event, payload);

  return {
    attach(server) {
      io.attach(server);
      attached = true;
    },

    toTicket(audience: TicketAudience, event, payload) {
      const targets = [rooms.department(audience.departmentId), rooms.allDepartments(audience.companyId)];
      if (audience.handlerId) targets.push(rooms.user(audience.handlerId));
      if (audience.previousDepartmentId) targets.push(rooms.department(audience.previousDepartmentId));
      emit(targets, event, payload);
    },

    toUser: (userId, event, payload) => emit(rooms.user(userId), event, payload),

    toCompany: (companyId, event, payload) => emit(rooms.company(companyId), event, payload),

    toAdmins: (companyId, event, payload) => emit(rooms.admins(companyId), event, payload),

    endSession(sessionId) {
      broadcast().in(rooms.session(sessionId)).disconnectSockets(true);
    },

    endUser(userId) {
      broadcast().in(rooms.user(userId)).disconnectSockets(true);
    },

    accessChanged(user: LiveUser, before: LiveAccess) {
      const was = accessRooms({ ...user, ...before });
      const is = accessRooms(user);
      const sockets = broadcast().in(rooms.user(user.userId));
      const leave = was.filter((room) => !is.includes(room));
      const join = is.filter((room) => !was.includes(room));
      // Leave first: for a moment the user sees less, never more, than the new access allows.
      if (leave.length) sockets.socketsLeave(leave);
      if (join.length) sockets.socketsJoin(join);
      emit(rooms.user(user.userId), 'accessChanged', { role: user.role, departmentid: user.departmentId });
    },

    connectedCount: () => io.of('/').sockets.size,

    async onlineUserIds(companyId) {
      if (redisUp()) {
        try {
          const online = await store.online(companyId, Date.now());
          lastOnline.set(companyId, online);
          return online;
        } catch (error) {
          logFailure('presence read failed')(error);
        }
      }
      // Redis is away: whoever was online when it last answered, and whoever has a socket here now.
      const online = new Set(lastOnline.get(companyId));
      for (const socket of io.of('/').sockets.values())
        if (socket.data.companyId === companyId) online.add(socket.data.userId);
      return online;
    },

    async isOnline(companyId, userId) {
      // A socket on this process answers without asking the store (the intake asks per client message).
      if (io.of('/').adapter.rooms.get(rooms.user(userId))?.size) return true;
      if (!redisUp()) return Boolean(lastOnline.get(companyId)?.has(userId));
      return store.isOnline(companyId, userId, Date.now());
    },

    handOver() {
      closing = true;
      for (const socket of io.of('/').sockets.values()) reconnectElsewhere(socket);
    },

    async close() {
      const handedOver = closing;
      closing = true;
      clearInterval(sweeper);
      if (reaper) clearInterval(reaper);
      for (const timer of timers) clearTimeout(timer);
      // Socket.IO's close needs the engine that attach() made; a never-attached server has nothing to close.
      if (attached) await io.close();
      // Handed over, the users stay online for the grace a reload has, while their browsers find another process.
      if (redisUp()) await store.close(handedOver ? PRESENCE_GRACE_MS : 0).catch(() => undefined);
      await link?.close();
    },
  };
}

/** Socket.IO's packet type for an event (socket.io-parser's PacketType.EVENT). */
const EVENT_PACKET = 2;

/**
 * Connection-state recovery restores a socket's rooms and data and sends what it missed in the socket's
 * constructor (socket.io 4.8 `Namespace._createSocket` → `new Socket(…, session)`), before any middleware runs:
 * anyone holding a pid and an offset would be sent the events before the session cookie is looked at. So the
 * restore hands Socket.IO the session without its missed packets and holds them back; the handshake middleware
 * sends them (`replay`) only once the cookie has proven the very session the socket was opened with, and a refused
 * socket is closed with nothing sent. The restore itself is checked as well: the session must still be live (not
 * logged out, reset, disabled or expired) and the rooms it had must be exactly the rooms its user has now (no
 * role or department changed while it was away); otherwise the socket starts afresh, with nothing replayed, and
 * the browser reads everything again as on any new connection.
 */
function recoverSafely(io: KcServer, sessions: LiveSessions, redisUp: () => boolean) {
  /** Held-back packets by the restored data object, which the recovered socket gets as its `data`. */
  const held = new WeakMap<object, unknown[][]>();
  const adapter = io.of('/').adapter;
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    // Without Redis there is nothing to restore from: a fresh connection at once, not after the command fails.
    if (!redisUp()) return null as unknown as Awaited<ReturnType<typeof restore>>;
    const session = await restore(pid, offset);
    if (!session) return session;
    const data = session.data as Partial<SocketData> | undefined;
    const [principal] = data?.sessionId ? await sessions.findLive([data.sessionId]) : [];
    if (!principal || principal.userId !== data?.userId) return null as unknown as typeof session;
    const expected = new Set(roomsOf(principal, principal.sessionId));
    const restored = session.rooms.filter((room) => room !== session.sid);
    const same = restored.length === expected.size && restored.every((room) => expected.has(room));
    if (!same) return null as unknown as typeof session;
    // A copy per restore: the in-memory adapter keeps its session for another attempt, so two attempts at one
    // pid must not share the key their packets are held under.
    const copy = { ...data };
    held.set(copy, session.missedPackets as unknown[][]);
    return { ...session, data: copy, missedPackets: [] };
  };
  return {
    /** What a recovered socket missed, held back until its session is proven (none for a fresh socket). */
    missedBy: (socket: KcSocket): unknown[][] => (socket.recovered ? (held.get(socket.data) ?? []) : []),
    replay(socket: KcSocket, missed: unknown[][]) {
      for (const data of missed) socket.client._packet({ type: EVENT_PACKET, nsp: socket.nsp.name, data });
    },
  };
}
