import type { WidgetDepartment, WidgetMessage, WidgetTicket, WidgetVisitor } from '@kreechat/contract';
import { lastSeq, type ChatItem } from './messages';

/**
 * - idle: nothing asked yet (the panel was never opened and no session is stored);
 * - loading: finding the session or reading the conversation;
 * - guest: the name and e-mail form (no identity from the site, no guest session stored);
 * - ready: the conversation; - error: it could not be loaded (`error` says why).
 */
export type Phase = 'idle' | 'loading' | 'guest' | 'ready' | 'error';

export type HeldMessage = { text: string; createdAt: string };

export type WidgetState = {
  open: boolean;
  phase: Phase;
  error: string | null;
  /** What is wrong with the guest form, and which field it is about (null: the whole form, e.g. refused). */
  guestError: { field: 'name' | 'email' | null; text: string } | null;
  guestBusy: boolean;
  visitor: WidgetVisitor | null;
  /** The session's departments: asked before the first message when there are several. */
  departments: WidgetDepartment[];
  /** Offered by a `notice` after the server held a message that came without a department. */
  noticeDepartments: WidgetDepartment[];
  /** The visitor's choice before the first message. */
  department: string | null;
  items: ChatItem[];
  hasMore: boolean;
  olderBusy: boolean;
  ticket: WidgetTicket | null;
  held: HeldMessage[];
  notice: string | null;
  composerError: string | null;
  file: File | null;
  unread: boolean;
};

export const initialState = (): WidgetState => ({
  open: false,
  phase: 'idle',
  error: null,
  guestError: null,
  guestBusy: false,
  visitor: null,
  departments: [],
  noticeDepartments: [],
  department: null,
  items: [],
  hasMore: false,
  olderBusy: false,
  ticket: null,
  held: [],
  notice: null,
  composerError: null,
  file: null,
  unread: false,
});

/**
 * The ticket as newer messages leave it: a `close` closes it (rating still to give), a `reopen` or a message on
 * a closed ticket reopens it (the server reopens when the visitor writes again), a message of another ticket means
 * the server opened a new one. Only for messages newer than those shown — an older page says nothing of now.
 */
export function ticketAfter(ticket: WidgetTicket | null, message: WidgetMessage): WidgetTicket | null {
  if (!message.ticketId) return ticket;
  const same = ticket?.id === message.ticketId;
  switch (message.type) {
    // The company's closing words come with the server's ticket, which follows the close (live, or the next read).
    case 'close':
      return same && ticket!.stage === 'closed'
        ? ticket
        : { id: message.ticketId, stage: 'closed', rating: same ? ticket!.rating : null, closing: null };
    case 'reopen':
      return { id: message.ticketId, stage: 'pending', rating: null, closing: null };
    case 'rating':
      return ticket;
    default:
      if (!same) return { id: message.ticketId, stage: 'pending', rating: null, closing: null };
      return ticket!.stage === 'closed' && message.from !== 'system'
        ? { ...ticket!, stage: 'pending', closing: null }
        : ticket;
  }
}

/** The ticket after the messages of `incoming` that are newer than everything in `items`, taken in order. */
export function ticketAfterAll(
  ticket: WidgetTicket | null,
  items: readonly ChatItem[],
  incoming: readonly WidgetMessage[],
): WidgetTicket | null {
  const newest = lastSeq(items);
  return [...incoming]
    .filter((m) => m.seq > newest)
    .sort((a, b) => a.seq - b.seq)
    .reduce(ticketAfter, ticket);
}

/**
 * Which departments to offer, and what choosing does: `before` the first message (the choice goes with it), or
 * for `held` messages (the choice is posted at once and releases them). Null when nothing is to be chosen.
 */
export function departmentChoice(
  state: Pick<WidgetState, 'departments' | 'noticeDepartments' | 'held' | 'ticket'>,
): { mode: 'before' | 'held'; departments: WidgetDepartment[] } | null {
  if (state.noticeDepartments.length > 0) return { mode: 'held', departments: state.noticeDepartments };
  if (state.held.length > 0 && state.departments.length > 0) return { mode: 'held', departments: state.departments };
  if (state.ticket === null && state.departments.length > 1) return { mode: 'before', departments: state.departments };
  return null;
}

/**
 * After a close, in the company's words: the 1–3 rating is asked while the ticket is not rated, and only when the
 * company asks (its rating question is on); after rating, its thanks when that is on. Null while the words are not
 * known yet (a close seen before the server's ticket), so nothing is drawn that would change a moment later.
 */
export function ratingStep(ticket: WidgetTicket | null): { ask: string } | { thanks: string } | null {
  const closing = ticket?.stage === 'closed' ? ticket.closing : null;
  if (!closing) return null;
  if (ticket!.rating === null) return closing.ratingQuestion === null ? null : { ask: closing.ratingQuestion };
  return closing.ratingThanks === null ? null : { thanks: closing.ratingThanks };
}
