/**
 * Drains the outbox: claims due jobs, hands each to its channel, and records sent / failed / retry-later.
 * Woken at once after a commit that enqueued, and every second for retries that came due (and for jobs
 * enqueued by other processes).
 */
import type { DeliveryJob, DeliveryService } from '../modules/tickets';
import type { Logger } from '../platform/logger';
import { DeliveryRateLimited, DeliveryRefused, DeliveryUnreachable, type ChannelRegistry } from './registry';

const TICK_MS = 1_000;

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

export function createOutboxWorker(deps: { delivery: DeliveryService; registry: ChannelRegistry; logger: Logger }) {
  const { delivery, registry, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  async function deliver(job: DeliveryJob) {
    const send = registry.senderFor(job.platform);
    if (!send) return delivery.failed(job, `No ${job.platform} channel is connected`);
    try {
      const result = await send(job);
      await delivery.sent(job, result.externalId);
    } catch (error) {
      if (error instanceof DeliveryRateLimited) {
        await delivery.retryLater(job, error.message, { afterMs: error.retryAfterMs, countsAsAttempt: false });
      } else if (error instanceof DeliveryRefused) {
        await delivery.failed(job, error.message);
      } else if (error instanceof DeliveryUnreachable) {
        await delivery.retryLater(job, error.message, { countsAsAttempt: true });
      } else {
        logger.error({ err: error, outboxId: job.outboxId }, 'delivery crashed');
        await delivery.retryLater(job, 'Internal error while sending', { countsAsAttempt: true });
      }
    }
  }

  async function drain() {
    do {
      again = false;
      for (;;) {
        const jobs = await delivery.claim();
        if (!jobs.length) break;
        // Jobs for one recipient stay in order; different recipients go out side by side.
        const byRecipient = new Map<string, DeliveryJob[]>();
        for (const job of jobs) {
          const key = `${job.platform}:${job.channelRef}:${job.recipient}`;
          byRecipient.set(key, [...(byRecipient.get(key) ?? []), job]);
        }
        await Promise.all(
          [...byRecipient.values()].map(async (list) => {
            for (const job of list) await deliver(job);
          }),
        );
        if (stopped) return;
      }
    } while (again && !stopped);
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => logger.error({ err: error }, 'outbox drain failed'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    kick,
    start() {
      stopped = false;
      timer = setInterval(kick, TICK_MS);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
    /** Resolves when nothing is being delivered (tests). */
    idle: async () => {
      while (running) await running;
    },
  };
}
