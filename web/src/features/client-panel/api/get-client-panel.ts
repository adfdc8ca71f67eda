import type { ClientPanel } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every client's panel; one client's is `clientPanelKey(id)`. */
export const clientPanelRoot = ['client-panel'] as const;
export const clientPanelKey = (clientid: string) => [...clientPanelRoot, clientid] as const;

export type ClientPanelPages = InfiniteData<ClientPanel, string | null>;

/** GET /{clientid}/get-client-panel: who the client is, with a page of their tickets older than `before`. */
export function getClientPanel(clientid: string, before: string | null, signal?: AbortSignal): Promise<ClientPanel> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return api.get(`/${encodeURIComponent(clientid)}/get-client-panel${query}`, parser('clientPanelSchema'), signal);
}

/**
 * The panel, paged by "Show more": each page answers the whole panel (the last page's header is the freshest) and
 * the next page of tickets.
 */
export function useClientPanel(clientid: string) {
  return useInfiniteQuery({
    queryKey: clientPanelKey(clientid),
    queryFn: ({ pageParam, signal }) => getClientPanel(clientid, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    enabled: clientid.length > 0,
  });
}
