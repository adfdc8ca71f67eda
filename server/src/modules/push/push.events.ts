import type { ServerEventPayload } from '@kreechat/contract';
import type { EventPublisher } from '../../platform/events';
import type { PushService } from './push.service';

/**
 * Sends web pushes by observing the live events, so no other module calls push code: a new or reopened ticket
 * (to its department's agents) and a private message (to its receiver; the same event also reaches the sender's
 * own tabs, which get no push). Events are emitted after commit, so pushes are too.
 */
export function withPushNotifications<P extends EventPublisher>(publisher: P, push: PushService): P {
  const observed: EventPublisher = {
    ...publisher,
    toTicket(audience, event, payload) {
      publisher.toTicket(audience, event, payload);
      if (event === 'newTicket') {
        const { ticket, reopenTicket } = payload as ServerEventPayload<'newTicket'>;
        push.notifyNewTicket(ticket, reopenTicket);
      }
    },
    toUser(userId, event, payload) {
      publisher.toUser(userId, event, payload);
      if (event === 'newPrivateMessage') {
        const privateMessage = payload as ServerEventPayload<'newPrivateMessage'>;
        if (privateMessage.message.receiverid === userId) push.notifyPrivateMessage(privateMessage);
      }
    },
  };
  return observed as P;
}
