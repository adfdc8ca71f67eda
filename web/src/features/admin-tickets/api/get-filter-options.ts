import { parser } from '@/lib/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The filter bar's choices: GET /api/auth/get-departments (the company's live departments) and GET /api/auth/agents
 * (its enabled users but oneself, who is added by the screen). Keys shared with the workspace's own lists, so an
 * open tab answers from the cache.
 */
export function useDepartmentChoices() {
  return useQuery({
    queryKey: ['departments', 'live'] as const,
    queryFn: ({ signal }) => api.get('/auth/get-departments', parser('departmentListSchema'), signal),
    staleTime: 60_000,
  });
}

export function useAgentChoices() {
  return useQuery({
    queryKey: ['colleagues'] as const,
    queryFn: ({ signal }) => api.get('/auth/agents', parser('colleagueListSchema'), signal),
    staleTime: 60_000,
  });
}
