import { isOpenAt, WHATSAPP_WINDOW_MS, workingMs, type Platform } from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { EventPublisher } from '../../platform/events';
import type { Logger } from '../../platform/logger';
import { periodicSweep } from '../../platform/periodic-sweep';
import type { ClientService } from '../clients';
import { toMessage } from '../messages';
import { audienceOf, ticketRepo } from '../tickets';
import { languageOf } from './auto-message.reader';
import { autoSendRepo, type StillWaitingCandidate, type SweepCursor } from './auto-send.repo';
import { writeAutoMessage, type AutoOutbox, type AutoTextsPort, type HoursPort } from './client-replies.service';
import { ticketNumber } from './ticket-number';

/** How often the sweep looks (README: at most this late after the delay has passed). */
export const STILL_WAITING_SWEEP_MS = 30_000;
/** Tickets read per query, and queries per sweep: a long pending list is gone through over several sweeps. */
const BATCH = 100;
const PAGES_PER_SWEEP = 10;

/**
 * Channels that take a free-form message only for a while after the client's own last message: WhatsApp's
 * 24-hour window (a text outside it is refused; only a template would go). No automatic message is sent there.
 */
const FREE_FORM_WINDOW_MS: Partial<Record<Platform, number>> = { whatsapp: WHATSAPP_WINDOW_MS };

export type StillWaitingSweeper = ReturnType<typeof createStillWaitingSweeper>;

/**
 * The still-waiting message: once per ticket, when nobody has accepted it after the department's
 * delay of working time (opening hours only) since the client began to wait, and never while the department is
 * closed (the out-of-hours text speaks for the desk then).
 *
 * Several processes may sweep at once: each ticket is claimed by a conditional UPDATE (still not told, no
 * handler, pending) in the transaction that writes the message, so exactly one process sends it and an accept
 * that commits first wins — no leader lock is needed, and a process that dies mid-sweep leaves nothing half done.
 */
export function createStillWaitingSweeper(deps: {
  db: Db;
  clock: Clock;
  hours: HoursPort;
  texts: AutoTextsPort;
  clients: Pick<ClientService, 'identity'>;
  delivery: AutoOutbox;
  events: EventPublisher;
  logger: Logger;
  intervalMs?: number;
}) {
  const { db, clock, hours, texts, clients, delivery, events, logger } = deps;
  let cursor: SweepCursor | null = null;

  /** Sends the ticket's still-waiting message if it is due; true when this process sent it. */
  async function remind(c: StillWaitingCandidate): Promise<boolean> {
    if (!c.channelRef) return false;
    const now = clock.now();
    const { zoned, targets } = await hours.department(c.companyId, c.departmentId);
    if (targets.still_waiting_min === null || !isOpenAt(zoned, now)) return false;
    const since = c.awaitingSince ?? c.reopenedAt ?? c.createdAt;
    if (workingMs(zoned, since, now) < targets.still_waiting_min * 60_000) return false;
    const language = languageOf(c.clientLanguage);
    const text = await texts.get(c.companyId, 'stillWaiting', language);
    if (!text.enabled) return false;
    const window = FREE_FORM_WINDOW_MS[c.platform];
    if (window !== undefined) {
      const last = await autoSendRepo.lastClientMessageAt(db, c.id);
      if (!last || now.getTime() - last.getTime() > window) return false;
    }
    const written = await db.transaction(async (tx) => {
      const ticket = await ticketRepo.claimStillWaiting(tx, c.id, now);
      if (!ticket) return undefined;
      // A client with no identity on the channel any more cannot be told; the mark stays so it is not tried again.
      const recipient = await clients.identity(c.clientId, c.platform, tx);
      if (!recipient) return undefined;
      const row = await writeAutoMessage(
        tx,
        { delivery, now },
        {
          companyId: c.companyId,
          ticketId: c.id,
          clientId: c.clientId,
          platform: c.platform,
          channelRef: c.channelRef!,
          recipient,
        },
        'stillWaiting',
        text.text,
        { client_name: c.clientName, department: c.departmentName, ticket_number: ticketNumber(c.id) },
      );
      return { ticket, row };
    });
    if (!written) return false;
    const message = toMessage({
      message: written.row,
      agentFirst: null,
      agentLast: null,
      clientName: c.clientName,
      replied: null,
    });
    events.toTicket(audienceOf(written.ticket), 'newMessage', { message });
    return true;
  }

  async function sweep(): Promise<number> {
    let sent = 0;
    for (let page = 0; page < PAGES_PER_SWEEP; page++) {
      const batch = await autoSendRepo.stillWaitingCandidates(db, cursor, BATCH);
      for (const candidate of batch) {
        try {
          if (await remind(candidate)) sent += 1;
        } catch (error) {
          // One ticket's failure (its department deleted meanwhile, a lost connection) does not stop the others.
          logger.error({ err: error, ticketId: candidate.id }, 'still-waiting message failed');
        }
      }
      const last = batch[batch.length - 1];
      // A short page is the end of the list: the next sweep starts from the oldest ticket again.
      cursor = batch.length < BATCH || !last ? null : { createdAt: last.createdAt, id: last.id };
      if (!cursor) break;
    }
    if (sent > 0) delivery.enqueued();
    return sent;
  }

  // A sweep (at most PAGES_PER_SWEEP batches) answers the number of messages it sent.
  return periodicSweep(sweep, {
    intervalMs: deps.intervalMs ?? STILL_WAITING_SWEEP_MS,
    logger,
    name: 'still-waiting sweep',
  });
}
