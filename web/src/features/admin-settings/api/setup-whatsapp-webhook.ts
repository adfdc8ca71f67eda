import type { WhatsAppConnected } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BusinessData } from '@/features/admin-settings/lib/embedded-signup';
import { whatsAppPhoneNumbersQueryKey } from './get-whatsapp-phone-numbers';
import { whatsAppSetupQueryKey } from './get-whatsapp-setup';
import { whatsAppTemplatesQueryKey } from './get-whatsapp-templates';

/**
 * POST /api/setup-whatsapp-webhook {business_data}: embedded signup, step 2, after step 1 answered ok. Registers
 * the number Meta's FINISH event named and subscribes the app to its account; answers the connected number.
 */
export const setupWhatsAppWebhook = (business: BusinessData): Promise<WhatsAppConnected> =>
  api.post('/setup-whatsapp-webhook', { business_data: business }, parser('whatsAppConnectedSchema'));

/** A number was connected (either way): the home page, the accounts table and the templates all change. */
export function refreshAfterConnect(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [whatsAppSetupQueryKey, whatsAppPhoneNumbersQueryKey, whatsAppTemplatesQueryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useSetupWhatsAppWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupWhatsAppWebhook,
    onSuccess: () => refreshAfterConnect(queryClient),
  });
}
