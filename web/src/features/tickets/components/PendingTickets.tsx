import { useEffect, useState, type ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { TICKET_ALREADY_ACCEPTED, type Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { Viewer } from '../../../lib/session';
import { useNow } from '../../../lib/use-now';
import { useAcceptTicket } from '../api/accept-ticket';
import { useOpenTickets } from '../api/get-open-tickets';
import type { TicketSearch } from '../hooks/use-ticket-search';
import { useUnreadTickets } from '../hooks/use-unread-tickets';
import { TicketCard } from './TicketCard';
import { TicketListSkeleton } from './TicketListSkeleton';
import { TicketSearchBox } from './TicketSearchBox';
import { TicketSearchResults } from './TicketSearchResults';
import styles from './tickets.module.css';

interface PendingTicketsProps {
  viewer: Viewer;
  /** The column's search (toggle in its header): its results replace the list while a keyword is set. */
  search?: TicketSearch;
  selectedId: string | null;
  onSelect: (ticket: Ticket) => void;
  /** The id of the column heading that names the list. */
  labelledBy: string;
}

const ACCEPT_ERROR_MS = 5_000;

/** The id of the pending column's search box, for its toggle's aria-controls. */
export const PENDING_SEARCH_ID = 'pending-ticket-search';

/** The open tickets (SPEC §2 'Pending Tickets'): cards with Accept, unread dots, loading and empty states. */
export function PendingTickets({ viewer, search, selectedId, onSelect, labelledBy }: PendingTicketsProps) {
  const { t } = useTranslation();
  const now = useNow();
  const tickets = useOpenTickets();
  const { unread } = useUnreadTickets();
  const accept = useAcceptTicket();
  const [acceptError, setAcceptError] = useState<{ ticketid: string; message: string } | null>(null);

  useEffect(() => {
    if (!acceptError) return;
    const timer = window.setTimeout(() => setAcceptError(null), ACCEPT_ERROR_MS);
    return () => window.clearTimeout(timer);
  }, [acceptError]);

  const onAccept = (ticket: Ticket) => {
    setAcceptError(null);
    accept.mutate(ticket.ticketid, {
      onError: (error) => {
        const message =
          isApiError(error) && error.status === 409 && error.serverMessage === TICKET_ALREADY_ACCEPTED
            ? t('tickets.alreadyAccepted')
            : errorMessage(error, t('tickets.acceptFailed'));
        setAcceptError({ ticketid: ticket.ticketid, message });
      },
    });
  };

  const renderTicket = (ticket: Ticket) => (
    <TicketCard
      ticket={ticket}
      viewerId={viewer.id}
      now={now}
      selected={ticket.ticketid === selectedId}
      unread={unread[ticket.ticketid] ?? 0}
      onSelect={onSelect}
      accept={{
        onAccept,
        busy: accept.isPending && accept.variables === ticket.ticketid,
        error: acceptError?.ticketid === ticket.ticketid ? acceptError.message : null,
      }}
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
      />
    );
  } else if (tickets.isPending) {
    body = <TicketListSkeleton label={t('tickets.loading')} />;
  } else if (tickets.isError) {
    body = (
      <div className={styles.listError}>
        <p>{t('tickets.loadFailed')}</p>
        <Button size="sm" variant="secondary" onClick={() => void tickets.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (tickets.data.length === 0) {
    body = (
      <EmptyState
        size="sm"
        icon={<Inbox size={24} />}
        title={t('workspace.noPending')}
        description={t('workspace.noPendingHint')}
      />
    );
  } else {
    body = (
      <ul className={styles.list} aria-labelledby={labelledBy}>
        {tickets.data.map((ticket) => (
          <li key={ticket.ticketid}>{renderTicket(ticket)}</li>
        ))}
      </ul>
    );
  }

  return (
    <>
      {search?.open && (
        <TicketSearchBox id={PENDING_SEARCH_ID} search={search} label={t('ticketSearch.pendingLabel')} />
      )}
      {body}
    </>
  );
}
