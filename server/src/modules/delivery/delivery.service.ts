import { fillVariables, variablesIn, workingMs, type DeliveryStatus, type Platform } from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { EventPublisher } from '../../platform/events';
import { ticketNumber, type AutoMessageReader } from '../automatic-messages';
import { clientRepo } from '../clients';
import { messageRepo, storedFailure, type DeliveryFailure, type MessageRow } from '../messages';
import type { HoursReader } from '../opening-hours';
import { ticketViewRepo } from '../ticket-lists';
import { isAnswer, ticketRepo } from '../tickets';
import { closingNotice, closingWords, type ClosingNotice, type ClosingWords } from './closing-notice';
import { outboxRepo, type OutboxRow } from './outbox.repo';
import { recipientRepo } from './recipient.repo';

/**
 * A claimed job is ours for this long, and the worker renews the lease every few seconds while it is sending
 * (`renew`): a job whose process died comes due again within this time instead of waiting out a long lease.
 */
export const LEASE_MS = 10_000;
/** Our own crash while sending (not the channel's failure) is tried this many times before the message fails. */
export const MAX_CRASH_ATTEMPTS = 5;

/**
 * How long a message the channel cannot take is tried (from when it was queued; OUTBOX_GIVE_UP_MS) and the longest
 * wait between two tries (OUTBOX_MAX_BACKOFF_MS).
 */
export type RetryPolicy = { giveUpMs: number; maxBackoffMs: number };

/**
 * The wait before try `attempts + 1`: doubling from 1 s up to the cap, then a random point in its upper half
 * ("equal jitter") so the chats an outage held back do not all come back in the same instant. Never above the cap,
 * so delivery resumes within `maxBackoffMs` of the channel coming back.
 */
export function backoffMs(attempts: number, maxBackoffMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxBackoffMs, 1_000 * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  return ceiling / 2 + (random() * ceiling) / 2;
}

/**
 * A bot's own message as queued, named by what it says. Its wording is the company's, chosen when the job is
 * claimed (so an edit reaches messages still waiting); the channel builds its buttons, so modules never hold
 * callback formats.
 */
export type BotNotice =
  | { notice: 'chooseDepartment'; language: string | null; departments: { id: string; name: string }[] }
  /** `ticketId`: the rated ticket, whose chat keeps the thanks once sent (absent on jobs queued before it was). */
  | { notice: 'ratingThanks'; language: string | null; ticketId?: string };

/** Why a try failed: what the message shows (a code, the remote's words) and `reason`, the full text for the logs. */
export type SendProblem = DeliveryFailure & { reason: string };

export type DeliveryJob = {
  outboxId: string;
  companyId: string;
  platform: Platform;
  channelRef: string;
  recipient: string;
  attempts: number;
  /** When it was queued (or queued again by Retry): the give-up time counts from here. */
  enqueuedAt: Date;
} & (
  | {
      kind: 'botText';
      payload: BotNotice;
      /** The company's wording of the notice in the client's language (else the default), variables filled. */
      text: string;
    }
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
      /** What the channel was given for this message beyond its text (a WhatsApp template's name), if anything. */
      channelPayload: unknown;
      /**
       * A `close` message's words to the client (the company's closing text and rating question as switched on);
       * null for every other message, and for a close when both are off: then the client is told nothing.
       */
      closing: ClosingNotice | null;
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
export function createDeliveryService(deps: {
  db: Db;
  clock: Clock;
  events: EventPublisher;
  onEnqueued: () => void;
  retry: RetryPolicy;
  /** The company's wording and switches of the bots' texts, read when a job is claimed. */
  texts: Pick<AutoMessageReader, 'get'>;
  /** A department's opening hours: a first response that moves to a later reply is timed by them. */
  hours: Pick<HoursReader, 'department'>;
}) {
  const { db, clock, events, retry, texts, hours } = deps;

  /** `withTicket`: the status change moved the ticket's wait, so its cards get the ticket as it now stands. */
  async function publishStatus(
    companyId: string,
    messageId: string,
    event: 'messageStatus' | 'newMessage' = 'messageStatus',
    withTicket = false,
  ) {
    const message = await messageRepo.view(db, companyId, messageId);
    if (!message) return;
    const ticket = await ticketRepo.find(db, companyId, message.ticketid);
    if (!ticket) return;
    const audience = { companyId, departmentId: ticket.departmentId, handlerId: ticket.handlerId };
    const view = withTicket ? await ticketViewRepo.view(db, companyId, ticket.id) : undefined;
    events.toTicket(audience, event, view ? { message, ticket: view } : { message });
  }

  /**
   * In the transaction that records the failure: a reply that failed for good answered nobody, so the client's
   * wait comes back (ticketRepo.replyFailed), and if it was the ticket's first response, the first response
   * becomes its earliest reply still standing (timed by the department's hours, as a send times it), or none
   * until the next reply records it. Answers whether the ticket changed.
   */
  async function unanswer(tx: Tx, message: MessageRow): Promise<boolean> {
    if (!isAnswer(message)) return false;
    const ticket = await ticketRepo.find(tx, message.companyId, message.ticketId, { lock: true });
    if (!ticket || ticket.stage === 'closed') return false;
    let firstResponse: { at: Date | null; workSec: number | null } | undefined;
    if (ticket.firstResponseAt?.getTime() === message.createdAt.getTime()) {
      const at = await ticketRepo.firstStandingAnswer(tx, ticket.companyId, ticket.id);
      const { zoned } = await hours.department(ticket.companyId, ticket.departmentId, tx);
      firstResponse = { at, workSec: at && Math.floor(workingMs(zoned, ticket.createdAt, at) / 1000) };
    }
    await ticketRepo.replyFailed(tx, ticket.companyId, ticket.id, firstResponse);
    return true;
  }

  /**
   * Keeps in the ticket's chat what a sent job told the client beyond its own message, as the automatic message
   * agents see: a close's closing text and rating question (one text, as sent) and the thanks for a rating. Written
   * once the channel took it, with no outbox row of its own (the job that carried it is done), so nothing goes out
   * twice. The WordPress widget draws these words itself, and its reads leave these rows out.
   */
  async function recordTold(tx: Tx, job: DeliveryJob): Promise<string | undefined> {
    const told =
      job.kind === 'message' && job.closing
        ? { ticketId: job.message.ticketId, kind: job.closing.kind, text: job.closing.text }
        : job.kind === 'botText' && job.payload.notice === 'ratingThanks' && job.payload.ticketId
          ? { ticketId: job.payload.ticketId, kind: 'ratingThanks' as const, text: job.text }
          : undefined;
    if (!told) return undefined;
    const ticket = await ticketRepo.find(tx, job.companyId, told.ticketId);
    if (!ticket) return undefined;
    // The client before the ticket, in intake's order (a rating tapped as the closing text is recorded).
    await clientRepo.shareKey(tx, job.companyId, ticket.clientId);
    const row = await messageRepo.insert(tx, {
      companyId: job.companyId,
      ticketId: ticket.id,
      clientId: ticket.clientId,
      type: 'text',
      content: told.text,
      isAgent: true,
      createdById: null,
      autoKind: told.kind,
      deliveryStatus: 'sent',
      createdAt: clock.now(),
    });
    return row.id;
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

    /**
     * Inside the caller's transaction: makes a message's job due again from the start (its give-up time counts from
     * now); false when it has none. It keeps its place in the chat's order: it goes before replies queued after it.
     */
    async requeue(tx: Tx, messageId: string): Promise<boolean> {
      const job = await outboxRepo.forMessage(tx, messageId);
      if (!job) return false;
      await outboxRepo.update(tx, job.id, {
        status: 'pending',
        attempts: 0,
        lastError: null,
        lockedUntil: null,
        nextAttemptAt: clock.now(),
        createdAt: clock.now(),
      });
      return true;
    },

    /** Call after the transaction that enqueued commits: wakes the worker at once instead of at its next tick. */
    enqueued: () => deps.onEnqueued(),

    /** Claims due jobs, at most one per chat (its oldest pending one), for LEASE_MS; see outboxRepo.claimDue. */
    async claim(limit = 20): Promise<DeliveryJob[]> {
      const rows = await db.transaction((tx) => outboxRepo.claimDue(tx, clock.now(), limit, LEASE_MS));
      const jobs: DeliveryJob[] = [];
      for (const row of rows) {
        const job = await toJob(row);
        if (job === 'gone') {
          await outboxRepo.update(db, row.id, { status: 'failed', lastError: 'The message no longer exists' });
        } else if (job === 'switchedOff') {
          // The company has this text switched off: nothing goes to the channel. The row is done (marked sent
          // without calling the channel), so the chat's next message does not wait behind it.
          await outboxRepo.update(db, row.id, { status: 'sent', lockedUntil: null, lastError: null });
        } else jobs.push(job);
      }
      return jobs;
    },

    async sent(job: DeliveryJob, externalId: string | undefined) {
      const told = await db.transaction(async (tx) => {
        await outboxRepo.update(tx, job.outboxId, {
          status: 'sent',
          lockedUntil: null,
          lastError: null,
          externalId: externalId ?? null,
        });
        if (job.kind === 'message') {
          await messageRepo.update(tx, job.message.id, { deliveryStatus: 'sent', deliveryError: null, externalId });
        }
        return recordTold(tx, job);
      });
      if (job.kind === 'message') await publishStatus(job.companyId, job.message.id);
      if (told) await publishStatus(job.companyId, told, 'newMessage');
    },

    /**
     * The channel refused for good (blocked bot, unknown chat): the failure's code (and the remote's words) is shown
     * on the message; `reason` says it in full for the outbox's record and the logs.
     */
    async failed(job: DeliveryJob, failure: SendProblem) {
      const waitsAgain = await db.transaction(async (tx) => {
        // The ticket first, as erasure and sends lock it, so this cannot deadlock with them.
        if (job.kind === 'message') await ticketRepo.find(tx, job.companyId, job.message.ticketId, { lock: true });
        await outboxRepo.update(tx, job.outboxId, {
          status: 'failed',
          lockedUntil: null,
          lastError: failure.reason,
          attempts: job.attempts + 1,
        });
        if (job.kind !== 'message') return false;
        const message = await messageRepo.update(tx, job.message.id, {
          deliveryStatus: 'failed',
          deliveryError: storedFailure(failure),
        });
        return message ? unanswer(tx, message) : false;
      });
      if (job.kind === 'message') await publishStatus(job.companyId, job.message.id, 'messageStatus', waitsAgain);
    },

    /** The worker is still sending these jobs: their lease runs LEASE_MS from now. */
    async renew(outboxIds: string[]) {
      await outboxRepo.renew(db, outboxIds, new Date(clock.now().getTime() + LEASE_MS));
    },

    /**
     * Try again later: after the channel's retry_after (not counted as an attempt), or after a jittered backoff
     * capped at `maxBackoffMs`. The chat's later messages wait behind it. Once `giveUpMs` has passed since it was
     * queued it is marked failed instead (the agent sees the reason and Retry); the last backoff is shortened to
     * end at that moment, so the final try comes when it is due. Answers 'failed' when it gave up.
     */
    async retryLater(
      job: DeliveryJob,
      problem: SendProblem,
      options: { afterMs?: number; countsAsAttempt: boolean; maxAttempts?: number },
    ): Promise<'retry' | 'failed'> {
      const now = clock.now().getTime();
      const giveUpAt = job.enqueuedAt.getTime() + retry.giveUpMs;
      const attempts = job.attempts + (options.countsAsAttempt ? 1 : 0);
      if (now >= giveUpAt || (options.maxAttempts !== undefined && attempts >= options.maxAttempts)) {
        await this.failed(job, problem);
        return 'failed';
      }
      const next =
        options.afterMs !== undefined
          ? now + options.afterMs
          : Math.min(now + backoffMs(attempts, retry.maxBackoffMs), giveUpAt);
      await outboxRepo.update(db, job.outboxId, {
        attempts,
        lastError: problem.reason,
        lockedUntil: null,
        nextAttemptAt: new Date(next),
      });
      return 'retry';
    },

    /**
     * A closed ticket's words as its client gets them — closing text, rating question, thanks; each null when off —
     * for a channel that draws them itself (the WordPress widget keeps them beside the conversation).
     */
    async closingWords(companyId: string, ticketId: string): Promise<ClosingWords> {
      return closingWords(texts, ...(await closingAddress(companyId, ticketId)));
    },

    /** How many jobs wait to be sent per platform, and how long the oldest has waited (the metrics' gauges). */
    backlog: () => outboxRepo.backlog(db),

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
      failure?: DeliveryFailure,
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
      const waitsAgain = await db.transaction(async (tx) => {
        if (status === 'failed') await ticketRepo.find(tx, companyId, message.ticketId, { lock: true });
        const updated = await messageRepo.update(tx, message.id, {
          deliveryStatus: status,
          deliveryError: status === 'failed' ? storedFailure(failure ?? { code: 'refused' }) : null,
        });
        return status === 'failed' && updated ? unanswer(tx, updated) : false;
      });
      await publishStatus(companyId, message.id, 'messageStatus', waitsAgain);
      return 'applied';
    },

    /** Tells the ticket's viewers about a message's new delivery status. */
    publishStatus,
  };

  /** Whom a ticket's closing words go to: the client's language and the values its texts may name. */
  async function closingAddress(companyId: string, ticketId: string) {
    const recipient = await recipientRepo.ofTicket(db, companyId, ticketId);
    return [
      { companyId, language: recipient?.language ?? null },
      { client_name: recipient?.clientName, department: recipient?.department, ticket_number: ticketNumber(ticketId) },
    ] as const;
  }

  /** What a client is told when their ticket closes, in their language, with the ticket's values filled in. */
  async function closingOf(companyId: string, ticketId: string) {
    return closingNotice(texts, ...(await closingAddress(companyId, ticketId)));
  }

  /** The job a claimed row is; `gone` when its message was deleted, `switchedOff` when its text is off. */
  async function toJob(row: OutboxRow): Promise<DeliveryJob | 'gone' | 'switchedOff'> {
    const base = {
      outboxId: row.id,
      companyId: row.companyId,
      platform: row.platform,
      channelRef: row.channelRef,
      recipient: row.recipient,
      attempts: row.attempts,
      enqueuedAt: row.createdAt,
    };
    if (row.kind === 'botText') {
      const payload = row.payload as BotNotice;
      const wording = await texts.get(row.companyId, payload.notice, payload.language);
      // The department question's switch is intake's (with it off no message is held waiting for an answer):
      // once queued, the question goes. The thank-you follows its switch as it leaves.
      if (payload.notice === 'ratingThanks' && !wording.enabled) return 'switchedOff';
      const clientName = variablesIn(wording.text).includes('client_name')
        ? await recipientRepo.clientName(db, base)
        : undefined;
      return { ...base, kind: 'botText', payload, text: fillVariables(wording.text, { client_name: clientName }) };
    }
    if (row.kind === 'read')
      return { ...base, kind: 'read', externalId: (row.payload as { externalId: string }).externalId };
    if (!row.messageId) return 'gone';
    const message = await messageRepo.find(db, row.companyId, row.messageId);
    if (!message) return 'gone';
    const closing = message.type === 'close' ? await closingOf(row.companyId, message.ticketId) : null;
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
      channelPayload: row.payload,
      closing,
    };
  }
}
