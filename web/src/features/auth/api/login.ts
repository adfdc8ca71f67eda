import { loginResponseSchema, type LoginBody, type LoginResponse } from '@kreechat/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyLanguage } from '@/lib/i18n';

/** POST /api/auth/login: opens a cookie session; answers 401 on bad credentials and 429 when throttled. */
export const login = (body: LoginBody): Promise<LoginResponse> => api.post('/auth/login', body, loginResponseSchema);

/** What the app does once a call opened a session (login, or registration's last step). */
export async function signedIn(queryClient: QueryClient, response: LoginResponse) {
  // A previous user's cached data (and the 'invalid' session check) must not show for this one.
  queryClient.removeQueries();
  await applyLanguage(response.lang);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => signedIn(queryClient, response),
  });
}
