import type { PrecheckBody } from '@kreechat/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/precheck: validates the registration data (and that the e-mail is free) before any code is sent. */
export const precheckRegistration = (body: PrecheckBody): Promise<unknown> => api.post('/precheck', body);

export function usePrecheckRegistration() {
  return useMutation({ mutationFn: precheckRegistration });
}
