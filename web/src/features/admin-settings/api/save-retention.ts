import type { RetentionBody, RetentionResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionQueryKey } from './get-retention';

/** PUT /api/retention {months}: saves the setting (null: off); the answer is the setting and its dry run. */
export const saveRetention = (body: RetentionBody): Promise<RetentionResponse> =>
  api.put('/retention', body, parser('retentionResponseSchema'));

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRetention,
    onSuccess: (saved) => {
      queryClient.setQueryData(retentionQueryKey, saved);
      return queryClient.invalidateQueries({ queryKey: [...retentionQueryKey, 'preview'] });
    },
  });
}
