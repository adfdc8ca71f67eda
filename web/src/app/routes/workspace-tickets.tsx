import { Suspense, useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import {
  CLOSED_SEARCH_ID,
  ClosedTickets,
  closedTicketsQueryKey,
  filtersFor,
  flattenPages,
  OpenTickets,
  openTicketsOf,
  openTicketsQueryKey,
  PENDING_SEARCH_ID,
  TICKET_FILTER_ID_PREFIX,
  TicketFilterTabs,
  TicketSearchBox,
  TicketSearchToggle,
  TicketsUnreadMark,
  useOpenTicketCounts,
  useTicketSearch,
  type ClosedTicketPages,
  type TicketFilter,
} from '@/features/tickets';
import { focusTicketList, type WorkspaceShellProps, type WorkspaceView } from '@/features/workspace';
import { lazyComponent } from '@/lib/lazy-component';
import type { Viewer } from '@/lib/session';

// An admin's way to the first-run checklist shows only under an empty list: its code is fetched then.
const ChecklistCard = lazyComponent(() => import('@/features/onboarding').then((m) => m.ChecklistCard));

export interface TicketColumnInputs {
  viewer: Viewer;
  /** Whose closed tickets the Closed list holds: all, the viewer's department, or none yet (loading). */
  closedScope: string | null | undefined;
  isAdmin: boolean;
  selectedId: string | null;
  select: (ticket: Ticket) => void;
  onAccepted: (ticket: Ticket) => void;
  setView: (view: WorkspaceView) => void;
}

type TicketColumnProps = Pick<
  WorkspaceShellProps,
  | 'ticketsTitle'
  | 'ticketsCount'
  | 'pendingCount'
  | 'ticketsUnreadMark'
  | 'ticketsToolbar'
  | 'ticketsBodyProps'
  | 'tickets'
  | 'ticketsActions'
>;

/**
 * The workspace's one ticket list: its filters (tabs), what each holds, its search, and the order `j`/`k` walk.
 * Returns the shell's ticket column, and what the keyboard shortcuts need of it.
 */
export function useTicketColumn({
  viewer,
  closedScope,
  isAdmin,
  selectedId,
  select,
  onAccepted,
  setView,
}: TicketColumnInputs) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TicketFilter>('pending');
  // The route reads the lists' counts only: a message in a listed ticket re-renders the list, not the workspace.
  const counts = useOpenTicketCounts(viewer.id);
  const queryClient = useQueryClient();
  const openList = useCallback(() => queryClient.getQueryData<Ticket[]>(openTicketsQueryKey), [queryClient]);
  const pendingSearch = useTicketSearch();
  const closedSearch = useTicketSearch();

  const filters = filtersFor(viewer.canSeeAll);
  // The order `j`/`k` walk, read when the key is pressed (sorting on every live event would be wasted work).
  const listed = () => {
    if (filter !== 'closed') return openTicketsOf(openList() ?? [], filter, viewer.id);
    const pages = closedScope
      ? queryClient.getQueryData<ClosedTicketPages>(closedTicketsQueryKey(closedScope))
      : undefined;
    return flattenPages(pages?.pages ?? []);
  };
  const search = filter === 'closed' ? closedSearch : pendingSearch;
  const searchId = filter === 'closed' ? CLOSED_SEARCH_ID : PENDING_SEARCH_ID;
  const showFilter = (next: TicketFilter) => {
    if (!filters.includes(next)) return;
    setFilter(next);
    setView('tickets');
    focusTicketList(`${TICKET_FILTER_ID_PREFIX}-panel-${next}`);
  };
  // The open search found nothing but closed tickets match: the Closed list, searching the same keyword.
  const showClosedMatches = (keyword: string) => {
    closedSearch.show(keyword);
    showFilter('closed');
  };

  const props: TicketColumnProps = {
    ticketsTitle: t(`tickets.filterTitle.${filter}`),
    ticketsCount: filter === 'closed' ? undefined : counts?.[filter],
    pendingCount: counts?.pending ?? 0,
    ticketsUnreadMark: <TicketsUnreadMark />,
    ticketsToolbar: (
      <>
        <TicketFilterTabs filters={filters} selected={filter} onSelect={setFilter} counts={counts} />
        {search.open && (
          <TicketSearchBox
            key={searchId}
            id={searchId}
            search={search}
            label={filter === 'closed' ? t('ticketSearch.closedLabel') : t('ticketSearch.openLabel')}
          />
        )}
      </>
    ),
    ticketsBodyProps: {
      id: `${TICKET_FILTER_ID_PREFIX}-panel-${filter}`,
      role: 'tabpanel',
      'aria-labelledby': `${TICKET_FILTER_ID_PREFIX}-tab-${filter}`,
    },
    tickets:
      filter === 'closed' ? (
        <ClosedTickets
          viewer={viewer}
          search={closedSearch}
          scope={closedScope}
          selectedId={selectedId}
          onSelect={select}
          labelledBy="tickets-title"
        />
      ) : (
        <OpenTickets
          viewer={viewer}
          filter={filter}
          search={pendingSearch}
          onShowClosed={showClosedMatches}
          selectedId={selectedId}
          onSelect={select}
          onAccepted={onAccepted}
          labelledBy="tickets-title"
          emptyAction={
            isAdmin && (
              <Suspense fallback={null}>
                <ChecklistCard />
              </Suspense>
            )
          }
        />
      ),
    ticketsActions: <TicketSearchToggle search={search} controls={searchId} />,
  };
  return { props, listed, search, searchId, showFilter };
}
