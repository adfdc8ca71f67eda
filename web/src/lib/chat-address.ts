/**
 * A chat's address: the open ticket in the path (`/tickets/{ticketid}`), a message jumped to in the hash
 * (`#m-{messageid}`). The workspace reads the open chat from here, so a reload, Back and Forward and a link shared
 * with a colleague all show the same chat.
 */
export const CHAT_ROUTE = '/tickets/:ticketid';

const MESSAGE_HASH_PREFIX = '#m-';

export const messageHash = (messageid: string): string => `${MESSAGE_HASH_PREFIX}${encodeURIComponent(messageid)}`;

export function chatPath(ticketid: string, messageid?: string | null): string {
  return `/tickets/${encodeURIComponent(ticketid)}${messageid ? messageHash(messageid) : ''}`;
}

/** The message a hash names (`#m-{messageid}`), or null for any other hash. */
export function messageIdOf(hash: string): string | null {
  if (!hash.startsWith(MESSAGE_HASH_PREFIX) || hash.length === MESSAGE_HASH_PREFIX.length) return null;
  try {
    return decodeURIComponent(hash.slice(MESSAGE_HASH_PREFIX.length));
  } catch {
    return null;
  }
}

/** The chat an old link `/?ticket={ticketid}` (before chats had addresses) meant, or null for none. */
export function legacyChatPath(search: string): string | null {
  const ticketid = new URLSearchParams(search).get('ticket');
  return ticketid ? chatPath(ticketid) : null;
}
