import { useMemo, useState, type FormEvent } from 'react';
import type { Client } from '@kreechat/contract';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Search, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { IconButton } from '@/components/IconButton';
import { Skeleton } from '@/components/Skeleton';
import { Spinner } from '@/components/Spinner';
import { UnverifiedBadge } from '@/components/UnverifiedBadge';
import { useLoadMoreSentinel } from '@/lib/use-load-more-sentinel';
import { useClientList, useClientSearch } from '@/features/admin-clients/api/clients';
import { useLiveClients } from '@/features/admin-clients/hooks/use-live-clients';
import pageStyles from '@/styles/page.module.css';
import { BlockSwitch } from './BlockSwitch';
import { Dash } from './Dash';
import styles from './admin-clients.module.css';

const column = createColumnHelper<Client>();

/** Admin panel → Clients (SPEC §2): search, the client table and its infinite scroll. */
export function ClientsScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const list = useClientList();
  useLiveClients();
  const search = useClientSearch(query);
  const searching = query.length > 0;

  const rows = useMemo(
    () => (searching ? (search.data ?? []) : (list.data?.pages.flatMap((page) => page.clients) ?? [])),
    [searching, search.data, list.data],
  );
  const total = list.data?.pages[0]?.total;

  const columns = useMemo(
    () => [
      column.accessor('client_name', {
        header: () => t('adminClients.name'),
        cell: (info) => (
          <span className={styles.nameCell}>
            <Link className={styles.nameLink} to={`/admin-panel/client-profile/${info.row.original.short_id}`}>
              {info.row.original.erased_on ? t('adminClients.erased.name') : info.getValue()}
            </Link>
            {!info.row.original.verified && <UnverifiedBadge />}
          </span>
        ),
      }),
      column.accessor('short_id', { header: () => t('adminClients.shortId') }),
      column.accessor('account_number', {
        header: () => t('adminClients.accountNumber'),
        cell: (info) => info.getValue() || <Dash label={t('adminClients.notAddedYet')} className={styles.muted} />,
      }),
      column.accessor('address', {
        header: () => t('adminClients.address'),
        cell: (info) => info.getValue() || <Dash label={t('adminClients.notAddedYet')} className={styles.muted} />,
      }),
      column.display({
        id: 'blocked',
        header: () => t('adminClients.blocked'),
        cell: (info) => <BlockSwitch client={info.row.original} />,
      }),
    ],
    [t],
  );

  // SPEC §4: page index 0, page size 10, no sorting, nothing selected; every loaded row is shown (infinite scroll).
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.clientid,
    enableSorting: false,
    initialState: { pagination: { pageIndex: 0, pageSize: 10 }, rowSelection: {} },
  });

  const sentinel = useLoadMoreSentinel<HTMLDivElement>({
    hasMore: !searching && list.hasNextPage,
    loading: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    threshold: 0.5,
    pages: list.data?.pages.length,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    setQuery(text);
    if (!text) void list.refetch();
  };

  const active = searching ? search : list;
  return (
    <div className={pageStyles.screen}>
      <div className={styles.screenHeader}>
        <h1 className={`${pageStyles.title} ${styles.screenTitle}`}>{t('adminClients.title')}</h1>
        {typeof total === 'number' && <span className={styles.count}>{t('adminClients.total', { count: total })}</span>}
      </div>
      <form role="search" className={styles.searchForm} onSubmit={submit}>
        <input
          type="search"
          className={styles.searchInput}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('adminClients.searchPlaceholder')}
          aria-label={t('adminClients.searchLabel')}
          maxLength={80}
        />
        <IconButton type="submit" label={t('adminClients.search')}>
          <Search size={18} aria-hidden="true" />
        </IconButton>
      </form>

      {active.isError ? (
        <Alert tone="error">{t('adminClients.loadFailed')}</Alert>
      ) : active.isPending ? (
        <div className={styles.skeletons} aria-busy="true" aria-label={t('adminClients.loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={44} />
          ))}
        </div>
      ) : rows.length === 0 ? (
        searching ? (
          <p className={styles.noResults} role="status">
            {t('adminClients.noResults')}
          </p>
        ) : (
          <EmptyState icon={<Users size={28} aria-hidden="true" />} title={t('adminClients.empty')} />
        )
      ) : (
        <DataTable table={table} label={t('adminClients.tableLabel')}>
          {!searching && (
            <div ref={sentinel} className={styles.sentinel}>
              {list.isFetchingNextPage && <Spinner size="sm" label={t('adminClients.loadingMore')} />}
            </div>
          )}
        </DataTable>
      )}
    </div>
  );
}
