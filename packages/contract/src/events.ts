/**
 * Socket event names (SPEC §7) and their payloads, declared once for both sides. Only server/src/realtime emits
 * them; a write commits first, then emits.
 */
import type { Message } from './messages';
import type { Ticket } from './tickets';

export type ServerEvents = {
  /** A new or reopened ticket; `reopenTicket` is true for a reopen. */
  newTicket: (payload: { ticket: Ticket; reopenTicket: boolean }) => void;
  acceptTicket: (payload: { ticket: Ticket }) => void;
  /** The handler or the department of a ticket changed. */
  newHandler: (payload: { ticket: Ticket; previousDepartmentId: string | null }) => void;
  closeTicket: (payload: { ticket: Ticket }) => void;
  newMessage: (payload: { message: Message }) => void;
  /** A message's delivery status changed (sent / failed), or it was retried. */
  messageStatus: (payload: { message: Message }) => void;
  newReaction: (payload: { ticketid: string; messageid: string; created_on: string; reaction: string | null }) => void;
};

export type ServerEventName = keyof ServerEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerEvents[E]>[0];

export const SERVER_EVENTS = [
  'newTicket',
  'acceptTicket',
  'newHandler',
  'closeTicket',
  'newMessage',
  'messageStatus',
  'newReaction',
] as const satisfies readonly ServerEventName[];
