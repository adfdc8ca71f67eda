import type { BusinessProfile } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { BusinessProfile };

/** GET /api/{phoneid}/get-business-profile: the number's WhatsApp business profile, read from Graph. */
export const getBusinessProfile = (phoneNumberId: string, signal?: AbortSignal): Promise<BusinessProfile> =>
  api.get(`/${encodeURIComponent(phoneNumberId)}/get-business-profile`, parser('businessProfileSchema'), signal);

export const businessProfileQueryKey = (phoneNumberId: string) =>
  ['admin', 'whatsapp', 'business-profile', phoneNumberId] as const;

export function useBusinessProfile(phoneNumberId: string) {
  return useQuery(
    queryOptions({
      queryKey: businessProfileQueryKey(phoneNumberId),
      queryFn: ({ signal }) => getBusinessProfile(phoneNumberId, signal),
      // The form starts from what Meta has now, not from a copy read a minute ago.
      staleTime: 0,
    }),
  );
}
