import type { Message, sendWhatsAppTemplateBodySchema } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { showMessage } from '@/features/chat/lib/chat-cache';

export type SendWhatsAppTemplateBody = z.infer<typeof sendWhatsAppTemplateBodySchema>;

/**
 * POST /api/send-whatsapp-template (the handler only): sends an approved template while the 24-hour window is
 * closed. The stored message (the template's text) is queued for WhatsApp like any other.
 */
export const sendWhatsAppTemplate = (body: SendWhatsAppTemplateBody): Promise<{ message: Message }> =>
  api.post('/send-whatsapp-template', body, parser('messageResponseSchema'));

/**
 * Sends a template and shows the answer's message in the chat; the live newMessage copy of it is the same message
 * (deduplicated by id). On the mutation, so it is shown even when the chat was left before the answer came.
 */
export function useSendWhatsAppTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWhatsAppTemplate,
    onSuccess: ({ message }) => showMessage(queryClient, message),
  });
}
