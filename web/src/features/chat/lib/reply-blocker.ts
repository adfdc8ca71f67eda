import type { Ticket } from '@kreechat/contract';
import type { TFunction } from 'i18next';
import { displayUsername } from '@/lib/format';

/** SPEC §4: only the handler of an open ticket may reply; the composer says why otherwise. */
export function replyBlocker(ticket: Ticket, viewerId: string): 'closed' | 'accept' | 'handled' | null {
  if (ticket.stage === 'closed') return 'closed';
  if (ticket.userid === null) return 'accept';
  if (ticket.userid !== viewerId) return 'handled';
  return null;
}

/** Why the viewer cannot reply, in words for the composer's hint; null when they can. */
export function replyBlockerText(t: TFunction, ticket: Ticket, viewerId: string): string | null {
  switch (replyBlocker(ticket, viewerId)) {
    case 'closed':
      return t('chat.hintClosed');
    case 'accept':
      return t('chat.hintAccept');
    case 'handled':
      return t('chat.hintHandledBy', { name: displayUsername(ticket.user_name ?? '?') });
    case null:
      return null;
  }
}
