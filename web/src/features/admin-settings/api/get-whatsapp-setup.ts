import type { WhatsAppSetupInfo } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { WhatsAppSetupInfo };

/**
 * GET /api/whatsapp-setup: whether embedded signup is offered (with the Meta app's public ids) or which server
 * variables it lacks, whether webhooks can be verified, the callback URL and the numbers already connected.
 */
export const getWhatsAppSetup = (signal?: AbortSignal): Promise<WhatsAppSetupInfo> =>
  api.get('/whatsapp-setup', parser('whatsAppSetupInfoSchema'), signal);

export const whatsAppSetupQueryKey = ['admin', 'whatsapp', 'setup'] as const;

export function useWhatsAppSetup() {
  return useQuery(queryOptions({ queryKey: whatsAppSetupQueryKey, queryFn: ({ signal }) => getWhatsAppSetup(signal) }));
}
