import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoginBody, LoginResponse } from '@kreechat/contract';
import { api } from '@/lib/api-client';
import { applyLanguage } from '@/lib/i18n';

/**
 * POST /api/auth/login: opens a cookie session; answers 401 on bad credentials and 429 when throttled. The answer's
 * schema (and zod with it) is fetched with the call, not with the login screen: the workspace that follows needs
 * both anyway.
 */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const { loginResponseSchema } = await import('./login-response');
  return api.post('/auth/login', body, loginResponseSchema);
}

/** What the app does once a call opened a session (login, or registration's last step). */
export async function signedIn(response: LoginResponse) {
  // A previous user's cached data (and the 'invalid' session check) must not show for this one. The cache exists
  // only once a screen below the data layer was opened; loading it here costs nothing the workspace would not load.
  const { queryClient } = await import('@/lib/query-client');
  queryClient.removeQueries();
  await applyLanguage(response.lang);
}

interface LoginCallbacks {
  onSuccess?: (response: LoginResponse) => void;
  onError?: (error: unknown) => void;
}

/**
 * The login form's call, shaped like a TanStack mutation (`mutate`, `isPending`) but without it: /login loads
 * before the data layer (app/layout/DataLayer.tsx). The callbacks run after {@link signedIn}, and not at all once
 * the form is gone.
 */
export function useLogin() {
  const [isPending, setPending] = useState(false);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const mutate = useCallback((body: LoginBody, callbacks: LoginCallbacks = {}) => {
    setPending(true);
    void login(body)
      .then(async (response) => {
        await signedIn(response);
        return response;
      })
      .then(
        (response) => {
          if (!mounted.current) return;
          setPending(false);
          callbacks.onSuccess?.(response);
        },
        (error: unknown) => {
          if (!mounted.current) return;
          setPending(false);
          callbacks.onError?.(error);
        },
      );
  }, []);
  return { mutate, isPending };
}
