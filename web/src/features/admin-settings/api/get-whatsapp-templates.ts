import type { WhatsAppTemplate } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { WhatsAppTemplate };

/** GET /api/whatsapp-templates: the message templates of the company's WhatsApp Business Account. */
export const getWhatsAppTemplates = (signal?: AbortSignal): Promise<WhatsAppTemplate[]> =>
  api.get('/whatsapp-templates', parser('whatsAppTemplatesSchema'), signal);

export const whatsAppTemplatesQueryKey = ['admin', 'whatsapp', 'templates'] as const;

export function useWhatsAppTemplates() {
  return useQuery(
    queryOptions({ queryKey: whatsAppTemplatesQueryKey, queryFn: ({ signal }) => getWhatsAppTemplates(signal) }),
  );
}
