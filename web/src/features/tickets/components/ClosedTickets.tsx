import { useMemo, type ReactNode } from 'react';
import { Archive } from 'lucide-react';
import type { Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { Spinner } from '@/components/Spinner';
import type { Viewer } from '@/lib/session';
import { useLoadMoreSentinel } from '@/lib/use-load-more-sentinel';
import { useNow } from '@/lib/use-now';
import { useClosedTickets } from '@/features/tickets/api/get-closed-tickets';
import type { TicketSearch } from '@/features/tickets/hooks/use-ticket-search';
import { flattenPages } from '@/features/tickets/lib/ticket-lists';
import { TicketCard } from './TicketCard';
import { TicketList } from './TicketList';
import { TicketListError } from './TicketListError';
import { TicketListSkeleton } from './TicketListSkeleton';
import { TicketSearchResults } from './TicketSearchResults';
import styles from './tickets.module.css';

/** SPEC §9: the workspace loads the next page once 10 % of the end marker is visible. */
const VISIBILITY_THRESHOLD = 0.1;

/** The id of the closed column's search box, for its toggle's aria-controls. */
export const CLOSED_SEARCH_ID = 'closed-ticket-search';

interface ClosedTicketsProps {
  viewer: Viewer;
  /** The column's search (toggle in its header): its results replace the list while a keyword is set. */
  search?: TicketSearch;
  /** `all`, the viewer's department id, null when they have none, undefined while it loads. */
  scope: string | null | undefined;
  selectedId: string | null;
  onSelect: (ticket: Ticket) => void;
  labelledBy: string;
}

/** The closed tickets, 10 at a time with infinite scroll until an empty page; opening one shows its chat read-only. */
export function ClosedTickets({ viewer, search, scope, selectedId, onSelect, labelledBy }: ClosedTicketsProps) {
  const { t } = useTranslation();
  const now = useNow();
  const closed = useClosedTickets(scope);
  const tickets = useMemo(() => flattenPages(closed.data?.pages ?? []), [closed.data]);
  const { hasNextPage, isFetchingNextPage } = closed;
  // Search results replace the list and its end marker; the marker is watched again when the list is back.
  const showingResults = Boolean(search?.keyword);
  const sentinel = useLoadMoreSentinel<HTMLDivElement>({
    hasMore: hasNextPage,
    loading: isFetchingNextPage,
    loadMore: () => void closed.fetchNextPage(),
    threshold: VISIBILITY_THRESHOLD,
    pages: closed.data?.pages.length,
  });

  const renderTicket = (ticket: Ticket, tabbable = true) => (
    <TicketCard
      ticket={ticket}
      viewerId={viewer.id}
      now={now}
      selected={ticket.ticketid === selectedId}
      onSelect={onSelect}
      tabbable={tabbable}
    />
  );

  let body: ReactNode;
  if (showingResults && search) {
    body = (
      <TicketSearchResults
        search={search}
        scope="closed"
        current={tickets}
        labelledBy={labelledBy}
        renderTicket={renderTicket}
      />
    );
  } else if (scope === null) {
    body = <EmptyState size="sm" icon={<Archive size={24} />} title={t('tickets.noDepartment')} />;
  } else if (scope === undefined || closed.isPending) {
    body = <TicketListSkeleton label={t('tickets.loading')} cards={2} />;
  } else if (closed.isError && tickets.length === 0) {
    body = <TicketListError onRetry={() => void closed.refetch()} />;
  } else if (tickets.length === 0) {
    body = (
      <EmptyState
        size="sm"
        icon={<Archive size={24} />}
        title={t('workspace.noClosed')}
        description={t('workspace.noClosedHint')}
      />
    );
  } else {
    body = (
      <div>
        <TicketList tickets={tickets} selectedId={selectedId} labelledBy={labelledBy} renderTicket={renderTicket} />
        <div ref={sentinel} className={styles.listEnd}>
          {isFetchingNextPage ? (
            <Spinner label={t('tickets.loadingMore')} />
          ) : hasNextPage ? null : (
            <span>{t('tickets.endOfList')}</span>
          )}
        </div>
      </div>
    );
  }

  return body;
}
