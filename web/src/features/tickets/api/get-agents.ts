import type { AssignableAgent } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/{ticketid}/get-agents?departmentid=: who could take the ticket in that department (its handler not). */
export const getAssignableAgents = (
  ticketid: string,
  departmentid: string,
  signal?: AbortSignal,
): Promise<AssignableAgent[]> =>
  api.get(
    `/${encodeURIComponent(ticketid)}/get-agents?departmentid=${encodeURIComponent(departmentid)}`,
    parser('assignableAgentListSchema'),
    signal,
  );

export const assignableAgentsQueryOptions = (ticketid: string, departmentid: string) =>
  queryOptions({
    queryKey: ['tickets', 'assignable-agents', ticketid, departmentid] as const,
    queryFn: ({ signal }) => getAssignableAgents(ticketid, departmentid, signal),
    staleTime: 30_000,
  });

/** The agents of the chosen department; idle until one is chosen. */
export function useAssignableAgents(ticketid: string, departmentid: string | null) {
  return useQuery({ ...assignableAgentsQueryOptions(ticketid, departmentid ?? ''), enabled: departmentid !== null });
}
