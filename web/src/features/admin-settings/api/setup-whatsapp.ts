import { parser } from '@/lib/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/setup-whatsapp {token}: embedded signup, step 1. The code FB.login returned is exchanged for the
 * business token at once: it lives about 30 seconds. Answers `{ status: 'ok' }`.
 */
export const setupWhatsApp = (code: string): Promise<{ status: 'ok' }> =>
  api.post('/setup-whatsapp', { token: code }, parser('setupWhatsAppResponseSchema'));

export function useSetupWhatsApp() {
  return useMutation({ mutationFn: setupWhatsApp });
}
