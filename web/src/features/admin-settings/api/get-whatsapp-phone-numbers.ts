import type { WhatsAppPhoneNumber } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { WhatsAppPhoneNumber };

/** GET /api/whatsapp-phone-numbers: the company's numbers as Graph describes them, each with its webhook switch. */
export const getWhatsAppPhoneNumbers = (signal?: AbortSignal): Promise<WhatsAppPhoneNumber[]> =>
  api.get('/whatsapp-phone-numbers', parser('whatsAppPhoneNumbersSchema'), signal);

export const whatsAppPhoneNumbersQueryKey = ['admin', 'whatsapp', 'phone-numbers'] as const;

export function useWhatsAppPhoneNumbers() {
  return useQuery(
    queryOptions({ queryKey: whatsAppPhoneNumbersQueryKey, queryFn: ({ signal }) => getWhatsAppPhoneNumbers(signal) }),
  );
}
