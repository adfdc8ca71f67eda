import type { Db, Tx } from '../../db/client';
import { createGroupCommit } from '../../db/group-commit';
import type { Clock } from '../../platform/clock';
import type { EventPublisher } from '../../platform/events';
import type { ActionService } from '../actions';
import { ownLanguage, type AutoReplies, type AutoReplyContext } from '../automatic-messages';
import type { ClientRow, ClientService } from '../clients';
import { createClientFeedback, type FeedbackOutcome } from '../client-feedback';
import type { DeliveryService } from '../delivery';
import { heldMessageRepo } from '../held-messages';
import { claimUpdateOf, type InboundMessage, type InboundOrigin } from '../inbound-updates';
import type { NotificationService } from '../notifications';
import { messageRepo, toMessage, type MessageRow, type NewMessage } from '../messages';
import { ticketViewRepo } from '../ticket-lists';
import { audienceOf, reopenClosedTicket, ticketRepo, type TicketRow } from '../tickets';
import { fastAppendRepo, type FastAppend } from './fast-append.repo';

export type IntakeService = ReturnType<typeof createIntakeService>;

/** What happened to an inbound update, for the channel (and tests) to act on after the commit. */
export type IntakeOutcome =
  | FeedbackOutcome
  | { outcome: 'ignored'; reason: 'blocked client' | 'unknown department' }
  | { outcome: 'held'; asked: boolean }
  | {
      outcome: 'appended';
      ticketId: string;
      created: boolean;
      reopened: boolean;
      /** The stored message (not for a department tap, which appends the held ones). */
      message?: { id: string; seq: number; createdAt: Date };
    };

/**
 * Group commit of the hot path: statements in flight at once, and messages per statement. Two let one batch
 * gather and go out while the database commits the other; on the 2-core bench machine 1, 2 and 4 measured the
 * same (BENCHMARKS.md).
 */
const FAST_BATCHES_IN_FLIGHT = 2;
const FAST_BATCH_SIZE = 100;

function toMessageValues(
  origin: InboundOrigin,
  ticket: TicketRow,
  client: ClientRow,
  message: InboundMessage,
): NewMessage {
  const base = {
    companyId: origin.companyId,
    ticketId: ticket.id,
    clientId: client.id,
    isAgent: false,
    externalId: message.externalId,
    deliveryStatus: 'received' as const,
    createdAt: message.sentAt,
  };
  const c = message.content;
  switch (c.type) {
    case 'text':
      return { ...base, type: 'text', content: c.text };
    case 'location':
      return { ...base, type: 'location', content: '', region: `${c.latitude},${c.longitude}` };
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
      if ('tooLarge' in c.file) {
        // SPEC §5: a document named 'Filesize too large!' is shown without a download.
        return {
          ...base,
          type: 'document',
          content: c.caption ?? '',
          fileName: 'Filesize too large!',
          fileSize: c.file.size,
        };
      }
      return {
        ...base,
        type: c.type,
        content: c.caption ?? '',
        fileName: c.file.name,
        fileSize: c.file.size,
        filePath: c.file.key,
        thumbnailPath: c.file.thumbnailKey,
      };
  }
}

/**
 * The one shared ingest of ARCHITECTURE §5 (STYLE: the inbound chain): a channel-neutral inbound message becomes
 * a client, a ticket and a message in one transaction, which also marks the recorded update processed — so a
 * redelivered or retried update changes nothing. Events go out after the commit.
 */
export function createIntakeService(deps: {
  db: Db;
  clock: Clock;
  events: EventPublisher;
  actions: ActionService;
  clients: ClientService;
  delivery: DeliveryService;
  /** The away handler's inbox and the rating notice; called after the commit, never inside it. */
  notifications: Pick<NotificationService, 'clientMessage' | 'recordRating' | 'announce'>;
  /** The desk's automatic messages, written in intake's transaction (greeting, out of hours, reopened). */
  autoReplies: Pick<AutoReplies, 'prepare' | 'afterClientMessage' | 'fastPathAllowed' | 'asksDepartment'>;
}) {
  const { db, clock, events, actions, clients, delivery, notifications, autoReplies } = deps;
  const feedback = createClientFeedback({ db, clock, events, actions, clients, delivery, notifications });

  /** Claims the recorded update inside `tx`; false when it was processed already. */
  const claimUpdate = (tx: Tx, origin: InboundOrigin) => claimUpdateOf(tx, origin, clock.now());

  /** `awaitingSince`: when the client's first message of the ticket was written (they wait from then). */
  async function createTicket(
    tx: Tx,
    origin: InboundOrigin,
    client: ClientRow,
    departmentId: string,
    awaitingSince: Date,
  ) {
    const now = clock.now();
    const ticket = await ticketRepo.insert(tx, {
      companyId: origin.companyId,
      clientId: client.id,
      departmentId,
      platform: origin.platform,
      channelRef: origin.channelRef,
      stage: 'pending',
      createdAt: now,
      updatedAt: now,
      awaitingSince,
    });
    await actions.record(
      { companyId: origin.companyId, clientId: client.id, ticketId: ticket.id, actionType: 'ticket_create' },
      tx,
    );
    return ticket;
  }

  /** The client's held messages (written before a department was chosen) appended to their new ticket, in order. */
  async function appendHeld(tx: Tx, origin: InboundOrigin, ticket: TicketRow, client: ClientRow) {
    for (const h of await heldMessageRepo.takeHeld(tx, client.id)) {
      const stored = h.message as Omit<InboundMessage, 'sentAt'> & { sentAt: string };
      await messageRepo.insert(
        tx,
        toMessageValues(origin, ticket, client, { ...stored, sentAt: new Date(stored.sentAt) }),
      );
    }
  }

  /** The automatic messages a client's message calls for, in `tx` (automatic-messages decides which). */
  const autoRepliesFor = (
    tx: Tx,
    context: AutoReplyContext,
    origin: InboundOrigin,
    ticket: TicketRow,
    client: ClientRow,
    started: 'created' | 'reopened' | null,
  ) =>
    autoReplies.afterClientMessage(tx, context, {
      ticket,
      client,
      channelRef: origin.channelRef,
      recipient: origin.client.externalId,
      started,
    });

  type Emit = {
    companyId: string;
    newTicket?: { id: string; reopened: boolean };
    /** Messages written, with what their events need, so nothing is read back after the commit. */
    messages: { row: MessageRow; clientName: string; ticket: TicketRow }[];
  };

  async function afterCommit(work: Emit) {
    if (work.newTicket) {
      const ticket = await ticketViewRepo.view(db, work.companyId, work.newTicket.id);
      if (ticket) events.toTicket(audienceOf(ticket), 'newTicket', { ticket, reopenTicket: work.newTicket.reopened });
    }
    for (const { row, clientName, ticket } of work.messages) {
      // A reply is read back with the message it quotes; the rest need no second read.
      const message =
        (row.replyToId ? await messageRepo.view(db, work.companyId, row.id) : undefined) ??
        toMessage({ message: row, agentFirst: null, agentLast: null, clientName, replied: null });
      events.toTicket(audienceOf(ticket), 'newMessage', { message });
      if (row.type !== 'reopen' && row.type !== 'rating' && !row.autoKind) noteForHandler(ticket, clientName, row);
    }
  }

  /** A client's message reaches the handler's inbox if they are away; not awaited, so it never delays intake. */
  function noteForHandler(
    ticket: Pick<TicketRow, 'id' | 'companyId' | 'handlerId'>,
    clientName: string,
    row: Pick<MessageRow, 'type' | 'content'>,
  ) {
    void notifications.clientMessage({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      handlerId: ticket.handlerId,
      clientName,
      content: row.type === 'text' ? row.content : null,
    });
  }

  /**
   * The hot path's writes, grouped: the messages of many chats arriving together are appended by one statement
   * and one commit (fast-append.repo). A chat's next message waits for its previous one (the channel's queue
   * already sees to that; the key makes the group commit keep it too).
   */
  const appendFast = createGroupCommit({
    write: (items: FastAppend[]) => fastAppendRepo.appendMany(db, items, clock.now()),
    maxInFlight: FAST_BATCHES_IN_FLIGHT,
    maxBatch: FAST_BATCH_SIZE,
    keysOf: (item) => [
      `${item.companyId}:${item.platform}:${item.clientExternalId}`,
      `${item.update.channelKey}:${item.update.updateId}`,
    ],
  });

  /**
   * The hot path: a known, unblocked client writing text into their open ticket, recorded and appended in one
   * statement shared with the other chats' messages of the moment. Undefined when it does not apply, and then
   * nothing was written. Answers after the commit; the event goes out after it too.
   */
  async function fastAppend(origin: InboundOrigin, message: InboundMessage): Promise<IntakeOutcome | undefined> {
    const content = message.content;
    if (origin.update?.payload === undefined || (content.type !== 'text' && content.type !== 'location'))
      return undefined;
    // A reply names the message it answers; finding that takes the full way.
    if (message.replyToExternalId) return undefined;
    const appended = await appendFast({
      companyId: origin.companyId,
      platform: origin.platform,
      clientExternalId: origin.client.externalId,
      language: origin.client.language || null,
      username: origin.client.username ?? null,
      update: {
        channelKey: origin.update.channelKey,
        updateId: origin.update.updateId,
        payload: origin.update.payload,
      },
      message: {
        id: crypto.randomUUID(),
        type: content.type,
        content: content.type === 'text' ? content.text : '',
        region: content.type === 'location' ? `${content.latitude},${content.longitude}` : null,
        externalId: message.externalId,
        createdAt: message.sentAt,
      },
    });
    if (!appended) return undefined;
    const { row, clientName, ticket } = appended;
    const view = toMessage({ message: row, agentFirst: null, agentLast: null, clientName, replied: null });
    events.toTicket(audienceOf(ticket), 'newMessage', { message: view });
    noteForHandler(ticket, clientName, row);
    return {
      outcome: 'appended',
      ticketId: ticket.id,
      created: false,
      reopened: false,
      message: { id: row.id, seq: row.seq, createdAt: row.createdAt },
    };
  }

  return {
    /**
     * A client's message: appended to their open ticket, or reopening their closed one, or starting a ticket —
     * at once with one department, or held until the client picks one of several.
     */
    async receive(
      origin: InboundOrigin,
      message: InboundMessage,
      /** A channel that asks for the department before the first message (the widget) names it here. */
      options: { departmentId?: string } = {},
    ): Promise<IntakeOutcome> {
      // The hot path cannot write an out-of-hours text (automatic-messages' fastPathAllowed says when one may be due).
      const fast = (await autoReplies.fastPathAllowed(origin.companyId))
        ? await fastAppend(origin, message)
        : undefined;
      if (fast) return fast;
      const context = await autoReplies.prepare(origin.companyId);
      const result = await db.transaction(async (tx) => {
        if (!(await claimUpdate(tx, origin))) return { outcome: { outcome: 'duplicate' } as IntakeOutcome };
        const client = await clients.findOrCreateByIdentity(tx, origin.companyId, origin.platform, origin.client);
        if (client.blocked) return { outcome: { outcome: 'ignored', reason: 'blocked client' } as IntakeOutcome };

        let ticket = await ticketRepo.latestOfClient(tx, client.id, origin.platform);
        let reopened = false;
        let created = false;
        let reopenRow: MessageRow | undefined;

        if (ticket?.stage === 'closed') {
          const reopen = await reopenClosedTicket(tx, { actions, insertMessage: messageRepo.insert }, ticket, {
            now: clock.now(),
            userId: null,
            channelRef: origin.channelRef,
          });
          ticket = reopen.ticket;
          reopenRow = reopen.message;
          reopened = true;
        } else if (!ticket) {
          const departments = await ticketRepo.liveDepartments(tx, origin.companyId);
          const chosen = departments.find((d) => d.id === options.departmentId);
          // With the department question switched off, a new client goes to the first department.
          if (departments.length > 1 && !chosen && autoReplies.asksDepartment(context, client.language)) {
            const alreadyHeld = await heldMessageRepo.hasHeld(tx, client.id);
            await heldMessageRepo.hold(tx, {
              companyId: origin.companyId,
              clientId: client.id,
              platform: origin.platform,
              channelRef: origin.channelRef,
              message: { ...message, sentAt: message.sentAt.toISOString() },
              createdAt: clock.now(),
            });
            if (!alreadyHeld) {
              await delivery.enqueueBotText(tx, {
                companyId: origin.companyId,
                platform: origin.platform,
                channelRef: origin.channelRef,
                recipient: origin.client.externalId,
                payload: { notice: 'chooseDepartment', language: ownLanguage(client.language), departments },
              });
            }
            return { outcome: { outcome: 'held', asked: !alreadyHeld } as IntakeOutcome, enqueued: !alreadyHeld };
          }
          // Messages held while the question was on, before it was switched off, start the ticket.
          const held = await heldMessageRepo.oldestHeldAt(tx, client.id);
          ticket = await createTicket(tx, origin, client, (chosen ?? departments[0]!).id, held ?? message.sentAt);
          await appendHeld(tx, origin, ticket, client);
          created = true;
        }

        const replyTo = message.replyToExternalId
          ? await messageRepo.findByExternalId(tx, origin.companyId, message.replyToExternalId)
          : undefined;
        const row = await messageRepo.insert(tx, {
          ...toMessageValues(origin, ticket, client, message),
          replyToId: replyTo?.ticketId === ticket.id ? replyTo.id : null,
        });
        if (!created && !reopened) await ticketRepo.touch(tx, ticket.id, clock.now());
        const automatic = await autoRepliesFor(
          tx,
          context,
          origin,
          ticket,
          client,
          created ? 'created' : reopened ? 'reopened' : null,
        );
        return {
          outcome: {
            outcome: 'appended',
            ticketId: ticket.id,
            created,
            reopened,
            message: { id: row.id, seq: row.seq, createdAt: row.createdAt },
          } as IntakeOutcome,
          work: {
            companyId: origin.companyId,
            newTicket: created || reopened ? { id: ticket.id, reopened } : undefined,
            // A new ticket's first message comes with the ticket; a reopen shows its note, then the message; the
            // automatic messages follow.
            messages: [...(created ? [] : [...(reopenRow ? [reopenRow] : []), row]), ...automatic].map((r) => ({
              row: r,
              clientName: client.name,
              ticket: ticket!,
            })),
          },
          enqueued: automatic.length > 0,
        };
      });
      if ('enqueued' in result && result.enqueued) delivery.enqueued();
      if ('work' in result && result.work) await afterCommit(result.work);
      return result.outcome;
    },

    /** The client tapped a department: their held messages become a pending ticket there. */
    async chooseDepartment(origin: InboundOrigin, departmentId: string): Promise<IntakeOutcome> {
      const context = await autoReplies.prepare(origin.companyId);
      const result = await db.transaction(async (tx) => {
        if (!(await claimUpdate(tx, origin))) return { outcome: { outcome: 'duplicate' } as IntakeOutcome };
        const client = await clients.findOrCreateByIdentity(tx, origin.companyId, origin.platform, origin.client);
        if (client.blocked) return { outcome: { outcome: 'ignored', reason: 'blocked client' } as IntakeOutcome };
        const departments = await ticketRepo.liveDepartments(tx, origin.companyId);
        if (!departments.some((d) => d.id === departmentId)) {
          return { outcome: { outcome: 'ignored', reason: 'unknown department' } as IntakeOutcome };
        }
        const latest = await ticketRepo.latestOfClient(tx, client.id, origin.platform);
        // A second tap, or a tap after the ticket started: the existing ticket keeps its department.
        if (latest && latest.stage !== 'closed')
          return {
            outcome: { outcome: 'appended', ticketId: latest.id, created: false, reopened: false } as IntakeOutcome,
          };
        const held = await heldMessageRepo.oldestHeldAt(tx, client.id);
        const ticket = await createTicket(tx, origin, client, departmentId, held ?? clock.now());
        await appendHeld(tx, origin, ticket, client);
        const automatic = await autoRepliesFor(tx, context, origin, ticket, client, 'created');
        return {
          outcome: { outcome: 'appended', ticketId: ticket.id, created: true, reopened: false } as IntakeOutcome,
          work: {
            companyId: origin.companyId,
            newTicket: { id: ticket.id, reopened: false },
            messages: automatic.map((row) => ({ row, clientName: client.name, ticket })),
          },
          enqueued: automatic.length > 0,
        };
      });
      if ('enqueued' in result && result.enqueued) delivery.enqueued();
      if ('work' in result && result.work) await afterCommit(result.work);
      return result.outcome;
    },

    /** The client rated a closed ticket, reacted to a message or edited one (client-feedback). */
    rate: feedback.rate,
    react: feedback.react,
    edit: feedback.edit,

    /** Marks a recorded update handled without a change (an update kind we do not use). */
    async skip(origin: InboundOrigin) {
      await db.transaction((tx) => claimUpdate(tx, origin));
    },
  };
}
