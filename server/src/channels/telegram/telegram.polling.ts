/**
 * Long polling, for deployments without PUBLIC_URL: exactly one process polls a bot (a leader lock), and the
 * offset moves past a batch only once every update of it is processed, so a crash before that loses nothing: the
 * next getUpdates hands the batch back, and what was not yet processed is processed then, in its chat's order.
 */
import type { Api } from 'grammy';
import type { Update } from 'grammy/types';
import type { Db } from '../../db/client';
import type { Lock, LockFactory } from '../../db/locks';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { Logger } from '../../platform/logger';
import type { InboundReceiver } from '../inbound/receiver';
import { storable } from '../storable';
import type { BotRepo, BotRow } from './bot.repo';

/** How often a process that does not hold a bot's poll lock tries to take it. */
const LOCK_RETRY_MS = 2_000;

export const ALLOWED_UPDATES = ['message', 'edited_message', 'callback_query', 'message_reaction'] as const;

export function startTelegramPoller(deps: {
  botId: string;
  db: Db;
  bots: BotRepo;
  locks: LockFactory;
  logger: Logger;
  apiFor: (token: string) => Api;
  receiver: InboundReceiver<BotRow, Update>;
  /** Long-poll timeout in seconds (Telegram caps it at 50; tests use 1). */
  timeoutSeconds: number;
}) {
  const { botId, db, bots, locks, logger, apiFor, receiver } = deps;
  const controller = new AbortController();
  let lock: Lock | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
    });

  const loop = (async () => {
    let backoff = 1_000;
    while (!controller.signal.aborted) {
      try {
        if (lock?.lost) {
          // PostgreSQL restarted: the lock went with its connection, so another process may poll now; take it again.
          await lock.release();
          lock = undefined;
        }
        lock ??= await locks.tryAcquire(`telegram-poll:${botId}`);
        if (!lock) {
          // Another process polls this bot; take over soon after it stops (a try is one cheap statement).
          await sleep(LOCK_RETRY_MS);
          continue;
        }
        const bot = await bots.byId(db, botId);
        if (!bot) {
          // Disconnected, on this process or another: the poller ends and lets its lock's connection go.
          await lock.release();
          lock = undefined;
          return;
        }
        const updates = await apiFor(bot.token).getUpdates(
          {
            offset: bot.updateOffset || undefined,
            timeout: deps.timeoutSeconds,
            allowed_updates: [...ALLOWED_UPDATES],
          },
          // grammY types its signal with the abort-controller shim; Node's own AbortSignal is what it uses.
          controller.signal as unknown as Parameters<Api['getUpdates']>[1],
        );
        const fresh: Update[] = [];
        for (const received of updates) {
          const update = storable(received);
          // New, or recorded by a process that died before processing it: handed back, it is processed now.
          if (await receiver.record(bot, update)) fresh.push(update);
        }
        await Promise.all(fresh.map((u) => receiver.dispatch(bot, u)));
        if (updates.length) {
          // Only now, with every update of the batch committed (processed, or its failure noted for the sweeper),
          // may the next getUpdates confirm them. Moved earlier, a crash would leave the rest of the batch to the
          // sweeper (30 s and more) while the chats' next messages overtook it.
          await bots.setOffset(db, bot.id, Math.max(...updates.map((u) => u.update_id)) + 1);
        }
        backoff = 1_000;
      } catch (error) {
        if (controller.signal.aborted) break;
        logger.warn({ err: error, bot: botId }, 'telegram polling failed; retrying');
        await sleep(backoff);
        // The database away: try again soon, so polling resumes within seconds of its return.
        backoff = Math.min(backoff * 2, isDatabaseUnavailable(error) ? 5_000 : 30_000);
      }
    }
  })();

  return {
    async stop() {
      controller.abort();
      await loop.catch(() => undefined);
      await lock?.release();
    },
  };
}
