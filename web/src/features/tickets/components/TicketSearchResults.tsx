import { useEffect, useRef, type ReactNode } from 'react';
import type { Ticket, TicketSearchScope } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useTicketSearchResults } from '@/features/tickets/api/search-tickets';
import type { TicketSearch } from '@/features/tickets/hooks/use-ticket-search';
import { searchView } from '@/features/tickets/lib/search-view';
import { freshest } from '@/features/tickets/lib/ticket-lists';
import styles from './tickets.module.css';

interface TicketSearchResultsProps {
  search: TicketSearch;
  scope: TicketSearchScope;
  /** The column's own list: a result it also holds shows that copy, which live events keep current. */
  current: readonly Ticket[];
  labelledBy: string;
  renderTicket: (ticket: Ticket) => ReactNode;
  /** An open search that finds nothing offers the closed tickets that match, shown by this (keyword kept). */
  onShowClosed?: (keyword: string) => void;
}

/**
 * "No open tickets — 1 closed ticket matches" and a button to see them: asked only once the open search found
 * nothing, so a search that finds open tickets costs one query as before.
 */
function ClosedMatches({ keyword, onShow }: { keyword: string; onShow: (keyword: string) => void }) {
  const { t } = useTranslation();
  const closed = useTicketSearchResults(keyword, 'closed');
  if (closed.isPending || closed.isPlaceholderData) {
    return (
      <span className={styles.searching}>
        <Spinner size="sm" />
        {t('ticketSearch.searching')}
      </span>
    );
  }
  const count = closed.data?.length ?? 0;
  if (count === 0) return <p className={styles.searchMessage}>{t('ticketSearch.noTickets')}</p>;
  return (
    <>
      <p className={styles.searchOffer}>{t('ticketSearch.closedMatches', { count })}</p>
      <Button size="sm" variant="secondary" onClick={() => onShow(keyword)}>
        {t('ticketSearch.showClosed')}
      </Button>
    </>
  );
}

/** The results that replace a column's list while its keyword is set; which message shows when: see searchView. */
export function TicketSearchResults({
  search,
  scope,
  current,
  labelledBy,
  renderTicket,
  onShowClosed,
}: TicketSearchResultsProps) {
  const { t } = useTranslation();
  const results = useTicketSearchResults(search.keyword, scope);
  const { refetch } = results;
  const lastRun = useRef(search.run);

  // Enter on the same keyword asks again; a new keyword is a new query, fetched by itself.
  useEffect(() => {
    if (search.run === lastRun.current) return;
    lastRun.current = search.run;
    if (!results.isPlaceholderData) void refetch();
  }, [search.run, results.isPlaceholderData, refetch]);

  const searching = results.isFetching;
  const tickets = freshest(results.data ?? [], current);
  const indicator = (
    <span className={styles.searching}>
      <Spinner size="sm" />
      {t('ticketSearch.searching')}
    </span>
  );

  const view = searchView({ shown: tickets.length, fetching: searching, failed: results.isError });
  if (view === 'failed') {
    return (
      <div className={styles.listError} role="alert">
        <p>{t('ticketSearch.failed')}</p>
        <Button size="sm" variant="secondary" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (view === 'none' && scope === 'open' && onShowClosed) {
    return (
      <div className={styles.searchEmpty} role="status">
        <ClosedMatches keyword={search.keyword} onShow={onShowClosed} />
      </div>
    );
  }
  if (view === 'searching' || view === 'none') {
    return (
      <div className={styles.searchEmpty} role="status">
        <p className={styles.searchMessage}>
          {view === 'searching' ? t('ticketSearch.noResults') : t('ticketSearch.noTickets')}
        </p>
        {view === 'searching' && indicator}
      </div>
    );
  }
  return (
    <div aria-busy={searching || undefined}>
      <p className={styles.searchSummary} role="status">
        {searching ? indicator : t('ticketSearch.resultCount', { found: tickets.length, keyword: search.keyword })}
      </p>
      <ul className={styles.list} aria-labelledby={labelledBy} data-stale={searching || undefined}>
        {tickets.map((ticket) => (
          <li key={ticket.ticketid}>{renderTicket(ticket)}</li>
        ))}
      </ul>
    </div>
  );
}
