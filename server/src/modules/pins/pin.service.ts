import { MESSAGE_NOT_FOUND, type PinnedMessage, type UnpinMessageBody } from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { NotFoundError } from '../../platform/errors';
import type { EventPublisher } from '../../platform/events';
import type { TicketService } from '../ticket-lists';
import { audienceOf } from '../tickets';
import { pinRepo } from './pin.repo';

export type PinService = ReturnType<typeof createPinService>;

/**
 * Pinned messages of a ticket's chat (SPEC §4 "Pinning"). Whoever may see a ticket may pin, unpin and list its
 * pins; another company's or another department's ticket is 404. Both writes are idempotent single statements
 * and tell the ticket's audience only when they changed something, after the commit.
 */
export function createPinService(deps: { db: Db; clock: Clock; events: EventPublisher; tickets: TicketService }) {
  const { db, clock, events, tickets } = deps;

  return {
    async list(viewer: Principal, ticketId: string): Promise<PinnedMessage[]> {
      await tickets.visibleRow(viewer, ticketId);
      return pinRepo.list(db, { companyId: viewer.companyId, ticketId });
    },

    /** Pins a message of the ticket; pinning it again answers the existing pin and sends no event. */
    async pin(viewer: Principal, ticketId: string, messageId: string): Promise<PinnedMessage> {
      const ticket = await tickets.visibleRow(viewer, ticketId);
      const scope = { companyId: viewer.companyId, ticketId };
      const message = await pinRepo.findMessage(db, scope, { id: messageId });
      if (!message) throw new NotFoundError(MESSAGE_NOT_FOUND);
      const created = await pinRepo.insert(db, scope, {
        messageId,
        pinnedById: viewer.userId,
        now: clock.now(),
      });
      const pin = await pinRepo.view(db, scope, messageId);
      // The message was deleted with its ticket between the insert and the read.
      if (!pin) throw new NotFoundError(MESSAGE_NOT_FOUND);
      if (created) events.toTicket(audienceOf(ticket), 'newPinnedMessage', { pin });
      return pin;
    },

    /**
     * Unpins a message named by id or, as SPEC §7 sends it, by its creation time. Unpinning a message that is
     * not pinned changes nothing and sends no event; an unknown message is 404.
     */
    async unpin(viewer: Principal, ticketId: string, body: UnpinMessageBody) {
      const ticket = await tickets.visibleRow(viewer, ticketId);
      const scope = { companyId: viewer.companyId, ticketId };
      const message = await pinRepo.findMessage(
        db,
        scope,
        body.messageid ? { id: body.messageid } : { createdAt: new Date(body.createdOn!) },
      );
      if (!message) throw new NotFoundError(MESSAGE_NOT_FOUND);
      const removed = { ticketid: ticketId, messageid: message.id };
      if (await pinRepo.delete(db, scope, message.id)) events.toTicket(audienceOf(ticket), 'unpinMessage', removed);
      return removed;
    },
  };
}
