import type { ClientPanel } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminClientsQueryRoot } from '@/lib/query-keys';

const historyKey = (clientid: string) => [...adminClientsQueryRoot, 'history', clientid] as const;

/**
 * GET /{clientid}/get-client-panel, the call the chat's client panel makes: here for the profile's channel
 * identities and ticket history, paged by "Show more" (features do not share hooks; the contract is shared).
 */
function getClientHistory(clientid: string, before: string | null, signal: AbortSignal): Promise<ClientPanel> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return api.get(`/${encodeURIComponent(clientid)}/get-client-panel${query}`, parser('clientPanelSchema'), signal);
}

export function useClientHistory(clientid: string | undefined) {
  return useInfiniteQuery({
    queryKey: historyKey(clientid ?? ''),
    queryFn: ({ pageParam, signal }) => getClientHistory(clientid!, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    enabled: Boolean(clientid),
  });
}
