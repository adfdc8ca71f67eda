import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { EventPublisher } from '../../platform/events';
import type { ActionService } from '../actions';
import { ownLanguage } from '../automatic-messages';
import type { ClientService } from '../clients';
import type { DeliveryService } from '../delivery';
import { claimUpdateOf, type InboundOrigin } from '../inbound-updates';
import { messageRepo, toMessage } from '../messages';
import type { NotificationService } from '../notifications';
import { audienceOf, ticketRepo } from '../tickets';

/** What became of a rating, a reaction or an edit, for the channel (and tests) to act on after the commit. */
export type FeedbackOutcome =
  | { outcome: 'duplicate' }
  | { outcome: 'ignored'; reason: 'unknown message' | 'not closed' | 'already rated' }
  | { outcome: 'rated'; ticketId: string }
  | { outcome: 'reacted'; messageId: string }
  | { outcome: 'edited'; messageId: string };

export type ClientFeedback = ReturnType<typeof createClientFeedback>;

/**
 * A client's word on what is already there: the rating of a closed ticket, a reaction to a message, an edit of
 * their own message. Each in one transaction that also marks the channel's update processed, so a redelivery
 * changes nothing; events go out after the commit. Channels reach it through client-messages' IntakeService.
 */
export function createClientFeedback(deps: {
  db: Db;
  clock: Clock;
  events: EventPublisher;
  actions: ActionService;
  clients: Pick<ClientService, 'findOrCreateByIdentity'>;
  delivery: Pick<DeliveryService, 'enqueueBotText' | 'enqueued'>;
  /** The rating notice; announced after the commit, never inside it. */
  notifications: Pick<NotificationService, 'recordRating' | 'announce'>;
}) {
  const { db, clock, events, actions, clients, delivery, notifications } = deps;

  return {
    /** The client rated a closed ticket (1–3): stored once, shown as a 'rating' message, the handler notified. */
    async rate(origin: InboundOrigin, ticketId: string, rating: number): Promise<FeedbackOutcome> {
      const result = await db.transaction(async (tx) => {
        if (!(await claimUpdateOf(tx, origin, clock.now())))
          return { outcome: { outcome: 'duplicate' } as FeedbackOutcome };
        const client = await clients.findOrCreateByIdentity(tx, origin.companyId, origin.platform, origin.client);
        const ticket = await ticketRepo.find(tx, origin.companyId, ticketId, { lock: true });
        if (!ticket || ticket.clientId !== client.id)
          return { outcome: { outcome: 'ignored', reason: 'unknown message' } as FeedbackOutcome };
        if (ticket.stage !== 'closed')
          return { outcome: { outcome: 'ignored', reason: 'not closed' } as FeedbackOutcome };
        if (ticket.rating !== null)
          return { outcome: { outcome: 'ignored', reason: 'already rated' } as FeedbackOutcome };
        const now = clock.now();
        await ticketRepo.update(tx, origin.companyId, ticketId, { rating, updatedAt: now });
        const message = await messageRepo.insert(tx, {
          companyId: origin.companyId,
          ticketId,
          clientId: client.id,
          type: 'rating',
          content: String(rating),
          createdAt: now,
        });
        const handlerId = ticket.handlerId ?? ticket.closedById;
        const notificationId = handlerId
          ? await notifications.recordRating(tx, {
              companyId: origin.companyId,
              userId: handlerId,
              name: client.name,
              rating,
              ticketId,
              createdAt: now,
            })
          : undefined;
        await actions.record(
          {
            companyId: origin.companyId,
            userId: handlerId,
            clientId: client.id,
            ticketId,
            rating,
            actionType: 'ticket_rating',
          },
          tx,
        );
        await delivery.enqueueBotText(tx, {
          companyId: origin.companyId,
          platform: origin.platform,
          channelRef: origin.channelRef,
          recipient: origin.client.externalId,
          payload: { notice: 'ratingThanks', language: ownLanguage(client.language), ticketId },
        });
        return {
          outcome: { outcome: 'rated', ticketId } as FeedbackOutcome,
          rated: { row: message, clientName: client.name, ticket },
          notice: handlerId && notificationId ? { userId: handlerId, id: notificationId } : undefined,
        };
      });
      if ('rated' in result && result.rated) {
        delivery.enqueued();
        const { row, clientName, ticket } = result.rated;
        const message = toMessage({ message: row, agentFirst: null, agentLast: null, clientName, replied: null });
        events.toTicket(audienceOf(ticket), 'newMessage', { message });
      }
      if ('notice' in result && result.notice) {
        await notifications.announce({ companyId: origin.companyId, userId: result.notice.userId }, result.notice.id);
      }
      return result.outcome;
    },

    /** The client reacted to a message (their own or the agent's); null removes the reaction. */
    async react(origin: InboundOrigin, externalMessageId: string, reaction: string | null): Promise<FeedbackOutcome> {
      const result = await db.transaction(async (tx) => {
        if (!(await claimUpdateOf(tx, origin, clock.now())))
          return { outcome: { outcome: 'duplicate' } as FeedbackOutcome };
        const message = await messageRepo.findByExternalId(tx, origin.companyId, externalMessageId);
        if (!message) return { outcome: { outcome: 'ignored', reason: 'unknown message' } as FeedbackOutcome };
        await messageRepo.update(tx, message.id, { reaction });
        const ticket = await ticketRepo.find(tx, origin.companyId, message.ticketId);
        return { outcome: { outcome: 'reacted', messageId: message.id } as FeedbackOutcome, message, ticket };
      });
      if ('message' in result && result.message && result.ticket) {
        events.toTicket(audienceOf(result.ticket), 'newReaction', {
          ticketid: result.message.ticketId,
          messageid: result.message.id,
          created_on: result.message.createdAt.toISOString(),
          reaction,
        });
      }
      return result.outcome;
    },

    /** The client edited a text message: the chat shows the new text. */
    async edit(origin: InboundOrigin, externalMessageId: string, text: string): Promise<FeedbackOutcome> {
      const result = await db.transaction(async (tx) => {
        if (!(await claimUpdateOf(tx, origin, clock.now())))
          return { outcome: { outcome: 'duplicate' } as FeedbackOutcome };
        const message = await messageRepo.findByExternalId(tx, origin.companyId, externalMessageId);
        if (!message || message.isAgent)
          return { outcome: { outcome: 'ignored', reason: 'unknown message' } as FeedbackOutcome };
        // A caption edit changes the caption of a file message, a text edit the text: both live in `content`.
        await messageRepo.update(tx, message.id, { content: text });
        const ticket = await ticketRepo.find(tx, origin.companyId, message.ticketId);
        return {
          outcome: { outcome: 'edited', messageId: message.id } as FeedbackOutcome,
          ticket,
          messageId: message.id,
        };
      });
      if ('ticket' in result && result.ticket) {
        const message = await messageRepo.view(db, origin.companyId, result.messageId);
        if (message) events.toTicket(audienceOf(result.ticket), 'messageStatus', { message });
      }
      return result.outcome;
    },
  };
}
