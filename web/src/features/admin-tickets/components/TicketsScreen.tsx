import { useCallback, useMemo } from 'react';
import { SearchX, Ticket as TicketIcon } from 'lucide-react';
import { ADMIN_TICKETS_SORTS, type AdminTicketsSort, type TicketWidgetData } from '@kreechat/contract';
import { getCoreRowModel, useReactTable, type SortingState, type Updater } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDuration } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useLoadMoreSentinel } from '@/lib/use-load-more-sentinel';
import { useAdminTickets } from '@/features/admin-tickets/api/get-tickets';
import { useLiveTickets } from '@/features/admin-tickets/hooks/use-live-tickets';
import { useTicketColumns } from '@/features/admin-tickets/hooks/use-ticket-columns';
import {
  FILTER_KEYS,
  filtersToQuery,
  hasFilters,
  readFilters,
  type TicketFilters as Filters,
} from '@/features/admin-tickets/lib/filters';
import pageStyles from '@/styles/page.module.css';
import { ResponseTimes } from './ResponseTimes';
import { TicketFilters } from './TicketFilters';
import styles from './tickets.module.css';

const WIDGETS = [
  'totalTicketsCount',
  'pendingTicketsCount',
  'closedTicketsCount',
  'averageAcceptanceTime',
  'telegramTicketsCount',
  'telegramClosedTicketscount',
  'whatsappTicketsCount',
  'whatsappClosedTicketsCount',
] as const satisfies readonly (keyof TicketWidgetData)[];

const isSort = (id: string): id is AdminTicketsSort => (ADMIN_TICKETS_SORTS as readonly string[]).includes(id);

/**
 * Admin panel → Tickets (SPEC §2): the widgets, the filter bar and the table, 10 more rows each time its end
 * scrolls into view. Filters and order live in the URL (a link or a reload shows the same table); the widgets count
 * the filtered rows.
 */
export function TicketsScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const filtered = hasFilters(filters);
  const query = useAdminTickets(filters);
  useLiveTickets();
  const widgetData = query.data?.pages[0]?.widgetData;
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.tickets) ?? [], [query.data]);

  const apply = useCallback(
    (next: Filters) => setParams(new URLSearchParams(filtersToQuery(next)), { replace: true }),
    [setParams],
  );
  const clear = () => {
    const next: Filters = { ...filters };
    for (const key of FILTER_KEYS) delete next[key];
    apply({ ...next, date_field: 'created' });
  };
  const sorting: SortingState = useMemo(
    () => [{ id: filters.sort, desc: filters.dir === 'desc' }],
    [filters.sort, filters.dir],
  );
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [next] = typeof updater === 'function' ? updater(sorting) : updater;
    if (!next || !isSort(next.id)) return;
    apply({ ...filters, sort: next.id, dir: next.desc ? 'desc' : 'asc' });
  };

  const columns = useTicketColumns();

  // SPEC §4: page index 0, page size 10, nothing selected; the rows grow by infinite scroll. The server sorts
  // (manualSorting): one column at a time, and a third press flips the order back rather than dropping it.
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange,
    initialState: { pagination: { pageIndex: 0, pageSize: 10 }, rowSelection: {} },
  });

  const { isFetchingNextPage } = query;
  const sentinel = useLoadMoreSentinel<HTMLDivElement>({
    hasMore: query.hasNextPage,
    loading: isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    threshold: 0.5,
    pages: query.data?.pages.length,
  });

  return (
    <div className={styles.screen}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>{t('adminTickets.title')}</h1>
      </div>

      <dl
        className={styles.widgets}
        aria-busy={query.isPending || query.isPlaceholderData}
        data-stale={query.isPlaceholderData || undefined}
      >
        {WIDGETS.map((key) => (
          <div key={key} className={styles.widget} data-widget={key}>
            <dt>{t(`adminTickets.widgets.${key}`)}</dt>
            <dd>
              {widgetData ? (
                key === 'averageAcceptanceTime' ? (
                  formatDuration(widgetData[key] * 60, lang)
                ) : (
                  widgetData[key].toLocaleString(lang)
                )
              ) : (
                <Skeleton width={48} height={22} />
              )}
            </dd>
          </div>
        ))}
      </dl>

      <ResponseTimes />

      <TicketFilters filters={filters} onChange={apply} onClear={clear} />

      <p role="status" className={styles.matching}>
        {filtered && widgetData && !query.isPlaceholderData
          ? t('adminTickets.filters.matching', { count: widgetData.totalTicketsCount.toLocaleString(lang) })
          : ''}
      </p>

      {query.isError && (
        <Alert tone="error">
          <span className={styles.errorLine}>
            {errorMessage(query.error, t('adminTickets.loadFailed'))}
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {t('adminTickets.retry')}
            </Button>
          </span>
        </Alert>
      )}

      <div
        className={styles.tableBox}
        aria-busy={query.isFetching && !query.isFetchingNextPage}
        data-stale={query.isPlaceholderData || undefined}
      >
        <DataTable
          table={table}
          label={t('adminTickets.tableLabel')}
          rowData={(row) => ({ 'data-ticketid': row.original.ticketid })}
          stickyFirstColumn
        >
          {query.isPending && (
            <div className={styles.loading}>
              <Spinner label={t('adminTickets.loading')} />
            </div>
          )}
          {query.isSuccess &&
            rows.length === 0 &&
            !query.isPlaceholderData &&
            (filtered ? (
              <EmptyState
                icon={<SearchX size={28} />}
                title={t('adminTickets.noMatch')}
                size="sm"
                action={
                  <Button variant="secondary" onClick={clear}>
                    {t('adminTickets.filters.clear')}
                  </Button>
                }
              />
            ) : (
              <EmptyState icon={<TicketIcon size={28} />} title={t('adminTickets.empty')} size="sm" />
            ))}
          <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
          {isFetchingNextPage && (
            <div className={styles.loading}>
              <Spinner size="sm" label={t('adminTickets.loadingMore')} />
            </div>
          )}
        </DataTable>
      </div>
    </div>
  );
}
