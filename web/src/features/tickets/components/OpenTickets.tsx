import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { TICKET_ALREADY_ACCEPTED, type Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useOpeningHours } from '@/lib/opening-hours';
import type { Viewer } from '@/lib/session';
import { useNow } from '@/lib/use-now';
import { useAcceptTicket } from '@/features/tickets/api/accept-ticket';
import { useOpenTickets } from '@/features/tickets/api/get-open-tickets';
import type { TicketSearch } from '@/features/tickets/hooks/use-ticket-search';
import { useUnreadTickets } from '@/features/tickets/hooks/use-unread-tickets';
import { departmentClocks } from '@/features/tickets/lib/response-clock';
import { openTicketsOf, type OpenTicketFilter } from '@/features/tickets/lib/ticket-lists';
import { ClosedNowNotice } from './ClosedNowNotice';
import { TicketCard } from './TicketCard';
import { TicketList } from './TicketList';
import { TicketListError } from './TicketListError';
import { TicketListSkeleton } from './TicketListSkeleton';
import { TicketSearchResults } from './TicketSearchResults';

interface OpenTicketsProps {
  viewer: Viewer;
  /** Which open tickets: unassigned, the viewer's, or all they may see. */
  filter: OpenTicketFilter;
  /** The column's search (its box sits above the list): its results replace the list while a keyword is set. */
  search?: TicketSearch;
  /** Shows the closed tickets matching a keyword the open search did not find. */
  onShowClosed?: (keyword: string) => void;
  selectedId: string | null;
  onSelect: (ticket: Ticket) => void;
  /** After the viewer accepted a ticket (the workspace opens its chat). */
  onAccepted?: (ticket: Ticket) => void;
  /** The id of the column heading that names the list. */
  labelledBy: string;
  /** A way forward under the empty list (an admin's first-run checklist). */
  emptyAction?: ReactNode;
}

const ACCEPT_ERROR_MS = 5_000;

/** The id of the open lists' search box, for its toggle's aria-controls. */
export const PENDING_SEARCH_ID = 'pending-ticket-search';

/**
 * The open tickets of one filter (SPEC §2 'Pending Tickets', split into views): compact cards, most recent
 * activity first and re-sorted live, Accept on unassigned ones, loading, error and empty states.
 */
export function OpenTickets({
  viewer,
  filter,
  search,
  onShowClosed,
  selectedId,
  onSelect,
  onAccepted,
  labelledBy,
  emptyAction,
}: OpenTicketsProps) {
  const { t } = useTranslation();
  const now = useNow();
  const tickets = useOpenTickets();
  const { unread } = useUnreadTickets();
  // Opening hours and targets: a card holds its waiting time against its department's target. Until they load (or
  // if they cannot), cards show the waiting time as they did before targets existed.
  const hours = useOpeningHours();
  const clocks = useMemo(() => (hours.data ? departmentClocks(hours.data) : undefined), [hours.data]);
  const { mutate: acceptTicket, isPending: accepting, variables: accepted } = useAcceptTicket();
  const [acceptError, setAcceptError] = useState<{ ticketid: string; message: string } | null>(null);
  const listed = useMemo(
    () => (tickets.data ? openTicketsOf(tickets.data, filter, viewer.id) : []),
    [tickets.data, filter, viewer.id],
  );

  useEffect(() => {
    if (!acceptError) return;
    const timer = window.setTimeout(() => setAcceptError(null), ACCEPT_ERROR_MS);
    return () => window.clearTimeout(timer);
  }, [acceptError]);

  const latestAccepted = useRef(onAccepted);
  latestAccepted.current = onAccepted;
  const onAccept = useCallback(
    (ticket: Ticket) => {
      setAcceptError(null);
      acceptTicket(ticket.ticketid, {
        onSuccess: ({ ticket: mine }) => latestAccepted.current?.(mine),
        onError: (error) => {
          const message =
            isApiError(error) && error.status === 409 && error.serverMessage === TICKET_ALREADY_ACCEPTED
              ? t('tickets.alreadyAccepted')
              : errorMessage(error, t('tickets.acceptFailed'));
          setAcceptError({ ticketid: ticket.ticketid, message });
        },
      });
    },
    [acceptTicket, t],
  );

  const renderTicket = (ticket: Ticket, tabbable = true) => (
    <TicketCard
      ticket={ticket}
      viewerId={viewer.id}
      now={now}
      selected={ticket.ticketid === selectedId}
      unread={unread[ticket.ticketid] ?? 0}
      onSelect={onSelect}
      tabbable={tabbable}
      onAccept={ticket.userid === null ? onAccept : undefined}
      acceptBusy={accepting && accepted === ticket.ticketid}
      acceptError={acceptError?.ticketid === ticket.ticketid ? acceptError.message : null}
      clock={clocks?.get(ticket.departmentid)}
    />
  );

  let body: ReactNode;
  if (search?.keyword) {
    body = (
      <TicketSearchResults
        search={search}
        scope="open"
        current={tickets.data ?? []}
        labelledBy={labelledBy}
        renderTicket={renderTicket}
        onShowClosed={onShowClosed}
      />
    );
  } else if (tickets.isPending) {
    body = <TicketListSkeleton label={t('tickets.loading')} />;
  } else if (tickets.isError) {
    body = <TicketListError announce onRetry={() => void tickets.refetch()} />;
  } else if (listed.length === 0) {
    body = (
      <EmptyState
        size="sm"
        icon={<Inbox size={24} />}
        title={t(EMPTY_TITLE[filter])}
        description={t(EMPTY_HINT[filter])}
        action={emptyAction}
      />
    );
  } else {
    body = <TicketList tickets={listed} selectedId={selectedId} labelledBy={labelledBy} renderTicket={renderTicket} />;
  }

  // The viewer's own tickets need no word on closed departments; the unassigned and all-open lists do.
  if (search?.keyword || filter === 'mine') return body;
  const shown = viewer.canSeeAll ? 'all' : (viewer.departmentId ?? null);
  return (
    <>
      <ClosedNowNotice hours={hours.data} shown={shown} />
      {body}
    </>
  );
}

const EMPTY_TITLE = {
  pending: 'workspace.noPending',
  mine: 'workspace.noMine',
  all: 'workspace.noOpen',
} as const satisfies Record<OpenTicketFilter, string>;

const EMPTY_HINT = {
  pending: 'workspace.noPendingHint',
  mine: 'workspace.noMineHint',
  all: 'workspace.noPendingHint',
} as const satisfies Record<OpenTicketFilter, string>;
