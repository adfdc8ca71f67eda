import { useEffect, useMemo, useRef } from 'react';
import { Ticket as TicketIcon } from 'lucide-react';
import type { AdminTicketRow, TicketWidgetData } from '@kreechat/contract';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { DataTable } from '../../../components/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import { PLATFORM_NAMES, PlatformIcon } from '../../../components/PlatformIcon';
import { Skeleton } from '../../../components/Skeleton';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { clockTime, dateTime, mediumDate } from '../../../lib/dates';
import { shortId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAdminTickets } from '../api/get-tickets';
import { useLiveTickets } from '../hooks/use-live-tickets';
import { formatMinutes } from '../lib/paging';
import styles from './tickets.module.css';

const column = createColumnHelper<AdminTicketRow>();
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

/** Admin panel → Tickets (SPEC §2): the widgets and the table, 10 more rows each time its end scrolls into view. */
export function TicketsScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const query = useAdminTickets();
  useLiveTickets();
  const widgetData = query.data?.pages[0]?.widgetData;
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.tickets) ?? [], [query.data]);

  const columns = useMemo(() => {
    // Date over time: three date columns on one line each would push the table past a 1440 px screen.
    const when = (iso: string | null, fallback: string) =>
      iso ? (
        <time dateTime={iso} title={dateTime(iso, lang)} className={styles.when}>
          {mediumDate(iso, lang)}
          <span className={styles.muted}>{clockTime(iso, lang)}</span>
        </time>
      ) : (
        <span className={styles.muted}>{fallback}</span>
      );
    return [
      column.accessor('ticketid', {
        header: t('adminTickets.columns.ticket'),
        cell: (c) => (
          <Link
            to={`/?ticket=${c.getValue()}`}
            className={styles.idLink}
            aria-label={t('adminTickets.openTicket', { id: shortId(c.getValue()) })}
          >
            {shortId(c.getValue())}
          </Link>
        ),
      }),
      column.accessor('stage', {
        header: t('adminTickets.columns.stage'),
        cell: (c) => <span className={styles.stage}>{t(`adminTickets.stage.${c.getValue()}`)}</span>,
      }),
      column.accessor('department_name', { header: t('adminTickets.columns.department') }),
      column.accessor('user_name', {
        header: t('adminTickets.columns.handledBy'),
        cell: (c) => c.getValue() ?? <span className={styles.muted}>{t('adminTickets.notAcceptedYet')}</span>,
      }),
      column.accessor('client_name', { header: t('adminTickets.columns.client') }),
      column.accessor('account_number', {
        header: t('adminTickets.columns.accountNumber'),
        cell: (c) => c.getValue() ?? <span className={styles.muted}>{t('adminTickets.none')}</span>,
      }),
      column.accessor((row) => row.reopened_on ?? row.updated_on, {
        id: 'updated',
        header: t('adminTickets.columns.updatedOn'),
        cell: (c) => when(c.getValue(), ''),
      }),
      column.accessor('accepted_on', {
        header: t('adminTickets.columns.acceptedOn'),
        cell: (c) => when(c.getValue(), t('adminTickets.notAcceptedYet')),
      }),
      column.accessor('closed_on', {
        header: t('adminTickets.columns.closedOn'),
        cell: (c) => when(c.getValue(), t('adminTickets.notClosed')),
      }),
      column.accessor('platform', {
        header: t('adminTickets.columns.platform'),
        cell: (c) => (
          <span title={PLATFORM_NAMES[c.getValue()]} className={styles.platform}>
            <PlatformIcon platform={c.getValue()} size={20} />
            <span className={styles.visuallyHidden}>{PLATFORM_NAMES[c.getValue()]}</span>
          </span>
        ),
      }),
    ];
  }, [t, lang]);

  // SPEC §4: page index 0, page size 10, no sorting, nothing selected; the rows grow by infinite scroll.
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    enableSorting: false,
    initialState: { pagination: { pageIndex: 0, pageSize: 10 }, rowSelection: {} },
  });

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
      },
      { threshold: 0.5 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div className={styles.screen}>
      <div className={styles.screenHeader}>
        <h1 className={styles.screenTitle}>{t('adminTickets.title')}</h1>
      </div>

      <dl className={styles.widgets} aria-busy={query.isPending}>
        {WIDGETS.map((key) => (
          <div key={key} className={styles.widget} data-widget={key}>
            <dt>{t(`adminTickets.widgets.${key}`)}</dt>
            <dd>
              {widgetData ? (
                key === 'averageAcceptanceTime' ? (
                  t('adminTickets.minutes', { value: formatMinutes(widgetData[key], lang) })
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

      {query.isError && <Alert tone="error">{errorMessage(query.error, t('adminTickets.loadFailed'))}</Alert>}

      <DataTable
        table={table}
        label={t('adminTickets.tableLabel')}
        rowData={(row) => ({ 'data-ticketid': row.original.ticketid })}
      >
        {query.isPending && (
          <div className={styles.loading}>
            <Spinner label={t('adminTickets.loading')} />
          </div>
        )}
        {query.isSuccess && rows.length === 0 && (
          <EmptyState icon={<TicketIcon size={28} />} title={t('adminTickets.empty')} size="sm" />
        )}
        <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
        {isFetchingNextPage && (
          <div className={styles.loading}>
            <Spinner size="sm" label={t('adminTickets.loadingMore')} />
          </div>
        )}
      </DataTable>
    </div>
  );
}
