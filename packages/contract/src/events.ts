/**
 * Socket event names (SPEC §7) and their payloads, declared once for both sides. Only server/src/realtime emits
 * them; a write commits first, then emits.
 */
import type { Bubble } from './bubbles';
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
  /** Bubble events go to their owner's own sockets only (every tab of the user panel and the workspace). */
  newBubble: (payload: { bubble: Bubble }) => void;
  updateBubble: (payload: { bubble: Bubble }) => void;
  /** Not named by SPEC §7: without it a bubble deleted in one tab would linger in the others. */
  deleteBubble: (payload: { bubbleid: string }) => void;
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
  'newBubble',
  'updateBubble',
  'deleteBubble',
] as const satisfies readonly ServerEventName[];
