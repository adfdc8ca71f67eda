/**
 * Socket event names (SPEC §7) and their payloads, declared once for both sides. Only server/src/realtime emits
 * them; a write commits first, then emits.
 */
import type { Agent } from './agents';
import type { Bubble } from './bubbles';
import type { Client } from './clients';
import type { Role } from './common';
import type { PresenceBatch, PresenceEvent } from './colleagues';
import type { Message } from './messages';
import type { Notification } from './notifications';
import type { PinnedMessage } from './pins';
import type { PrivateChatPeer, PrivateMessage } from './private-chat';
import type { Ticket } from './tickets';
import type { TemplateStatusEvent } from './whatsapp';

export type ServerEvents = {
  /** A new or reopened ticket; `reopenTicket` is true for a reopen. */
  newTicket: (payload: { ticket: Ticket; reopenTicket: boolean }) => void;
  acceptTicket: (payload: { ticket: Ticket }) => void;
  /** The handler or the department of a ticket changed. */
  newHandler: (payload: { ticket: Ticket; previousDepartmentId: string | null }) => void;
  closeTicket: (payload: { ticket: Ticket }) => void;
  newMessage: (payload: { message: Message }) => void;
  /**
   * A message's delivery status changed (sent / failed), or it was retried. `ticket`, when the change moved the
   * client's wait (a reply failing for good answered nobody; its retry answers again): the ticket as it now stands.
   */
  messageStatus: (payload: { message: Message; ticket?: Ticket }) => void;
  newReaction: (payload: { ticketid: string; messageid: string; created_on: string; reaction: string | null }) => void;
  /** Bubble events go to their owner's own sockets only (every tab of the user panel and the workspace). */
  newBubble: (payload: { bubble: Bubble }) => void;
  updateBubble: (payload: { bubble: Bubble }) => void;
  /** Not named by SPEC §7: without it a bubble deleted in one tab would linger in the others. */
  deleteBubble: (payload: { bubbleid: string }) => void;
  /** To everyone who may see the ticket. */
  newPinnedMessage: (payload: { pin: PinnedMessage }) => void;
  unpinMessage: (payload: { ticketid: string; messageid: string }) => void;
  /** Presence, to the whole company: a colleague came online / went offline. */
  userLogin: (payload: PresenceEvent) => void;
  userLogout: (payload: PresenceEvent) => void;
  /**
   * Not named by SPEC §7: several flips at once, to the whole company. A lone flip goes out at once as userLogin
   * or userLogout; flips that follow it within PRESENCE_BATCH_MS travel together in one of these (after a server
   * restart every agent reconnects: one event each would cost agents² frames).
   */
  presenceChanged: (payload: PresenceBatch) => void;
  /** To the receiver's and the sender's own sockets (the sender's other tabs). */
  newPrivateMessage: (payload: { message: PrivateMessage; sender: PrivateChatPeer }) => void;
  /**
   * Not named by SPEC §7: a notification was stored for this user (a message while away, a private message, a
   * rating), so the inbox count and panel update without polling.
   */
  newNotification: (payload: { notification: Notification; count: number }) => void;
  /** To the company's admins (not the flipping user): how many agents are online now, after a presence flip. */
  totalOnlineAgents: (payload: { onlineAgents: number }) => void;
  /** To the whole company: an admin registered an agent. */
  newUser: (payload: { agent: Agent }) => void;
  /**
   * Not named by SPEC §7: a client's details, account number or block changed, to the whole company (every
   * agent may read clients), so ticket cards, open chats and the admin panel show it without a reload.
   */
  clientUpdated: (payload: { client: Client }) => void;
  /**
   * Not named by SPEC §7: to the user's own sockets, after an admin changed their role or department. Their live
   * connections already hear the new rooms only; the screens read again what the old access showed.
   */
  accessChanged: (payload: { role: Role; departmentid: string | null }) => void;
  /**
   * Not named by SPEC §7: to the company's admins, when Meta has reviewed a WhatsApp template (approved, rejected,
   * paused …), so the templates list shows the new status without a reload.
   */
  templateStatus: (payload: TemplateStatusEvent) => void;
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
  'newPinnedMessage',
  'unpinMessage',
  'userLogin',
  'userLogout',
  'presenceChanged',
  'newPrivateMessage',
  'newNotification',
  'totalOnlineAgents',
  'newUser',
  'clientUpdated',
  'accessChanged',
  'templateStatus',
] as const satisfies readonly ServerEventName[];
