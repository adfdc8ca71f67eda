import type { AutoMessageBody, AutoMessageKind, AutoMessagesResponse } from '@kreechat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { automaticMessagesQueryKey } from './get-automatic-messages';

/**
 * PUT /api/automatic-messages/:kind {enabled, texts}: the kind's switch and the company's own texts (a language
 * left out or empty goes back to the default). A text naming a variable its kind cannot have is refused with 400.
 */
export const saveAutomaticMessage = ({ kind, body }: { kind: AutoMessageKind; body: AutoMessageBody }) =>
  api.put(`/automatic-messages/${kind}`, body);

export function useSaveAutomaticMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutomaticMessage,
    onSuccess: (_answer, { kind, body }) => {
      // What was saved shows at once (a switch does not flick back until the list is read again), then the list
      // is read again for what the server made of it.
      queryClient.setQueryData<AutoMessagesResponse>(
        automaticMessagesQueryKey,
        (list) =>
          list && {
            messages: list.messages.map((m) =>
              m.kind === kind ? { ...m, enabled: body.enabled, texts: body.texts } : m,
            ),
          },
      );
      return queryClient.invalidateQueries({ queryKey: automaticMessagesQueryKey });
    },
  });
}
