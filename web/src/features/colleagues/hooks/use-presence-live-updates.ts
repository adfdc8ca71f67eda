import { useQueryClient } from '@tanstack/react-query';
import type { Colleague, PresenceBatch, PresenceEvent } from '@kreechat/contract';
import { useSocketEvents, type WorkspaceSocket } from '@/lib/socket';
import { colleaguesQueryKey } from '@/features/colleagues/api/get-colleagues';
import { applyPresence, applyPresenceBatch } from '@/features/colleagues/lib/presence';

/**
 * Colleagues flip online/offline on userLogin / userLogout (SPEC §4) and on presenceChanged (several flips at
 * once); the list is read again on every connect.
 */
export function usePresenceLiveUpdates(socket: WorkspaceSocket | null): void {
  const queryClient = useQueryClient();
  const apply = (event: PresenceEvent) =>
    queryClient.setQueryData<Colleague[]>(colleaguesQueryKey, (list) => list && applyPresence(list, event));
  useSocketEvents(socket, {
    connect: () => void queryClient.invalidateQueries({ queryKey: colleaguesQueryKey }),
    userLogin: apply,
    userLogout: apply,
    presenceChanged: (batch: PresenceBatch) =>
      queryClient.setQueryData<Colleague[]>(colleaguesQueryKey, (list) => list && applyPresenceBatch(list, batch)),
  });
}
