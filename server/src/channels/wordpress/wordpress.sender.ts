/**
 * The WordPress channel's outbound side. A site has no API to call: what an agent sends is already stored, and
 * the widget reads it from KreeChat. Delivering a job means telling the visitor's open widgets (on every process,
 * through the widget server's adapter); a visitor with no widget open reads it on their next visit. The outbox
 * still carries it, so the order of an agent's messages and the closing text is the order everywhere else.
 */
import type { Db } from '../../db/client';
import type { DeliveryJob } from '../../modules/delivery';
import type { WidgetPublisher } from '../../platform/widget-events';
import { DeliveryRefused, type ChannelSender, type SendResult } from '../registry';
import type { WidgetTickets } from './widget-tickets';
import { widgetRepo } from './widget.repo';
import type { WordpressRepo } from './wordpress.repo';

export function createWordpressSender(deps: {
  db: Db;
  repo: WordpressRepo;
  live: WidgetPublisher;
  visitorTickets: WidgetTickets;
}): ChannelSender {
  const { db, repo, live, visitorTickets } = deps;

  async function send(job: DeliveryJob): Promise<SendResult> {
    if (!(await repo.tokenExists(db, job.channelRef))) {
      throw new DeliveryRefused('channelDisconnected', 'The WordPress site was disconnected (its token was deleted)');
    }
    const to = (event: 'message' | 'ticket' | 'notice', payload: unknown) =>
      (live.toVisitor as (t: string, i: string, e: string, p: unknown) => void)(
        job.channelRef,
        job.recipient,
        event,
        payload,
      );
    switch (job.kind) {
      // The widget shows no read marks of the agent's.
      case 'read':
        return {};
      case 'botText': {
        const p = job.payload;
        to('notice', {
          kind: p.notice,
          text: job.text,
          departments: p.notice === 'chooseDepartment' ? p.departments : [],
        });
        return {};
      }
      case 'message': {
        const message = await widgetRepo.message(db, job.companyId, job.message.id);
        if (!message) return {};
        to('message', message);
        // The close itself always reaches the widget (its ticket closes); the words only when switched on.
        if (message.type === 'close' && job.closing) {
          to('notice', { kind: 'closed', text: job.closing.text, departments: [] });
        }
        if (message.type === 'close' || message.type === 'reopen') {
          const ticket = await visitorTickets.byId(job.companyId, message.ticketId);
          if (ticket) to('ticket', ticket);
        }
        return { externalId: message.id };
      }
    }
  }

  // Nothing here calls a remote API: an error is our own (the database), and the worker's default retries it.
  return { send, classify: () => undefined };
}
