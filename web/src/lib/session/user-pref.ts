import type { UserPref } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { UserPref };

/** GET /api/auth/get-user-pref: the saved interface language, applied at startup when logged in. */
export const getUserPref = (signal?: AbortSignal): Promise<UserPref> =>
  api.get('/auth/get-user-pref', parser('userPrefResponseSchema'), signal);

export const userPrefQueryKey = ['session', 'user-pref'] as const;

export const userPrefQueryOptions = queryOptions({
  queryKey: userPrefQueryKey,
  queryFn: ({ signal }) => getUserPref(signal),
  staleTime: Infinity,
  retry: false,
});
