import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { whatsAppPhoneNumbersQueryKey, type WhatsAppPhoneNumber } from './get-whatsapp-phone-numbers';

/** POST /api/toggle-phone-number-webhook {phoneNumberId}: flips the number's webhook; answers the new state. */
export const togglePhoneNumberWebhook = (phoneNumberId: string): Promise<{ webhook_status: boolean }> =>
  api.post('/toggle-phone-number-webhook', { phoneNumberId }, parser('togglePhoneNumberWebhookResponseSchema'));

function setWebhookStatus(queryClient: QueryClient, phoneNumberId: string, webhook_status: boolean) {
  queryClient.setQueryData<WhatsAppPhoneNumber[]>(whatsAppPhoneNumbersQueryKey, (numbers) =>
    numbers?.map((number) => (number.id === phoneNumberId ? { ...number, webhook_status } : number)),
  );
}

/** SPEC §4: the switch moves at once and moves back when the server refuses (the caller shows its message). */
export function useTogglePhoneNumberWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: WhatsAppPhoneNumber) => togglePhoneNumberWebhook(number.id),
    onMutate: async (number) => {
      await queryClient.cancelQueries({ queryKey: whatsAppPhoneNumbersQueryKey });
      setWebhookStatus(queryClient, number.id, !number.webhook_status);
    },
    onSuccess: ({ webhook_status }, number) => setWebhookStatus(queryClient, number.id, webhook_status),
    onError: (_error, number) => setWebhookStatus(queryClient, number.id, number.webhook_status),
  });
}
