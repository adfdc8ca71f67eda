import { useEffect, useState } from 'react';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { connection } from './connection';
import type { WorkspaceSocket } from './socket';

/** SPEC §7 user-panel socket: websocket only, up to 10 reconnection attempts, 1 s apart. */
export const USER_PANEL_SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  transports: ['websocket'],
  withCredentials: true,
  reconnection: true,
  reconnectionAttempts: 10,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 1_000,
  randomizationFactor: 0,
};

/**
 * Opens the user panel's live connection (same origin, the session cookie authenticates the handshake) on mount
 * and closes it on unmount. Returns null until it exists. It listens only, like the workspace's.
 */
export function useUserPanelSocket(): WorkspaceSocket | null {
  const [socket, setSocket] = useState<WorkspaceSocket | null>(null);
  useEffect(() => {
    const created: WorkspaceSocket = io(USER_PANEL_SOCKET_OPTIONS);
    setSocket(created);
    // A drop shows the "reconnecting" banner until the socket is back.
    const untrack = connection.trackSocket(created);
    return () => {
      untrack();
      created.close();
      setSocket(null);
    };
  }, []);
  return socket;
}
