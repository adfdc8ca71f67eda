import type { WidgetClosing, WidgetTicket } from '@kreechat/contract';
import type { Db } from '../../db/client';
import { widgetRepo, type VisitorKey } from './widget.repo';

/**
 * A visitor's ticket as the widget gets it. A closed one carries the company's closing words in the client's
 * language (closing text, rating question, thanks; Settings → Automatic messages), because the widget draws them
 * beside the conversation and after a reload, not from the one notice a bot chat would get. No rating question
 * means no stars, as on Telegram and WhatsApp.
 */
export function createWidgetTickets(deps: {
  db: Db;
  closingWords: (companyId: string, ticketId: string) => Promise<WidgetClosing>;
}) {
  const { db, closingWords } = deps;

  async function dressed(companyId: string, ticket: Omit<WidgetTicket, 'closing'> | null) {
    if (!ticket) return null;
    const closing = ticket.stage === 'closed' ? await closingWords(companyId, ticket.id) : null;
    return { ...ticket, closing } satisfies WidgetTicket;
  }

  return {
    /** The visitor's latest ticket on their site. */
    latest: async (visitor: VisitorKey) => dressed(visitor.companyId, await widgetRepo.ticket(db, visitor)),
    byId: async (companyId: string, ticketId: string) =>
      dressed(companyId, await widgetRepo.ticketById(db, companyId, ticketId)),
  };
}

export type WidgetTickets = ReturnType<typeof createWidgetTickets>;
