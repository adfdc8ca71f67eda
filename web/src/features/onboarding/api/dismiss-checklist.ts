import type { OnboardingStatus } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onboardingQueryKey } from './get-onboarding';

/** POST /api/onboarding/dismiss {dismissed}: puts the checklist away for the caller (true) or brings it back. */
export const dismissChecklist = (dismissed: boolean): Promise<unknown> =>
  api.post('/onboarding/dismiss', { dismissed }, parser('okSchema'));

export function useDismissChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissChecklist,
    onSuccess: (_answer, dismissed) =>
      queryClient.setQueryData<OnboardingStatus>(onboardingQueryKey, (old) => old && { ...old, dismissed }),
  });
}
