import type { Message, Platform } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showMessage } from '@/features/chat/lib/chat-cache';

export interface SendFileInput {
  file: File;
  ticketid: string;
  platform: Platform;
  idempotencyKey: string;
}

/** POST /api/send-file (multipart: file, ticketid, ticketPlatform, idempotencyKey): sends a file to the client. */
export function sendFile({ file, ticketid, platform, idempotencyKey }: SendFileInput): Promise<{ message: Message }> {
  const form = new FormData();
  form.append('ticketid', ticketid);
  form.append('ticketPlatform', platform);
  form.append('idempotencyKey', idempotencyKey);
  // Fields first: a streaming parser then knows the ticket before the bytes arrive.
  form.append('file', file, file.name);
  return api.upload('/send-file', form, parser('messageResponseSchema'));
}

export function useSendFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFile,
    onSuccess: ({ message }) => showMessage(queryClient, message),
  });
}
