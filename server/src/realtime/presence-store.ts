/**
 * The counts behind presence (platform/presence.ts): how many live sockets each user has across the deployment,
 * and who is in their grace period after the last one closed. Every connect and disconnect is O(1) — one counter
 * step, never a scan of the sockets — so presence costs the same with 10 sockets or 10,000.
 *
 * Alone, the counts live in memory. With Redis they live there, so every process answers the same; each process
 * also keeps its own share of the counts under its id with a heartbeat, and the survivors take a dead process's
 * share back out (a killed process never ran its disconnect handlers), so no one stays online for ever.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type PresenceStore = {
  /** A socket of the user connected. `first`: they were offline (no socket, no grace) and are online now. */
  connected(companyId: string, userId: string): Promise<{ first: boolean }>;
  /** A socket of the user closed. `last`: it was their last one, on every process. */
  disconnected(companyId: string, userId: string): Promise<{ last: boolean }>;
  /** Keeps the user online until `until` (ms) although no socket is left. */
  startGrace(companyId: string, userId: string, until: number): Promise<void>;
  /** The grace ended: true when the user is offline now (no socket came back, no later grace began). */
  endGrace(companyId: string, userId: string, now: number): Promise<boolean>;
  online(companyId: string, now: number): Promise<Set<string>>;
  onlineCount(companyId: string, now: number): Promise<number>;
  isOnline(companyId: string, userId: string, now: number): Promise<boolean>;
  /** Users whose counts belonged to processes that died, taken out now; they are offline unless in grace. */
  reapDead(): Promise<{ companyId: string; userId: string }[]>;
  /**
   * Redis came back after an outage: this process's share of the counts (stale, or lost with Redis's data) is taken
   * out, and its heartbeat registered again. Its sockets are counted anew as they connect again.
   */
  rejoin(): Promise<void>;
  /**
   * This process stops. With `handOverMs` its share stays counted that long, and then the surviving processes take
   * it out (and announce offline whoever did not come back): its users' browsers reconnect to another process
   * meanwhile, without anyone seeing them flip offline and online. Without it, the share is taken out now.
   */
  close(handOverMs?: number): Promise<void>;
};

export function memoryPresenceStore(): PresenceStore {
  const counts = new Map<string, Map<string, number>>();
  const grace = new Map<string, Map<string, number>>();
  const of = <V>(map: Map<string, Map<string, V>>, companyId: string) => {
    let inner = map.get(companyId);
    if (!inner) map.set(companyId, (inner = new Map()));
    return inner;
  };
  const graced = (companyId: string, userId: string, now: number) => (grace.get(companyId)?.get(userId) ?? 0) > now;

  return {
    async connected(companyId, userId) {
      const users = of(counts, companyId);
      const n = (users.get(userId) ?? 0) + 1;
      users.set(userId, n);
      const wasGraced = graced(companyId, userId, Date.now());
      grace.get(companyId)?.delete(userId);
      return { first: n === 1 && !wasGraced };
    },
    async disconnected(companyId, userId) {
      const users = of(counts, companyId);
      const n = (users.get(userId) ?? 0) - 1;
      if (n > 0) users.set(userId, n);
      else users.delete(userId);
      return { last: n <= 0 };
    },
    async startGrace(companyId, userId, until) {
      of(grace, companyId).set(userId, until);
    },
    async endGrace(companyId, userId, now) {
      if (counts.get(companyId)?.has(userId)) return false;
      const until = grace.get(companyId)?.get(userId);
      if (until === undefined || until > now) return false;
      grace.get(companyId)?.delete(userId);
      return true;
    },
    async online(companyId, now) {
      const ids = new Set(counts.get(companyId)?.keys());
      for (const [id, until] of grace.get(companyId) ?? []) if (until > now) ids.add(id);
      return ids;
    },
    async onlineCount(companyId, now) {
      // Connecting takes a user out of the grace map, so the two never overlap: no union to build per flip.
      let graced = 0;
      for (const until of grace.get(companyId)?.values() ?? []) if (until > now) graced++;
      return (counts.get(companyId)?.size ?? 0) + graced;
    },
    async isOnline(companyId, userId, now) {
      return Boolean(counts.get(companyId)?.has(userId)) || graced(companyId, userId, now);
    },
    async reapDead() {
      return [];
    },
    async rejoin() {},
    async close() {},
  };
}

const key = {
  counts: (companyId: string) => `kc:presence:${companyId}`,
  grace: (companyId: string) => `kc:presence-grace:${companyId}`,
  share: (processId: string) => `kc:presence-share:${processId}`,
  alive: (processId: string) => `kc:presence-alive:${processId}`,
  processes: 'kc:presence-processes',
};

/** How long a process counts as alive after its last heartbeat. */
const ALIVE_MS = 15_000;

// One script per step, so a step is atomic however many processes step at once.
const CONNECT = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
local graceEnd = redis.call('ZSCORE', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if n == 1 and (not graceEnd or tonumber(graceEnd) <= tonumber(ARGV[2])) then return 1 end
return 0`;

const DISCONNECT = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
if redis.call('HINCRBY', KEYS[2], ARGV[2], -1) <= 0 then redis.call('HDEL', KEYS[2], ARGV[2]) end
if n <= 0 then return 1 end
return 0`;

const END_GRACE = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
local graceEnd = redis.call('ZSCORE', KEYS[2], ARGV[1])
if not graceEnd or tonumber(graceEnd) > tonumber(ARGV[2]) then return 0 end
redis.call('ZREM', KEYS[2], ARGV[1])
return 1`;

/** Takes a process's share out of the company counts; answers the "company user" pairs that reached zero. */
const REAP = `
local share = redis.call('HGETALL', KEYS[1])
local gone = {}
for i = 1, #share, 2 do
  local sep = string.find(share[i], ' ', 1, true)
  local counts = 'kc:presence:' .. string.sub(share[i], 1, sep - 1)
  local user = string.sub(share[i], sep + 1)
  if redis.call('HINCRBY', counts, user, -tonumber(share[i + 1])) <= 0 then
    redis.call('HDEL', counts, user)
    table.insert(gone, share[i])
  end
end
redis.call('DEL', KEYS[1])
redis.call('SREM', KEYS[2], ARGV[1])
return gone`;

export function redisPresenceStore(redis: Redis, processId = randomUUID()): PresenceStore {
  const share = key.share(processId);
  const member = (companyId: string, userId: string) => `${companyId} ${userId}`;
  const heartbeat = () =>
    redis.multi().sadd(key.processes, processId).set(key.alive(processId), '1', 'PX', ALIVE_MS).exec();
  // Never rejecting: a heartbeat missed while Redis is away is sent again at the next beat.
  let beating: Promise<unknown> = heartbeat().catch(() => undefined);
  const timer = setInterval(() => {
    beating = heartbeat().catch(() => undefined);
  }, ALIVE_MS / 3);
  timer.unref();

  const reap = async (deadId: string) => {
    const gone = (await redis.eval(REAP, 2, key.share(deadId), key.processes, deadId)) as string[];
    return gone.map((pair) => {
      const [companyId = '', userId = ''] = pair.split(' ');
      return { companyId, userId };
    });
  };

  return {
    async connected(companyId, userId) {
      await beating;
      const first = await redis.eval(
        CONNECT,
        3,
        key.counts(companyId),
        key.grace(companyId),
        share,
        userId,
        Date.now(),
        member(companyId, userId),
      );
      return { first: first === 1 };
    },
    async disconnected(companyId, userId) {
      const last = await redis.eval(DISCONNECT, 2, key.counts(companyId), share, userId, member(companyId, userId));
      return { last: last === 1 };
    },
    async startGrace(companyId, userId, until) {
      // The set expires on its own once every grace in it has passed.
      await redis
        .multi()
        .zadd(key.grace(companyId), until, userId)
        .pexpireat(key.grace(companyId), until + 60_000)
        .exec();
    },
    async endGrace(companyId, userId, now) {
      return (await redis.eval(END_GRACE, 2, key.counts(companyId), key.grace(companyId), userId, now)) === 1;
    },
    async online(companyId, now) {
      const [users, graced] = await Promise.all([
        redis.hkeys(key.counts(companyId)),
        redis.zrangebyscore(key.grace(companyId), `(${now}`, '+inf'),
      ]);
      return new Set([...users, ...graced]);
    },
    async onlineCount(companyId, now) {
      // A user is never in both: connecting takes them out of the grace set.
      const [users, graced] = await Promise.all([
        redis.hlen(key.counts(companyId)),
        redis.zcount(key.grace(companyId), `(${now}`, '+inf'),
      ]);
      return users + graced;
    },
    async isOnline(companyId, userId, now) {
      const [connected, until] = await Promise.all([
        redis.hexists(key.counts(companyId), userId),
        redis.zscore(key.grace(companyId), userId),
      ]);
      return connected === 1 || Number(until ?? 0) > now;
    },
    async reapDead() {
      const processes = await redis.smembers(key.processes);
      const gone: { companyId: string; userId: string }[] = [];
      for (const id of processes) {
        if (id === processId || (await redis.exists(key.alive(id)))) continue;
        gone.push(...(await reap(id)));
      }
      return gone;
    },
    async rejoin() {
      await reap(processId);
      beating = heartbeat().catch(() => undefined);
      await beating;
    },
    async close(handOverMs = 0) {
      clearInterval(timer);
      await beating;
      if (handOverMs > 0) {
        await redis.set(key.alive(processId), '1', 'PX', handOverMs);
        return;
      }
      await reap(processId);
      await redis.del(key.alive(processId));
    },
  };
}
