import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import type { LogoutOptions } from './logout-notice';

/**
 * POST /api/auth/logout (`{}`): ends the session. A POST, so no cross-site link can end it. Its failure is silent
 * (SPEC §8): the user leaves either way.
 */
export const logout = (): Promise<unknown> => api.post('/auth/logout', {});

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (_options: LogoutOptions = {}) => {
      await logout().catch(() => undefined);
    },
    onSettled: async (_data, _error, options) => {
      await navigate('/login', { replace: true, state: options?.notice ? { notice: options.notice } : null });
      // Nothing of this user may leak into the next session on this tab.
      queryClient.clear();
    },
  });
}
