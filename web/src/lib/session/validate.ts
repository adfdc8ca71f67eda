import type { ValidateResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/auth/validate: whether the cookie session is still alive, and who it belongs to. */
export const validateSession = (signal?: AbortSignal): Promise<ValidateResponse> =>
  api.get('/auth/validate', parser('validateResponseSchema'), signal);

export const sessionQueryKey = ['session', 'validate'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => validateSession(signal),
  retry: false,
  staleTime: 0,
});

/** One-off look at the session (404 page). The guard polls with its own interval on top of the same key. */
export function useValidateSession() {
  return useQuery(sessionQueryOptions);
}
