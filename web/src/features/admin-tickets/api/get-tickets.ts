import type { AdminTicketRow, TicketWidgetData } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminTicketsQueryRoot } from '@/lib/query-keys';
import { filtersToQuery, type TicketFilters } from '@/features/admin-tickets/lib/filters';
import { nextTicketsOffset } from '@/features/admin-tickets/lib/paging';

type Page = { widgetData?: TicketWidgetData; tickets: AdminTicketRow[] };

/**
 * GET /api/get-tickets (widgets + the first 10), then GET /api/{offset}/get-tickets for 10, 20, … until a page
 * comes back empty (SPEC §7, §9), each with the filters and order as query string. New filters are a new query
 * key, so paging starts again at offset 0; the rows shown meanwhile stay (dimmed) instead of flashing empty.
 */
export function useAdminTickets(filters: TicketFilters) {
  const query = filtersToQuery(filters);
  const suffix = query ? `?${query}` : '';
  return useInfiniteQuery({
    queryKey: [...adminTicketsQueryRoot, query],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<Page> =>
      pageParam === 0
        ? api.get(`/get-tickets${suffix}`, parser('adminTicketsResponseSchema'), signal)
        : api.get(`/${pageParam}/get-tickets${suffix}`, parser('adminTicketsPageSchema'), signal),
    getNextPageParam: (last, pages) => nextTicketsOffset(last.tickets.length, pages),
    placeholderData: keepPreviousData,
  });
}
