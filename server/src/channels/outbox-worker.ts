/**
 * Drains the outbox: claims due jobs, hands each to its channel, and records sent / failed / retry-later as the
 * channel classifies what went wrong.
 *
 * Up to CONCURRENCY jobs are sent at once, each the head of its own chat (the claim takes a chat's next job only
 * once the previous one is sent or finally failed), so a chat's replies leave in order while different chats go out
 * side by side; a freed slot is filled at once. While a job is being sent its short lease is renewed every few
 * seconds, so the jobs of a process that died (SIGKILL, OOM) come due again within LEASE_MS.
 *
 * Woken at once after a commit that enqueued, when a send ends, and every second for retries that came due (and
 * for jobs enqueued by other processes).
 */
import type { Platform } from '@kreechat/contract';
import { LEASE_MS, MAX_CRASH_ATTEMPTS, type DeliveryJob, type DeliveryService } from '../modules/delivery';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Logger } from '../platform/logger';
import { assertNever } from '../platform/assert-never';
import { DeliveryRefused, type ChannelRegistry, type SendFailure } from './registry';

const TICK_MS = 1_000;
/** Sends in flight at once in one process (each to a different chat). */
const CONCURRENCY = 20;
/** Well inside LEASE_MS, so two missed renewals still leave the lease standing. */
const HEARTBEAT_MS = Math.floor(LEASE_MS / 3);
/** How often a send's outcome is written again while the database is away, and for how long at most. */
const RECORD_RETRY_MS = 500;
const RECORD_RETRY_LIMIT_MS = 5 * 60_000;
const RECORD_RETRY_WHEN_STOPPING_MS = 5_000;

/**
 * How one try ended: `sent`; `retry` (the channel could not be reached or failed on its side: backoff);
 * `rateLimited` (the channel asked us to wait, not counted as an attempt); `failed` (refused for good, or given up).
 */
export type SendOutcome = 'sent' | 'retry' | 'rateLimited' | 'failed';

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

export function createOutboxWorker(deps: {
  delivery: DeliveryService;
  registry: ChannelRegistry;
  logger: Logger;
  /** Told how each try ended, by platform (metrics: sends by outcome). */
  onOutcome?: (platform: Platform, outcome: SendOutcome) => void;
}) {
  const { delivery, registry, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let filling: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  /** Jobs being sent, by outbox id. */
  const inFlight = new Map<string, Promise<void>>();

  async function deliver(job: DeliveryJob): Promise<SendOutcome> {
    const sender = registry.senderFor(job.platform);
    if (!sender) {
      await delivery.failed(job, { code: 'channelDisconnected', reason: `No ${job.platform} channel is connected` });
      return 'failed';
    }
    let result;
    try {
      result = await sender.send(job);
    } catch (error) {
      const failure: SendFailure | undefined =
        error instanceof DeliveryRefused
          ? { kind: 'failed', code: error.code, reason: error.message }
          : sender.classify(error);
      if (!failure) {
        logger.error({ err: error, outboxId: job.outboxId }, 'delivery crashed');
        return delivery.retryLater(
          job,
          { code: 'internalError', reason: 'Internal error while sending' },
          {
            countsAsAttempt: true,
            maxAttempts: MAX_CRASH_ATTEMPTS,
          },
        );
      }
      switch (failure.kind) {
        case 'retryAfter': {
          const outcome = await delivery.retryLater(job, failure, {
            afterMs: failure.afterMs,
            countsAsAttempt: false,
          });
          return outcome === 'retry' ? 'rateLimited' : outcome;
        }
        case 'retry':
          return delivery.retryLater(job, failure, { countsAsAttempt: true });
        case 'failed':
          await delivery.failed(job, failure);
          return 'failed';
        default:
          return assertNever(failure);
      }
    }
    await recordSent(job, result.externalId);
    return 'sent';
  }

  /**
   * The channel took the message: if the database went away meanwhile, writing so is tried again until it returns
   * (the job stays in flight, its lease renewed then too), since a lease left to run out sends it a second time.
   */
  async function recordSent(job: DeliveryJob, externalId: string | undefined) {
    const deadline = Date.now() + RECORD_RETRY_LIMIT_MS;
    let stopDeadline: number | undefined;
    for (;;) {
      try {
        return await delivery.sent(job, externalId);
      } catch (error) {
        // A stopping process waits a little for the database, not minutes: its stop has a deadline of its own.
        if (stopped) stopDeadline ??= Date.now() + RECORD_RETRY_WHEN_STOPPING_MS;
        const giveUpAt = Math.min(deadline, stopDeadline ?? Infinity);
        if (!isDatabaseUnavailable(error) || Date.now() > giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
      }
    }
  }

  function begin(job: DeliveryJob) {
    const done = deliver(job)
      .then((outcome) => deps.onOutcome?.(job.platform, outcome))
      // Its outcome could not be recorded (the database went away): the lease runs out and it is tried again.
      .catch((error: unknown) => logger.error({ err: error, outboxId: job.outboxId }, 'delivery not recorded'))
      .finally(() => {
        inFlight.delete(job.outboxId);
        kick();
      });
    inFlight.set(job.outboxId, done);
  }

  async function fill() {
    do {
      again = false;
      while (!stopped && inFlight.size < CONCURRENCY) {
        const jobs = await delivery.claim(CONCURRENCY - inFlight.size);
        if (!jobs.length) break;
        for (const job of jobs) begin(job);
      }
    } while (again && !stopped);
  }

  function kick() {
    if (stopped) return;
    if (filling) {
      again = true;
      return;
    }
    filling = fill()
      .catch((error: unknown) => {
        // An outage is the operator's to see once (readiness, the pool's own log), not a stack every second.
        if (isDatabaseUnavailable(error))
          logger.warn({ reason: (error as Error).message }, 'outbox waits for the database');
        else logger.error({ err: error }, 'outbox drain failed');
      })
      .finally(() => {
        filling = undefined;
      });
  }

  function renewLeases() {
    if (!inFlight.size) return;
    delivery
      .renew([...inFlight.keys()])
      .catch((error: unknown) => logger.warn({ err: error }, 'outbox lease renewal failed'));
  }

  const settled = async () => {
    while (filling || inFlight.size) await Promise.all([filling, ...inFlight.values()]);
  };

  return {
    kick,
    start() {
      stopped = false;
      timer = setInterval(kick, TICK_MS);
      timer.unref();
      heartbeat = setInterval(renewLeases, HEARTBEAT_MS);
      heartbeat.unref();
      kick();
    },
    /** Takes no new job and waits for the sends in flight to be recorded. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await settled();
      if (heartbeat) clearInterval(heartbeat);
    },
    /** Resolves when nothing is being delivered (tests). */
    idle: settled,
  };
}
