import type { Ticket } from '@kreechat/contract';
import type { Viewer } from '@/lib/session';

/**
 * Whether the viewer gets the Reassign and Close buttons (SPEC §4): only for open tickets, where they are the handler
 * (their input is enabled) or see every department (admins, moderators). The server enforces the same rule.
 */
export const canActOnTicket = (ticket: Ticket, viewer: Pick<Viewer, 'id' | 'canSeeAll'>): boolean =>
  ticket.stage !== 'closed' && (ticket.userid === viewer.id || viewer.canSeeAll);
