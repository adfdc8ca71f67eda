/**
 * The Redis connection of a live server (the Socket.IO adapter and presence). Redis carries events between
 * processes; it is never needed to serve a process's own sockets. So while it is away nothing waits for it without
 * bound: a command fails after two reconnection attempts (ioredis's default, `maxRetriesPerRequest: null`, keeps
 * every command of the outage queued in memory until Redis returns), the live server emits to its own sockets only
 * (`isUp`), and when Redis is back the live server hears it (`onResume`) and makes its sockets catch up.
 */
import { Redis } from 'ioredis';
import type { Logger } from '../platform/logger';

export type RedisLink = {
  client: Redis;
  /** Connected and ready: commands go out now rather than into the offline queue. */
  isUp(): boolean;
  /** Called each time Redis is ready again after it was lost (not at the first connection). */
  onResume(listener: () => void): void;
  close(): Promise<void>;
};

/** A command waits through at most this many reconnection attempts, then fails. */
const MAX_RETRIES_PER_REQUEST = 2;
/** Reconnection attempts back off up to this delay (ms): a returning Redis is found within it. */
const MAX_RECONNECT_DELAY_MS = 1_000;

export function connectRedis(url: string, deps: { logger: Logger; name: string }): RedisLink {
  const { logger, name } = deps;
  const client = new Redis(url, {
    maxRetriesPerRequest: MAX_RETRIES_PER_REQUEST,
    retryStrategy: (times) => Math.min(times * 100, MAX_RECONNECT_DELAY_MS),
  });
  // The Socket.IO adapter sends some commands without awaiting them (SET of a session kept for recovery, PUBLISH
  // of requests between servers): failing while Redis is away, they would be unhandled rejections, which end the
  // process. Their callers that do await still see the error.
  for (const method of ['set', 'publish'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const result = original(...args);
      result.catch(() => undefined);
      return result;
    };
  }

  const listeners: (() => void)[] = [];
  let lost = false;
  let closing = false;
  client.on('error', (error: Error) => {
    // One line per outage, not one per reconnection attempt.
    if (!lost && !closing) logger.warn({ err: error, redis: name }, 'Redis connection failed');
  });
  client.on('close', () => {
    if (closing || lost) return;
    lost = true;
    logger.warn({ redis: name }, 'Redis is unreachable: live events reach this process’s sockets only');
  });
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.info({ redis: name }, 'Redis is back: live events reach every process again');
    for (const listener of listeners) listener();
  });

  return {
    client,
    isUp: () => client.status === 'ready',
    onResume: (listener) => void listeners.push(listener),
    async close() {
      closing = true;
      // QUIT would wait for a Redis that is away; without it, drop the connection.
      if (client.status === 'ready') await client.quit().catch(() => undefined);
      else client.disconnect();
    },
  };
}
