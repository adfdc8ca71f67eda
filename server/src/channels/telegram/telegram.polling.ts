/**
 * Long polling, for deployments without PUBLIC_URL: exactly one process polls a bot (a leader lock), and the
 * offset moves past a batch only once every update of it is recorded, so a crash between the two loses nothing
 * and the next getUpdates hands back what was not yet confirmed.
 */
import type { Api } from 'grammy';
import type { Update } from 'grammy/types';
import type { Db } from '../../db/client';
import type { LockFactory } from '../../db/locks';
import type { Logger } from '../../platform/logger';
import type { InboundReceiver } from '../inbound/receiver';
import { storable } from '../storable';
import type { BotRepo, BotRow } from './bot.repo';

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
  let lock: { release(): Promise<void> } | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
    });

  const loop = (async () => {
    let backoff = 1_000;
    while (!controller.signal.aborted) {
      try {
        lock ??= await locks.tryAcquire(`telegram-poll:${botId}`);
        if (!lock) {
          await sleep(15_000); // another process polls this bot; take over if it goes away
          continue;
        }
        const bot = await bots.byId(db, botId);
        if (!bot) return;
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
          if (await receiver.record(bot, update)) fresh.push(update);
        }
        if (updates.length) {
          // Only now, with every update of the batch committed, may the next getUpdates confirm them.
          await bots.setOffset(db, bot.id, Math.max(...updates.map((u) => u.update_id)) + 1);
        }
        await Promise.all(fresh.map((u) => receiver.dispatch(bot, u)));
        backoff = 1_000;
      } catch (error) {
        if (controller.signal.aborted) break;
        logger.warn({ err: error, bot: botId }, 'telegram polling failed; retrying');
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 30_000);
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
