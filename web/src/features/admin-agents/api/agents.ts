import type { Agent, AllAgentsResponse, RegisterAgentBody, SetRoleBody, UpdateAccountBody } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const allAgentsQueryKey = ['admin', 'agents'] as const;
export const agentProfileQueryKey = (id: string) => ['admin', 'agent-profile', id] as const;

/** GET /api/admin/get-all-agents: the table, the online count and the total (SPEC §2 Agents). */
export function useAllAgents() {
  return useQuery({
    queryKey: allAgentsQueryKey,
    queryFn: ({ signal }) => api.get('/admin/get-all-agents', parser('allAgentsResponseSchema'), signal),
  });
}

/** GET /api/auth/get-departments: the department choices of the register and update forms. */
export function useDepartmentChoices() {
  return useQuery({
    queryKey: ['admin', 'agent-departments'],
    queryFn: ({ signal }) => api.get('/auth/get-departments', parser('departmentListSchema'), signal),
  });
}

/** GET /api/admin/{id}/get-user: the agent profile; `id` is the first 8 characters of the user id. */
export function useAgentProfile(id: string) {
  return useQuery({
    queryKey: agentProfileQueryKey(id),
    queryFn: ({ signal }) =>
      api.get(`/admin/${encodeURIComponent(id)}/get-user`, parser('agentProfileResponseSchema'), signal),
    retry: false,
  });
}

/** Appends an agent to the cached table unless it is there already (the newUser event and the register answer). */
export function appendAgent(data: AllAgentsResponse | undefined, agent: Agent): AllAgentsResponse | undefined {
  if (!data || data.agents.some((a) => a.userid === agent.userid)) return data;
  return { ...data, agents: [...data.agents, agent], totalAgents: data.totalAgents + 1 };
}

export function useRegisterAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterAgentBody) => api.post('/auth/register', body, parser('registerAgentResponseSchema')),
    onSuccess: ({ agent }) =>
      queryClient.setQueryData<AllAgentsResponse>(allAgentsQueryKey, (data) => appendAgent(data, agent)),
  });
}

/** An optimistic change of one row: applied at once, rolled back when the call fails. */
function useOptimisticRow<V extends { userid: string }, R>(
  call: (change: V) => Promise<R>,
  patch: (agent: Agent, change: V) => Agent,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onMutate: async (change: V) => {
      await queryClient.cancelQueries({ queryKey: allAgentsQueryKey });
      const before = queryClient.getQueryData<AllAgentsResponse>(allAgentsQueryKey);
      queryClient.setQueryData<AllAgentsResponse>(
        allAgentsQueryKey,
        (data) =>
          data && { ...data, agents: data.agents.map((a) => (a.userid === change.userid ? patch(a, change) : a)) },
      );
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(allAgentsQueryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** POST /api/auth/set-role: agent, moderator or admin (SPEC's set-admin toggles only admin ⇄ agent). */
export const useSetRole = () =>
  useOptimisticRow(
    (change: SetRoleBody) => api.post('/auth/set-role', change, parser('setAdminResponseSchema')),
    (a, { role }) => ({ ...a, role }),
  );

/** POST /api/auth/delete-agent: disabled ⇄ enabled. */
export const useToggleDisabled = () =>
  useOptimisticRow(
    ({ userid }: { userid: string }) =>
      api.post('/auth/delete-agent', { userid }, parser('toggleDisabledResponseSchema')),
    (a) => ({ ...a, closed_on: a.closed_on ? null : new Date().toISOString(), status: 'offline' }),
  );

/** PUT /api/auth/update-account. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountBody) => api.put('/auth/update-account', body, parser('agentSchema')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
