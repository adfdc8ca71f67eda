import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Colleague, PresenceEvent } from '@kreechat/contract';
import { onEveryConnect, type WorkspaceSocket } from '../../../lib/socket';
import { colleaguesQueryKey } from '../api/get-colleagues';
import { applyPresence } from '../lib/presence';

/** Colleagues flip online/offline on userLogin / userLogout (SPEC §4); the list is read again on every connect. */
export function usePresenceLiveUpdates(socket: WorkspaceSocket | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const apply = (event: PresenceEvent) =>
      queryClient.setQueryData<Colleague[]>(colleaguesQueryKey, (list) => list && applyPresence(list, event));
    const unsubscribe = onEveryConnect(
      socket,
      () => void queryClient.invalidateQueries({ queryKey: colleaguesQueryKey }),
    );
    socket.on('userLogin', apply);
    socket.on('userLogout', apply);
    return () => {
      unsubscribe();
      socket.off('userLogin', apply);
      socket.off('userLogout', apply);
    };
  }, [socket, queryClient]);
}
