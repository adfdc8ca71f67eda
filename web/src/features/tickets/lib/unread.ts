import type { Message, Ticket } from '@kreechat/contract';

/*
 * The unread rules of SPEC §4 as pure functions: which new messages mark their ticket unread, which ones chime,
 * and the per-ticket counts the cards show.
 */

/** Messages not yet seen, per ticket id. */
export type UnreadCounts = Readonly<Record<string, number>>;

export function addUnread(counts: UnreadCounts, ticketid: string): UnreadCounts {
  return { ...counts, [ticketid]: (counts[ticketid] ?? 0) + 1 };
}

/** Selecting a ticket reads all of it. Unchanged counts come back as the same object (no re-render). */
export function clearUnread(counts: UnreadCounts, ticketid: string): UnreadCounts {
  if (!(ticketid in counts)) return counts;
  const { [ticketid]: _read, ...rest } = counts;
  return rest;
}

const sentByViewer = (message: Message, viewerId: string) => message.isagent && message.senderid === viewerId;

/** A message for a ticket other than the open one is unread, unless the viewer sent it (from another tab). */
export function marksUnread(message: Message, viewerId: string, openTicketId: string | null): boolean {
  return message.ticketid !== openTicketId && !sentByViewer(message, viewerId);
}

/**
 * Client messages chime, agents' never (SPEC §4). A client writing in a ticket a colleague handles stays quiet
 * unless the viewer has that chat open: it is the colleague's conversation, not the viewer's to answer.
 */
export function chimesFor(
  message: Message,
  ticket: Pick<Ticket, 'userid'> | undefined,
  viewerId: string,
  openTicketId: string | null,
): boolean {
  if (message.isagent) return false;
  if (message.ticketid === openTicketId) return true;
  return !ticket?.userid || ticket.userid === viewerId;
}
