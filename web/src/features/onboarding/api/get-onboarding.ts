import type { OnboardingStatus } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/onboarding (admins): the first-run checklist, every step read from the company's real state. */
export const getOnboarding = (signal?: AbortSignal): Promise<OnboardingStatus> =>
  api.get('/onboarding', parser('onboardingResponseSchema'), signal);

export const onboardingQueryKey = ['admin', 'onboarding'] as const;

/**
 * The checklist, asked again whenever a screen showing it opens: its steps are done on other screens (a bot
 * connected in Settings, a colleague registered under Agents), which do not know about this cache. Off for
 * non-admins, whom the server refuses.
 */
export function useOnboarding({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: onboardingQueryKey,
      queryFn: ({ signal }) => getOnboarding(signal),
      refetchOnMount: 'always',
      enabled,
    }),
  );
}
