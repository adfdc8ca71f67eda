import type { PinnedMessage } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/{ticketid}/get-pinned-msg: the ticket's pins, oldest first. */
export const getPins = (ticketid: string, signal?: AbortSignal): Promise<PinnedMessage[]> =>
  api.get(`/${encodeURIComponent(ticketid)}/get-pinned-msg`, parser('pinnedMessageListSchema'), signal);

export const pinsQueryRoot = ['pins'] as const;
export const pinsQueryKey = (ticketid: string) => [...pinsQueryRoot, ticketid] as const;

/** The open chat's pins, kept current by newPinnedMessage / unpinMessage and refetched on every reconnection. */
export function usePins(ticketid: string) {
  return useQuery({
    queryKey: pinsQueryKey(ticketid),
    queryFn: ({ signal }) => getPins(ticketid, signal),
    staleTime: Infinity,
    retry: false,
  });
}
