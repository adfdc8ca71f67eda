import type { Profile } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/auth/profile: the signed-in user's own profile. */
export const getProfile = (signal?: AbortSignal): Promise<Profile> =>
  api.get('/auth/profile', parser('profileResponseSchema'), signal);

export const profileQueryKey = ['profile', 'me'] as const;

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => getProfile(signal),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
