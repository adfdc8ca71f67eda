import type { AgentEraseResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/agents/{userid}/erase: a disabled former agent's personal data erased; their work stays. */
export const eraseAgent = (userid: string): Promise<AgentEraseResponse> =>
  api.post(`/agents/${encodeURIComponent(userid)}/erase`, {}, parser('agentEraseResponseSchema'));

export function useEraseAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseAgent,
    // The table, the profile and the colleague lists all read the account again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
