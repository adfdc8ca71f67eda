import {
  CHAT_WITH_SELF,
  COLLEAGUE_NOT_FOUND,
  NOTIFICATIONS_LIMIT,
  type Notification,
  type NotificationsResponse,
  type SaveNotificationBody,
} from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import type { EventPublisher } from '../../platform/events';
import type { Logger } from '../../platform/logger';
import type { Presence } from '../../platform/presence';
import type { AgentService } from '../agents';
import type { PrivateChatService } from '../private-chat';
import { sectionsByDay } from '../../platform/day-sections';
import { notificationRepo, type Inbox, type NewNotification } from './notification.repo';

export type NotificationService = ReturnType<typeof createNotificationService>;

/** Emits the stored notification to its owner with their new unseen count. Call after the commit. */
async function announceNotification(db: Db, events: EventPublisher, inbox: Inbox, id: string) {
  const [notification, count] = await Promise.all([
    notificationRepo.view(db, inbox, id),
    notificationRepo.countUnseen(db, inbox),
  ]);
  if (notification) events.toUser(inbox.userId, 'newNotification', { notification, count });
  return notification;
}

/**
 * The inbox entries of a note's mentions, for the messages module (which builds no notification service): one
 * 'mention' entry per mentioned colleague, stored in the note's own transaction and announced after its commit.
 * Entries are not merged like client messages: each note asks something of its reader.
 */
export function createMentionInbox(deps: { db: Db; events: EventPublisher }) {
  const { db, events } = deps;
  return {
    async record(
      tx: Tx,
      note: { companyId: string; ticketId: string; authorId: string; authorName: string; text: string; at: Date },
      userIds: readonly string[],
    ): Promise<Array<Inbox & { id: string }>> {
      const stored: Array<Inbox & { id: string }> = [];
      for (const userId of userIds) {
        const inbox = { companyId: note.companyId, userId };
        const id = await notificationRepo.insert(tx, {
          ...inbox,
          type: 'mention',
          name: note.authorName,
          content: note.text,
          ticketId: note.ticketId,
          senderId: note.authorId,
          createdAt: note.at,
        });
        stored.push({ ...inbox, id });
      }
      return stored;
    },
    /** After the commit of {@link record}: each entry live to its owner. */
    async announce(stored: ReadonlyArray<Inbox & { id: string }>) {
      await Promise.all(stored.map(({ id, ...inbox }) => announceNotification(db, events, inbox, id)));
    },
  };
}
export type MentionInbox = ReturnType<typeof createMentionInbox>;

export const CHAT_NOT_FOUND = 'Chat not found';
export const NOT_YOUR_MESSAGE = 'You can only notify about your own messages';

/** What the tickets intake knows about a client message, after its commit. */
export type ClientMessageNote = {
  companyId: string;
  ticketId: string;
  handlerId: string | null;
  clientName: string;
  /** The text, or null for a file or a location. */
  content: string | null;
};

const inboxOf = (viewer: Principal): Inbox => ({ companyId: viewer.companyId, userId: viewer.userId });

/**
 * A user's inbox (SPEC §3 Notification): a client message that arrived while the ticket's handler was away, a
 * colleague's private message, a client's rating. Each user reads and clears only their own. An unseen entry about
 * the same ticket or colleague is refreshed by the next message rather than repeated, so the count is of
 * conversations waiting, not of messages. Every new or refreshed entry goes live to its owner as `newNotification`
 * after its commit.
 */
export function createNotificationService(deps: {
  db: Db;
  clock: Clock;
  events: EventPublisher;
  presence: Presence;
  logger: Logger;
  agents: AgentService;
  privateChats: PrivateChatService;
}) {
  const { db, clock, events, presence, logger, agents, privateChats } = deps;

  const announce = (inbox: Inbox, id: string) => announceNotification(db, events, inbox, id);

  /** Refreshes the unseen entry about the same conversation, or stores a new one; answers its id. */
  /**
   * The away-handler notes of one ticket run one after another, in the order intake committed the messages (it
   * calls without waiting). Run side by side on PostgreSQL, two notes both found no entry and both inserted one, or
   * the older message's note committed last and the inbox showed it instead of the newest.
   */
  const chains = new Map<string, Promise<void>>();
  function inOrder(key: string, work: () => Promise<void>): Promise<void> {
    const next = (chains.get(key) ?? Promise.resolve()).then(work);
    chains.set(key, next);
    void next.finally(() => {
      if (chains.get(key) === next) chains.delete(key);
    });
    return next;
  }

  function upsert(inbox: Inbox, about: { ticketId: string } | { senderId: string }, values: NewNotification) {
    return db.transaction(async (tx) => {
      const existing = await notificationRepo.findUnseenAbout(tx, inbox, about);
      if (!existing) return notificationRepo.insert(tx, values);
      await notificationRepo.refresh(tx, existing, {
        name: values.name,
        content: values.content ?? null,
        createdAt: values.createdAt ?? clock.now(),
      });
      return existing;
    });
  }

  /** Never throws: a failure is logged, the client's message is stored all the same. */
  async function noteClientMessage(note: ClientMessageNote & { handlerId: string }): Promise<void> {
    const { companyId, handlerId } = note;
    try {
      if (await presence.isOnline(companyId, handlerId)) return;
      const inbox = { companyId, userId: handlerId };
      const id = await upsert(
        inbox,
        { ticketId: note.ticketId },
        {
          ...inbox,
          type: 'text',
          name: note.clientName,
          content: note.content,
          ticketId: note.ticketId,
          createdAt: clock.now(),
        },
      );
      await announce(inbox, id);
    } catch (error) {
      logger.error({ err: error, ticketId: note.ticketId }, 'could not notify the away handler');
    }
  }

  return {
    /** The newest {@link NOTIFICATIONS_LIMIT} in day sections (newest first) and the unseen count. */
    async list(viewer: Principal, timeZone?: string): Promise<NotificationsResponse> {
      const inbox = inboxOf(viewer);
      const [items, count] = await Promise.all([
        notificationRepo.list(db, inbox, NOTIFICATIONS_LIMIT),
        notificationRepo.countUnseen(db, inbox),
      ]);
      const sections = sectionsByDay(items, timeZone).map(({ date, items: notifications }) => ({
        date,
        notifications,
      }));
      return { sections, count };
    },

    async markAllSeen(viewer: Principal) {
      await notificationRepo.markAllSeen(db, inboxOf(viewer));
      return { count: 0 };
    },

    async clear(viewer: Principal) {
      await notificationRepo.deleteAll(db, inboxOf(viewer));
      return { count: 0 };
    },

    /**
     * The caller sent a private message to `receiverId` in `chatid`: the receiver's inbox gets (or refreshes) a
     * 'text' entry naming the caller. The sender must be the caller and the chat the pair's own.
     */
    async savePrivate(viewer: Principal, receiverId: string, body: SaveNotificationBody): Promise<Notification> {
      if (body.senderid !== viewer.userId) throw new ForbiddenError(NOT_YOUR_MESSAGE);
      if (receiverId === viewer.userId) throw new ValidationError(CHAT_WITH_SELF);
      const receiver = await agents.findInCompany(viewer.companyId, receiverId);
      if (!receiver || receiver.disabledAt) throw new NotFoundError(COLLEAGUE_NOT_FOUND);
      const chatId = await privateChats.chatIdOf(viewer.companyId, viewer.userId, receiverId);
      if (chatId !== body.chatid) throw new NotFoundError(CHAT_NOT_FOUND);
      const inbox = { companyId: viewer.companyId, userId: receiverId };
      const id = await upsert(
        inbox,
        { senderId: viewer.userId },
        {
          ...inbox,
          type: 'text',
          name: `${viewer.firstName} ${viewer.lastName}`,
          content: body.content,
          senderId: viewer.userId,
          createdAt: clock.now(),
        },
      );
      return (await announce(inbox, id))!;
    },

    /**
     * A client wrote into a ticket whose handler is away (offline by the presence rule): the handler's inbox gets
     * (or refreshes) a 'text' entry. Runs after the intake's commit, off its transaction; it never throws, so a
     * failure here costs the notification and nothing of the message.
     */
    async clientMessage(note: ClientMessageNote): Promise<void> {
      const { handlerId } = note;
      if (!handlerId) return;
      return inOrder(`${handlerId}:${note.ticketId}`, () => noteClientMessage({ ...note, handlerId }));
    },

    /** Stores a rating notification inside the caller's transaction; {@link announce} it after the commit. */
    recordRating: (tx: Tx, values: Inbox & { name: string; rating: number; ticketId: string; createdAt: Date }) =>
      notificationRepo.insert(tx, {
        companyId: values.companyId,
        userId: values.userId,
        type: 'rating',
        name: values.name,
        content: String(values.rating),
        ticketId: values.ticketId,
        createdAt: values.createdAt,
      }),

    announce,
  };
}
