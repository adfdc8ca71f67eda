import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/logout (`{}`): ends the session. A POST, so no cross-site link can end it. Its failure is silent
 * (SPEC §8): the user leaves either way.
 */
export const logout = (): Promise<unknown> => api.post('/auth/logout', {});

export interface LogoutOptions {
  /** A note for the login screen, e.g. why the user was logged out. */
  notice?: LogoutNotice;
}
export type LogoutNotice = 'profileUpdated' | 'passwordChanged';

let expected: LogoutNotice | null = null;

/**
 * Says, before a call that ends the session on the server (an e-mail or password change), what the login screen
 * should tell the user. Any other call answering 401 meanwhile sends the tab to /login at once, unmounting the
 * screen whose own navigation would have carried the note; the login screen takes it from here then.
 */
export function expectLogout(notice: LogoutNotice | null) {
  expected = notice;
}

/** The note said by {@link expectLogout}; the login screen clears it (`expectLogout(null)`) once shown. */
export const expectedLogout = (): LogoutNotice | null => expected;

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
