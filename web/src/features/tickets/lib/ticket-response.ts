import { ticketSchema, type Ticket } from '@kreechat/contract';
import type { Parser } from '../../../lib/api-client';

/**
 * `{ ticket }`, the answer of accept and close. The contract exports the ticket schema but no wrapper for this
 * answer, and the web keeps zod an indirect dependency, so the wrapper is checked here.
 */
export const ticketResponseParser: Parser<{ ticket: Ticket }> = {
  parse(data) {
    const ticket = data && typeof data === 'object' ? (data as { ticket?: unknown }).ticket : undefined;
    return { ticket: ticketSchema.parse(ticket) };
  },
};
