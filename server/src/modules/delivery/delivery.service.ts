import type { DeliveryStatus, Platform } from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { EventPublisher } from '../../platform/events';
import { messageRepo } from '../messages';
import { ticketRepo } from '../tickets';
import { outboxRepo, type OutboxRow } from './outbox.repo';

/** A claimed job is ours for this long; the worker finishes well within it or the job becomes due again. */
const CLAIM_MS = 60_000;
/** Network failures are retried with backoff this many times before the message is marked failed. */
export const MAX_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * A bot's own message, named by what it says; the channel words it in the client's language and builds its
 * buttons, so modules never hold channel phrasing or callback formats.
 */
export type BotNotice =
  | { notice: 'chooseDepartment'; language: string | null; departments: { id: string; name: string }[] }
  | { notice: 'ratingThanks'; language: string | null };

export type DeliveryJob = {
  outboxId: string;
  companyId: string;
  platform: Platform;
  channelRef: string;
  recipient: string;
  attempts: number;
} & (
  | { kind: 'botText'; payload: BotNotice }
  /** Tells the channel the handler has seen the client's message (WhatsApp's blue ticks); a no-op elsewhere. */
  | { kind: 'read'; externalId: string }
  | {
      kind: 'message';
      message: {
        id: string;
        ticketId: string;
        type: string;
        content: string;
        fileKey: string | null;
        fileName: string | null;
      };
      clientLanguage: string | null;
      /** What the channel was given for this message beyond its text (a WhatsApp template's name), if anything. */
      channelPayload: unknown;
    }
);

export type DeliveryService = ReturnType<typeof createDeliveryService>;

export type ReceiptStatus = Extract<DeliveryStatus, 'sent' | 'delivered' | 'read' | 'failed'>;
/** How far a message got; a receipt never moves it back, and nothing moves it out of `failed`. */
const RANK: Record<DeliveryStatus, number> = { received: 0, pending: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * The outbound half of "lose nothing, duplicate nothing": what is to be sent is written to the outbox in the
 * same transaction as the message it delivers; the channel worker claims due jobs and reports back here.
 */
export function createDeliveryService(deps: { db: Db; clock: Clock; events: EventPublisher; onEnqueued: () => void }) {
  const { db, clock, events } = deps;

  async function publishStatus(companyId: string, messageId: string) {
    const message = await messageRepo.view(db, companyId, messageId);
    if (!message) return;
    const ticket = await ticketRepo.find(db, companyId, message.ticketid);
    if (!ticket) return;
    events.toTicket({ companyId, departmentId: ticket.departmentId, handlerId: ticket.handlerId }, 'messageStatus', {
      message,
    });
  }

  return {
    /** Inside the caller's transaction: queue a chat message for its channel. */
    async enqueueMessage(
      tx: Tx,
      job: {
        companyId: string;
        platform: Platform;
        channelRef: string;
        recipient: string;
        messageId: string;
        channelPayload?: unknown;
      },
    ) {
      const { channelPayload, ...rest } = job;
      await outboxRepo.insert(tx, {
        ...rest,
        kind: 'message',
        payload: channelPayload ?? null,
        createdAt: clock.now(),
        nextAttemptAt: clock.now(),
      });
    },

    /** Inside the caller's transaction: tell the channel the client's message was read. */
    async enqueueRead(
      tx: Tx,
      job: { companyId: string; platform: Platform; channelRef: string; recipient: string; externalId: string },
    ) {
      const { externalId, ...rest } = job;
      await outboxRepo.insert(tx, {
        ...rest,
        kind: 'read',
        payload: { externalId },
        createdAt: clock.now(),
        nextAttemptAt: clock.now(),
      });
    },

    /** Inside the caller's transaction: queue a bot's own text (a question, a thank-you). */
    async enqueueBotText(
      tx: Tx,
      job: { companyId: string; platform: Platform; channelRef: string; recipient: string; payload: BotNotice },
    ) {
      await outboxRepo.insert(tx, { ...job, kind: 'botText', createdAt: clock.now(), nextAttemptAt: clock.now() });
    },

    /** Inside the caller's transaction: makes a message's job due again from the start; false when it has none. */
    async requeue(tx: Tx, messageId: string): Promise<boolean> {
      const job = await outboxRepo.forMessage(tx, messageId);
      if (!job) return false;
      await outboxRepo.update(tx, job.id, {
        status: 'pending',
        attempts: 0,
        lastError: null,
        lockedUntil: null,
        nextAttemptAt: clock.now(),
      });
      return true;
    },

    /** Call after the transaction that enqueued commits: wakes the worker at once instead of at its next tick. */
    enqueued: () => deps.onEnqueued(),

    async claim(limit = 20): Promise<DeliveryJob[]> {
      const rows = await db.transaction((tx) => outboxRepo.claimDue(tx, clock.now(), limit, CLAIM_MS));
      const jobs: DeliveryJob[] = [];
      for (const row of rows) {
        const job = await toJob(row);
        if (job) jobs.push(job);
        else await outboxRepo.update(db, row.id, { status: 'failed', lastError: 'The message no longer exists' });
      }
      return jobs;
    },

    async sent(job: DeliveryJob, externalId: string | undefined) {
      await db.transaction(async (tx) => {
        await outboxRepo.update(tx, job.outboxId, {
          status: 'sent',
          lockedUntil: null,
          lastError: null,
          externalId: externalId ?? null,
        });
        if (job.kind === 'message') {
          await messageRepo.update(tx, job.message.id, { deliveryStatus: 'sent', deliveryError: null, externalId });
        }
      });
      if (job.kind === 'message') await publishStatus(job.companyId, job.message.id);
    },

    /** The channel refused for good (blocked bot, unknown chat): the reason is shown on the message. */
    async failed(job: DeliveryJob, reason: string) {
      await db.transaction(async (tx) => {
        await outboxRepo.update(tx, job.outboxId, {
          status: 'failed',
          lockedUntil: null,
          lastError: reason,
          attempts: job.attempts + 1,
        });
        if (job.kind === 'message') {
          await messageRepo.update(tx, job.message.id, { deliveryStatus: 'failed', deliveryError: reason });
        }
      });
      if (job.kind === 'message') await publishStatus(job.companyId, job.message.id);
    },

    /** Try again later: after the channel's retry_after, or with exponential backoff for network failures. */
    async retryLater(job: DeliveryJob, reason: string, options: { afterMs?: number; countsAsAttempt: boolean }) {
      const attempts = job.attempts + (options.countsAsAttempt ? 1 : 0);
      if (attempts >= MAX_ATTEMPTS) return this.failed(job, reason);
      const delay = options.afterMs ?? Math.min(1000 * 2 ** attempts, MAX_BACKOFF_MS);
      await outboxRepo.update(db, job.outboxId, {
        attempts,
        lastError: reason,
        lockedUntil: null,
        nextAttemptAt: new Date(clock.now().getTime() + delay),
      });
    },

    /**
     * A channel's receipt for a message it was given (WhatsApp's `statuses`): receipts may come out of order or
     * skip a step, so the furthest state wins and `failed` is final. Answers `early` when the id is not known yet
     * but a send to that recipient is in flight (a receipt can overtake the commit of the send that produced the
     * id: ask again shortly), and `unknown` for an id we never sent (the number is also used elsewhere).
     */
    async receipt(
      to: { companyId: string; channelRef: string; recipient: string },
      externalId: string,
      status: ReceiptStatus,
      reason?: string,
    ): Promise<'applied' | 'early' | 'unknown'> {
      const { companyId } = to;
      // Read in this order: a send that commits between these reads has either been seen in flight by the first,
      // or its message (and id) is seen by the last; none can slip between them unseen.
      const inFlight = await outboxRepo.inFlightTo(db, to, clock.now());
      const sentByOutbox = await outboxRepo.sentAs(db, companyId, externalId);
      const message = await messageRepo.findByExternalId(db, companyId, externalId);
      if (!message) {
        // A bot's own text has no message row: its receipts are known, and there is nothing to show.
        if (sentByOutbox) return 'applied';
        return inFlight ? 'early' : 'unknown';
      }
      if (!message.isAgent || RANK[message.deliveryStatus] >= RANK[status]) return 'applied';
      await messageRepo.update(db, message.id, {
        deliveryStatus: status,
        deliveryError: status === 'failed' ? (reason ?? 'The channel could not deliver this message') : null,
      });
      await publishStatus(companyId, message.id);
      return 'applied';
    },

    /** Tells the ticket's viewers about a message's new delivery status. */
    publishStatus,
  };

  async function toJob(row: OutboxRow): Promise<DeliveryJob | undefined> {
    const base = {
      outboxId: row.id,
      companyId: row.companyId,
      platform: row.platform,
      channelRef: row.channelRef,
      recipient: row.recipient,
      attempts: row.attempts,
    };
    if (row.kind === 'botText') return { ...base, kind: 'botText', payload: row.payload as BotNotice };
    if (row.kind === 'read')
      return { ...base, kind: 'read', externalId: (row.payload as { externalId: string }).externalId };
    if (!row.messageId) return undefined;
    const message = await messageRepo.find(db, row.companyId, row.messageId);
    if (!message) return undefined;
    const clientLanguage = await ticketRepo.clientLanguage(db, message.ticketId);
    return {
      ...base,
      kind: 'message',
      message: {
        id: message.id,
        ticketId: message.ticketId,
        type: message.type,
        content: message.content,
        fileKey: message.filePath,
        fileName: message.fileName,
      },
      clientLanguage,
      channelPayload: row.payload,
    };
  }
}
