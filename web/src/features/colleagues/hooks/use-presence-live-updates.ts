import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Colleague, PresenceBatch, PresenceEvent } from '@kreechat/contract';
import { onEveryConnect, type WorkspaceSocket } from '@/lib/socket';
import { colleaguesQueryKey } from '@/features/colleagues/api/get-colleagues';
import { applyPresence, applyPresenceBatch } from '@/features/colleagues/lib/presence';

/**
 * Colleagues flip online/offline on userLogin / userLogout (SPEC §4) and on presenceChanged (several flips at
 * once); the list is read again on every connect.
 */
export function usePresenceLiveUpdates(socket: WorkspaceSocket | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const apply = (event: PresenceEvent) =>
      queryClient.setQueryData<Colleague[]>(colleaguesQueryKey, (list) => list && applyPresence(list, event));
    const applyBatch = (batch: PresenceBatch) =>
      queryClient.setQueryData<Colleague[]>(colleaguesQueryKey, (list) => list && applyPresenceBatch(list, batch));
    const unsubscribe = onEveryConnect(
      socket,
      () => void queryClient.invalidateQueries({ queryKey: colleaguesQueryKey }),
    );
    socket.on('userLogin', apply);
    socket.on('userLogout', apply);
    socket.on('presenceChanged', applyBatch);
    return () => {
      unsubscribe();
      socket.off('userLogin', apply);
      socket.off('userLogout', apply);
      socket.off('presenceChanged', applyBatch);
    };
  }, [socket, queryClient]);
}
