import type { Mentionable } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/note-mentions: the colleagues who may see the ticket (whom a note in it may mention), by name. */
export const getNoteMentions = (ticketid: string, signal?: AbortSignal): Promise<Mentionable[]> =>
  api
    .get(`/note-mentions?ticketid=${encodeURIComponent(ticketid)}`, parser('noteMentionsResponseSchema'), signal)
    .then((body) => body.agents);

/** Loaded when the first `@` is typed in a note; a minute fresh (who sees a ticket changes rarely). */
export function useNoteMentions(ticketid: string, enabled: boolean) {
  return useQuery({
    queryKey: ['note-mentions', ticketid] as const,
    queryFn: ({ signal }) => getNoteMentions(ticketid, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
