import { useMemo } from 'react';
import type { ClientPanel, ClientPanelTicket } from '@kreechat/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { ClientHandle } from '@/components/ClientHandle';
import { DataTable } from '@/components/DataTable';
import { PLATFORM_NAMES, PlatformIcon } from '@/components/PlatformIcon';
import { Skeleton } from '@/components/Skeleton';
import { UnverifiedBadge } from '@/components/UnverifiedBadge';
import { chatPath } from '@/lib/chat-address';
import { clockTime, dateTime, mediumDate } from '@/lib/dates';
import { shortId } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { Dash } from './Dash';
import styles from './admin-clients.module.css';

type History = UseInfiniteQueryResult<InfiniteData<ClientPanel>>;

const column = createColumnHelper<ClientPanelTicket>();

/**
 * The client's channel identities, for the profile's details: each with its platform's mark and name, a guest's
 * marked "Not verified".
 */
export function ClientChannels({ history }: { history: History }) {
  const { t } = useTranslation();
  if (history.isPending) return <Skeleton height={18} width={160} />;
  const identities = history.data?.pages[0]?.identities ?? [];
  if (identities.length === 0) return <Dash label={t('adminClients.noChannel')} className={styles.muted} />;
  return (
    <ul className={styles.channels}>
      {identities.map((identity) => (
        <li key={`${identity.platform}:${identity.value}:${identity.since}`} className={styles.channel}>
          <PlatformIcon platform={identity.platform} size={18} />
          <span>
            <span className={styles.channelName}>{PLATFORM_NAMES[identity.platform]}</span>{' '}
            <span className="visually-hidden">{t(`adminClients.identityKinds.${identity.kind}`)}: </span>
            {identity.value ?? <Dash label={t('adminClients.noChannel')} className={styles.muted} />}
          </span>
          <ClientHandle identity={identity} />
          {!identity.verified && <UnverifiedBadge />}
        </li>
      ))}
    </ul>
  );
}

/** The client's tickets, newest first, as the admin tickets table shows them; the id opens the ticket in /. */
export function ClientTickets({ history }: { history: History }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const tickets = useMemo(() => {
    const seen = new Set<string>();
    return (history.data?.pages ?? [])
      .flatMap((page) => page.tickets)
      .filter((ticket) => !seen.has(ticket.ticketid) && Boolean(seen.add(ticket.ticketid)));
  }, [history.data]);
  const count = history.data?.pages[history.data.pages.length - 1]?.counts.tickets;

  const columns = useMemo(() => {
    const when = (iso: string | null, empty: string) =>
      iso ? (
        <time dateTime={iso} title={dateTime(iso, lang)} className={styles.when}>
          {mediumDate(iso, lang)}
          <span className={styles.muted}>{clockTime(iso, lang)}</span>
        </time>
      ) : (
        <Dash label={empty} className={styles.muted} />
      );
    return [
      column.accessor('ticketid', {
        header: () => t('adminClients.history.ticket'),
        cell: (c) => (
          <Link
            to={chatPath(c.getValue())}
            className={styles.idLink}
            aria-label={t('adminClients.history.openTicket', { id: shortId(c.getValue()) })}
          >
            {shortId(c.getValue())}
          </Link>
        ),
      }),
      column.accessor('stage', {
        header: () => t('adminClients.history.stage'),
        cell: (c) => t(`adminClients.history.stages.${c.getValue()}`),
      }),
      column.accessor('department_name', { header: () => t('adminClients.history.department') }),
      column.accessor('user_name', {
        header: () => t('adminClients.history.handledBy'),
        cell: (c) => c.getValue() ?? <Dash label={t('adminClients.history.notAccepted')} className={styles.muted} />,
      }),
      column.accessor('created_on', {
        header: () => t('adminClients.history.createdOn'),
        cell: (c) => when(c.getValue(), ''),
      }),
      column.accessor('closed_on', {
        header: () => t('adminClients.history.closedOn'),
        cell: (c) => when(c.getValue(), t('adminClients.history.notClosed')),
      }),
      column.accessor('platform', {
        header: () => t('adminClients.history.platform'),
        cell: (c) => (
          <span className={styles.platform}>
            <PlatformIcon platform={c.getValue()} />
            {PLATFORM_NAMES[c.getValue()]}
          </span>
        ),
      }),
      column.accessor('rating', {
        header: () => t('adminClients.history.rating'),
        cell: (c) => {
          const rating = c.getValue();
          return rating === null ? (
            <Dash label={t('adminClients.history.notRated')} className={styles.muted} />
          ) : (
            t('adminClients.history.ratingOf', { rating })
          );
        },
      }),
    ];
  }, [t, lang]);

  const table = useReactTable({
    data: tickets,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.ticketid,
    enableSorting: false,
  });

  return (
    <section className={styles.actions} aria-labelledby="client-tickets-title" aria-busy={history.isPending}>
      <h2 id="client-tickets-title" className={styles.sectionTitle}>
        {t('adminClients.history.title')}
        {count !== undefined && <span className={styles.count}> ({count})</span>}
      </h2>
      {history.isError && !history.data ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" busy={history.isFetching} onClick={() => void history.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('adminClients.history.loadFailed')}
        </Alert>
      ) : !history.isPending && tickets.length === 0 ? (
        <p className={styles.muted}>{t('adminClients.history.empty')}</p>
      ) : (
        <DataTable
          table={table}
          label={t('adminClients.history.tableLabel')}
          loadingRows={history.isPending ? 3 : 0}
          rowData={(row) => ({ 'data-ticketid': row.original.ticketid })}
          stickyFirstColumn
        />
      )}
      {history.isFetchNextPageError && <Alert tone="error">{t('adminClients.history.loadFailed')}</Alert>}
      {history.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className={styles.showMore}
          busy={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('adminClients.history.showMore')}
        </Button>
      )}
    </section>
  );
}
