import type { Colleague } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/auth/agents: the company's enabled users except oneself, online first, then by name. */
export const getColleagues = (signal?: AbortSignal): Promise<Colleague[]> =>
  api.get('/auth/agents', parser('colleagueListSchema'), signal);

export const colleaguesQueryKey = ['colleagues'] as const;

export function useColleagues() {
  return useQuery({
    queryKey: colleaguesQueryKey,
    queryFn: ({ signal }) => getColleagues(signal),
    // Presence events keep the list current; every socket (re)connection refetches it.
    staleTime: Infinity,
  });
}

/** One colleague of the loaded list (its live status), if listed. */
export function useColleague(id: string | null): Colleague | undefined {
  const colleagues = useColleagues();
  return id ? colleagues.data?.find((c) => c.id === id) : undefined;
}
