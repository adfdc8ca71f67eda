import {
  adminTicketsPageSchema,
  adminTicketsResponseSchema,
  type AdminTicketRow,
  type TicketWidgetData,
} from '@kreechat/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminTicketsQueryRoot } from '../../../lib/query-keys';
import { nextTicketsOffset } from '../lib/paging';

type Page = { widgetData?: TicketWidgetData; tickets: AdminTicketRow[] };

/**
 * GET /api/get-tickets (widgets + the first 10), then GET /api/{offset}/get-tickets for 10, 20, … until a page
 * comes back empty (SPEC §7, §9).
 */
export function useAdminTickets() {
  return useInfiniteQuery({
    queryKey: adminTicketsQueryRoot,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<Page> =>
      pageParam === 0
        ? api.get('/get-tickets', adminTicketsResponseSchema, signal)
        : api.get(`/${pageParam}/get-tickets`, adminTicketsPageSchema, signal),
    getNextPageParam: (last, pages) => nextTicketsOffset(last.tickets.length, pages),
  });
}
