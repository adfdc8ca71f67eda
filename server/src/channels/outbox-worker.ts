/**
 * Drains the outbox: claims due jobs, hands each to its channel, and records sent / failed / retry-later as the
 * channel classifies what went wrong.
 * Woken at once after a commit that enqueued, and every second for retries that came due (and for jobs
 * enqueued by other processes).
 */
import type { DeliveryJob, DeliveryService } from '../modules/delivery';
import type { Logger } from '../platform/logger';
import { assertNever } from '../platform/assert-never';
import { DeliveryRefused, type ChannelRegistry, type SendFailure } from './registry';

const TICK_MS = 1_000;

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

export function createOutboxWorker(deps: { delivery: DeliveryService; registry: ChannelRegistry; logger: Logger }) {
  const { delivery, registry, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  async function deliver(job: DeliveryJob) {
    const sender = registry.senderFor(job.platform);
    if (!sender) return delivery.failed(job, `No ${job.platform} channel is connected`);
    let result;
    try {
      result = await sender.send(job);
    } catch (error) {
      const failure: SendFailure | undefined =
        error instanceof DeliveryRefused ? { kind: 'failed', reason: error.message } : sender.classify(error);
      if (!failure) {
        logger.error({ err: error, outboxId: job.outboxId }, 'delivery crashed');
        return delivery.retryLater(job, 'Internal error while sending', { countsAsAttempt: true });
      }
      switch (failure.kind) {
        case 'retryAfter':
          return delivery.retryLater(job, failure.reason, { afterMs: failure.afterMs, countsAsAttempt: false });
        case 'retry':
          return delivery.retryLater(job, failure.reason, { countsAsAttempt: true });
        case 'failed':
          return delivery.failed(job, failure.reason);
        default:
          return assertNever(failure);
      }
    }
    await delivery.sent(job, result.externalId);
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
