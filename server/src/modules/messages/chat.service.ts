import {
  CHAT_PAGE_SIZE,
  CHAT_SLICE_AROUND,
  CLIENT_UNREACHABLE,
  MESSAGE_NOT_FOUND,
  MESSAGE_SEARCH_LIMIT,
  mentionedIds,
  NOT_TICKET_HANDLER,
  NOTE_MENTIONS_MAX,
  plainNoteText,
  TICKET_CLOSED,
  workingMs,
  type ChatResponse,
  type ChatSliceResponse,
  type Mentionable,
  type Message,
} from '@kreechat/contract';
import type { Platform } from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import { fileUrl, type FileStorage } from '../../files/storage';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import type { EventPublisher } from '../../platform/events';
import { dayFormatter, groupByDay } from '../../platform/day-sections';
import type { ClientService } from '../clients';
import { createMentionInbox } from '../notifications';
import type { HoursReader } from '../opening-hours';
import { ticketViewRepo, type TicketService } from '../ticket-lists';
import { audienceOf, canHandle, isAnswer, ticketRepo, type TicketRow } from '../tickets';
import { messageRepo, type NewMessage } from './message.repo';

export type ChatService = ReturnType<typeof createChatService>;

/**
 * What sending needs of the delivery module, which builds on this one (it marks messages sent or failed): narrow
 * and structural, so messages does not import delivery; app.ts hands in the delivery service.
 */
type Outbox = {
  enqueueMessage(
    tx: Tx,
    job: {
      companyId: string;
      platform: Platform;
      channelRef: string;
      recipient: string;
      messageId: string;
      channelPayload?: unknown;
    },
  ): Promise<void>;
  enqueueRead(
    tx: Tx,
    job: { companyId: string; platform: Platform; channelRef: string; recipient: string; externalId: string },
  ): Promise<void>;
  /** Makes a message's failed job due again; false when it has none. */
  requeue(tx: Tx, messageId: string): Promise<boolean>;
  enqueued(): void;
};

type Outgoing = Pick<NewMessage, 'type' | 'content' | 'fileName' | 'fileSize' | 'filePath' | 'thumbnailPath'>;

/** A ticket's chat: its history in day sections, and what the handler sends to the client. */
export function createChatService(deps: {
  db: Db;
  clock: Clock;
  events: EventPublisher;
  tickets: TicketService;
  clients: ClientService;
  delivery: Outbox;
  storage: FileStorage;
  /** A department's opening hours: the working time of a ticket's first response counts only those. */
  hours: Pick<HoursReader, 'department'>;
}) {
  const { db, clock, events, tickets, clients, delivery, storage, hours } = deps;
  const mentionInbox = createMentionInbox({ db, events });

  async function earlierWithKey(companyId: string, idempotencyKey: string | undefined) {
    if (!idempotencyKey) return undefined;
    const earlier = await messageRepo.findByIdempotencyKey(db, companyId, idempotencyKey);
    return earlier && messageRepo.view(db, companyId, earlier.id);
  }

  /**
   * The working seconds from the ticket's start to `now` by its department's hours, while it has no first
   * response (null once it has, or when there is no such ticket). Read before the send's transaction: the hours
   * come through their own cached reads, which must not wait on a transaction holding the ticket (PGlite has one
   * connection). A first response recorded meanwhile wins in the update, so a stale answer here is harmless.
   */
  async function firstResponseWorkSec(companyId: string, ticketId: string, now: Date) {
    const ticket = await ticketRepo.find(db, companyId, ticketId);
    if (!ticket || ticket.firstResponseAt) return null;
    const { zoned } = await hours.department(companyId, ticket.departmentId);
    return Math.floor(workingMs(zoned, ticket.createdAt, now) / 1000);
  }

  /**
   * Stores the handler's message and its outbox row in one transaction; the same idempotency key sends once.
   * Refused for a closed ticket and for anyone but the handler. The client waits no more from then, and the
   * ticket's first agent message is its first response.
   */
  async function send(
    viewer: Principal,
    ticketId: string,
    outgoing: Outgoing,
    idempotencyKey?: string,
    channelPayload?: unknown,
  ): Promise<Message> {
    if (idempotencyKey) {
      const earlier = await messageRepo.findByIdempotencyKey(db, viewer.companyId, idempotencyKey);
      if (earlier) return (await messageRepo.view(db, viewer.companyId, earlier.id))!;
    }
    const now = clock.now();
    const workSec = await firstResponseWorkSec(viewer.companyId, ticketId, now);
    let messageId: string;
    try {
      messageId = await db.transaction(async (tx) => {
        const ticket = await tickets.visibleRow(viewer, ticketId, tx, true);
        if (ticket.stage === 'closed') throw new ConflictError(TICKET_CLOSED);
        if (ticket.handlerId !== viewer.userId) throw new ForbiddenError(NOT_TICKET_HANDLER);
        const recipient = await clients.identity(ticket.clientId, ticket.platform, tx);
        if (!recipient || !ticket.channelRef) throw new ConflictError(CLIENT_UNREACHABLE);
        const message = await messageRepo.insert(tx, {
          ...outgoing,
          companyId: viewer.companyId,
          ticketId,
          clientId: ticket.clientId,
          isAgent: true,
          createdById: viewer.userId,
          deliveryStatus: 'pending',
          idempotencyKey,
          createdAt: now,
        });
        await ticketRepo.answered(tx, ticketId, now, workSec);
        await delivery.enqueueMessage(tx, {
          companyId: viewer.companyId,
          platform: ticket.platform,
          channelRef: ticket.channelRef,
          recipient,
          messageId: message.id,
          channelPayload,
        });
        return message.id;
      });
    } catch (error) {
      // Two submits with one key racing: the second loses on the unique index and answers the first's message.
      if (idempotencyKey) {
        const earlier = await messageRepo.findByIdempotencyKey(db, viewer.companyId, idempotencyKey);
        if (earlier) return (await messageRepo.view(db, viewer.companyId, earlier.id))!;
      }
      throw error;
    }
    delivery.enqueued();
    const message = (await messageRepo.view(db, viewer.companyId, messageId))!;
    const ticket = await ticketRepo.find(db, viewer.companyId, ticketId);
    if (ticket) events.toTicket(audienceOf(ticket), 'newMessage', { message });
    return message;
  }

  /**
   * The handler opening the chat has read what the client wrote: the client's newest message is marked read and
   * the channel told once (WhatsApp shows the client blue ticks; other channels ignore it).
   */
  async function markRead(viewer: Principal, ticket: TicketRow) {
    if (ticket.handlerId !== viewer.userId || !ticket.channelRef || ticket.stage === 'closed') return;
    const channelRef = ticket.channelRef;
    const marked = await db.transaction(async (tx) => {
      const last = await messageRepo.lastFromClient(tx, viewer.companyId, ticket.clientId, channelRef);
      if (!last?.externalId || last.deliveryStatus !== 'received') return false;
      const recipient = await clients.identity(ticket.clientId, ticket.platform, tx);
      if (!recipient) return false;
      await messageRepo.update(tx, last.id, { deliveryStatus: 'read' });
      await delivery.enqueueRead(tx, {
        companyId: viewer.companyId,
        platform: ticket.platform,
        channelRef,
        recipient,
        externalId: last.externalId,
      });
      return true;
    });
    if (marked) delivery.enqueued();
  }

  return {
    async history(viewer: Principal, ticketId: string, cursor: number, timeZone?: string): Promise<ChatResponse> {
      dayFormatter(timeZone);
      const ticket = await tickets.visibleRow(viewer, ticketId);
      if (!cursor) await markRead(viewer, ticket);
      const page = await messageRepo.page(db, ticketId, cursor || null, CHAT_PAGE_SIZE + 1);
      const more = page.length > CHAT_PAGE_SIZE;
      const messages = more ? page.slice(1) : page;
      return { sections: groupByDay(messages, timeZone), nextCursor: more ? messages[0]!.seq : null };
    },

    /** SPEC §5 in-chat search: the ticket's newest {@link MESSAGE_SEARCH_LIMIT} messages matching the keyword. */
    async search(viewer: Principal, ticketId: string, keyword: string): Promise<Message[]> {
      await tickets.visibleRow(viewer, ticketId);
      return messageRepo.search(db, viewer.companyId, ticketId, keyword, MESSAGE_SEARCH_LIMIT);
    },

    /**
     * The chat around one message (the jump to a pinned or found message): {@link CHAT_SLICE_AROUND} messages on
     * each side in day sections, with the cursors to page further both ways.
     */
    async sliceAround(
      viewer: Principal,
      ticketId: string,
      messageId: string,
      timeZone?: string,
    ): Promise<ChatSliceResponse> {
      dayFormatter(timeZone);
      await tickets.visibleRow(viewer, ticketId);
      const target = await messageRepo.findInTicket(db, viewer.companyId, ticketId, messageId);
      if (!target) throw new NotFoundError(MESSAGE_NOT_FOUND);
      // One more than needed on each side tells whether the window reaches the chat's first or latest message.
      const [older, rest] = await Promise.all([
        messageRepo.page(db, ticketId, target.seq, CHAT_SLICE_AROUND + 1),
        messageRepo.pageAfter(db, ticketId, target.seq - 1, CHAT_SLICE_AROUND + 2),
      ]);
      const moreOlder = older.length > CHAT_SLICE_AROUND;
      const moreNewer = rest.length > CHAT_SLICE_AROUND + 1;
      const window = [...(moreOlder ? older.slice(1) : older), ...(moreNewer ? rest.slice(0, -1) : rest)];
      const sections = groupByDay(window, timeZone);
      return {
        targetSectionIndex: sections.findIndex((s) => s.messages.some((m) => m.messageid === messageId)),
        selectedSections: sections,
        newIndex: moreOlder ? window[0]!.seq : null,
        newerIndex: moreNewer ? window[window.length - 1]!.seq : null,
      };
    },

    /** A page of {@link CHAT_PAGE_SIZE} messages before or after a cursor of a slice (scrolling in a jump). */
    async slicePage(
      viewer: Principal,
      ticketId: string,
      cursor: number,
      direction: 'older' | 'newer',
      timeZone?: string,
    ): Promise<ChatSliceResponse> {
      dayFormatter(timeZone);
      await tickets.visibleRow(viewer, ticketId);
      if (direction === 'older') {
        const page = await messageRepo.page(db, ticketId, cursor, CHAT_PAGE_SIZE + 1);
        const more = page.length > CHAT_PAGE_SIZE;
        const messages = more ? page.slice(1) : page;
        return {
          targetSectionIndex: null,
          selectedSections: groupByDay(messages, timeZone),
          newIndex: more ? messages[0]!.seq : null,
          newerIndex: cursor,
        };
      }
      const page = await messageRepo.pageAfter(db, ticketId, cursor, CHAT_PAGE_SIZE + 1);
      const more = page.length > CHAT_PAGE_SIZE;
      const messages = more ? page.slice(0, -1) : page;
      return {
        targetSectionIndex: null,
        selectedSections: groupByDay(messages, timeZone),
        newIndex: cursor,
        newerIndex: more ? messages[messages.length - 1]!.seq : null,
      };
    },

    /**
     * The ticket's channel and when its client last wrote through it (WhatsApp's 24-hour window is counted from
     * then), for whoever may see the ticket.
     */
    async conversation(viewer: Principal, ticketId: string) {
      const ticket = await tickets.visibleRow(viewer, ticketId);
      const last = ticket.channelRef
        ? await messageRepo.lastFromClient(db, viewer.companyId, ticket.clientId, ticket.channelRef)
        : undefined;
      return {
        platform: ticket.platform,
        channelRef: ticket.channelRef,
        isHandler: ticket.handlerId === viewer.userId,
        lastClientMessageAt: last?.createdAt ?? null,
      };
    },

    /**
     * An internal note (type 'note'): any agent who may see the ticket writes one, open or closed, handler or not.
     * Stored without an outbox row, so no channel ever carries it; the ticket is not touched (a note is no
     * activity of the client's conversation). Mentions of colleagues who may see the ticket get an inbox entry
     * in the same transaction, announced after the commit with the note's `newMessage`; a mention of anyone else
     * (another department's agent, a disabled or unknown user, the author) stays in the text and notifies no one,
     * so a note is not lost to a reassignment that happened while it was typed.
     */
    async sendNote(viewer: Principal, ticketId: string, content: string, idempotencyKey?: string): Promise<Message> {
      const earlier = await earlierWithKey(viewer.companyId, idempotencyKey);
      if (earlier) return earlier;
      let saved: { messageId: string; ticket: TicketRow; mentions: Awaited<ReturnType<typeof mentionInbox.record>> };
      try {
        saved = await db.transaction(async (tx) => {
          const ticket = await tickets.visibleRow(viewer, ticketId, tx);
          const now = clock.now();
          const wanted = mentionedIds(content).slice(0, NOTE_MENTIONS_MAX);
          const allowed = wanted.length
            ? new Set((await messageRepo.mentionable(tx, viewer.companyId, ticket, viewer.userId)).map((a) => a.userid))
            : new Set<string>();
          const message = await messageRepo.insert(tx, {
            companyId: viewer.companyId,
            ticketId,
            clientId: ticket.clientId,
            type: 'note',
            content,
            isAgent: true,
            createdById: viewer.userId,
            // Nothing is delivered: 'sent' keeps it out of every pending, failed and read path.
            deliveryStatus: 'sent',
            idempotencyKey,
            createdAt: now,
          });
          const mentions = await mentionInbox.record(
            tx,
            {
              companyId: viewer.companyId,
              ticketId,
              authorId: viewer.userId,
              authorName: `${viewer.firstName} ${viewer.lastName}`.trim(),
              text: plainNoteText(content),
              at: now,
            },
            wanted.filter((id) => allowed.has(id)),
          );
          return { messageId: message.id, ticket, mentions };
        });
      } catch (error) {
        const raced = await earlierWithKey(viewer.companyId, idempotencyKey);
        if (raced) return raced;
        throw error;
      }
      const message = (await messageRepo.view(db, viewer.companyId, saved.messageId))!;
      events.toTicket(audienceOf(saved.ticket), 'newMessage', { message });
      await mentionInbox.announce(saved.mentions);
      return message;
    },

    /** The colleagues a note in this ticket can mention: those who may see it, the viewer aside. */
    async mentionable(viewer: Principal, ticketId: string): Promise<Mentionable[]> {
      const ticket = await tickets.visibleRow(viewer, ticketId);
      return messageRepo.mentionable(db, viewer.companyId, ticket, viewer.userId);
    },

    /** The handler's text with something only its channel reads (a WhatsApp template), stored and sent like any. */
    sendWithChannelPayload: (viewer: Principal, ticketId: string, content: string, channelPayload: unknown) =>
      send(viewer, ticketId, { type: 'text', content }, undefined, channelPayload),

    sendText: (viewer: Principal, ticketId: string, content: string, idempotencyKey?: string) =>
      send(viewer, ticketId, { type: 'text', content }, idempotencyKey),

    /**
     * Stores the file (typed by its bytes, thumbnailed if an image) and sends it like a message. Only the chat's
     * types are taken (415 otherwise), counted against the company's storage (413 when it is full).
     */
    async sendFile(
      viewer: Principal,
      ticketId: string,
      file: { bytes: Buffer; name: string },
      idempotencyKey?: string,
    ) {
      if (file.bytes.length === 0) throw new ValidationError('The file is empty');
      // Check before storing, so a refused upload leaves no file behind.
      const ticket = await tickets.visibleRow(viewer, ticketId);
      if (ticket.stage === 'closed') throw new ConflictError(TICKET_CLOSED);
      if (ticket.handlerId !== viewer.userId) throw new ForbiddenError(NOT_TICKET_HANDLER);
      // A repeated submit answers the first one's message and stores nothing.
      const earlier = await earlierWithKey(viewer.companyId, idempotencyKey);
      if (earlier) return earlier;
      const stored = await storage.save(viewer.companyId, file.bytes, file.name, {
        types: 'chat',
        source: { kind: 'agent' },
      });
      // What no message came to point at (refused, a database error, a racing submit with the same key won) is
      // removed, so the store holds no orphans.
      const discard = () =>
        Promise.all(
          [stored.key, stored.thumbnailKey].map((key) => key && storage.remove(viewer.companyId, key).catch(() => {})),
        );
      let message: Message;
      try {
        message = await send(
          viewer,
          ticketId,
          {
            type: stored.kind,
            content: '',
            fileName: stored.name,
            fileSize: stored.size,
            filePath: stored.key,
            thumbnailPath: stored.thumbnailKey,
          },
          idempotencyKey,
        );
      } catch (error) {
        await discard();
        throw error;
      }
      if (message.path !== fileUrl(stored.key)) await discard();
      return message;
    },

    /**
     * Queues a failed outbound message again. A reply's failure had given the client their wait back; sent again,
     * it answers them again from now, as a new reply would (and is the first response, timed now, if none stands).
     */
    async retry(viewer: Principal, messageId: string): Promise<Message> {
      const message = await messageRepo.find(db, viewer.companyId, messageId);
      if (!message) throw new NotFoundError('Message not found');
      const ticket = await tickets.visibleRow(viewer, message.ticketId);
      if (!canHandle(viewer, ticket)) throw new ForbiddenError(NOT_TICKET_HANDLER);
      if (message.deliveryStatus !== 'failed') throw new ConflictError('Only a message that failed can be retried');
      const now = clock.now();
      const answers = isAnswer(message) && ticket.stage !== 'closed';
      const workSec = answers ? await firstResponseWorkSec(viewer.companyId, ticket.id, now) : null;
      await db.transaction(async (tx) => {
        // The ticket first, as sends and erasure lock it.
        if (answers) await ticketRepo.find(tx, viewer.companyId, ticket.id, { lock: true });
        if (!(await delivery.requeue(tx, messageId))) throw new ConflictError('This message has nothing to retry');
        await messageRepo.update(tx, messageId, { deliveryStatus: 'pending', deliveryError: null });
        if (answers) await ticketRepo.answered(tx, ticket.id, now, workSec);
      });
      delivery.enqueued();
      const view = (await messageRepo.view(db, viewer.companyId, messageId))!;
      const answered = answers ? await ticketViewRepo.view(db, viewer.companyId, ticket.id) : undefined;
      events.toTicket(
        audienceOf(ticket),
        'messageStatus',
        answered ? { message: view, ticket: answered } : { message: view },
      );
      return view;
    },
  };
}
