import type { WhatsAppConnected, connectWhatsAppNumberBodySchema } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { refreshAfterConnect } from './setup-whatsapp-webhook';

export type ConnectWhatsAppNumberBody = z.infer<typeof connectWhatsAppNumberBodySchema>;

/**
 * POST /api/connect-whatsapp-number {wabaId, phoneNumberId, accessToken}: the manual path, with a system user's
 * token, for deployments without a Meta Tech Provider app. Answers the connected number; the token never returns.
 */
export const connectWhatsAppNumber = (body: ConnectWhatsAppNumberBody): Promise<WhatsAppConnected> =>
  api.post('/connect-whatsapp-number', body, parser('whatsAppConnectedSchema'));

export function useConnectWhatsAppNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectWhatsAppNumber,
    onSuccess: () => refreshAfterConnect(queryClient),
  });
}
