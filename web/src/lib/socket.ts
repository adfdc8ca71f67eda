import { createContext, useContext, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { ServerEvents } from '@kreechat/contract';
import { connection } from './connection';

/** The workspace's live connection: it only listens (SPEC §7 names no client events). */
export type WorkspaceSocket = Socket<ServerEvents, Record<string, never>>;

/** SPEC §9 workspace socket: 20 s connect timeout, reconnection delay 1 s up to 5 s, randomisation 0.5. */
export const WORKSPACE_SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  transports: ['websocket'],
  withCredentials: true,
  timeout: 20_000,
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
};

/**
 * Opens the workspace socket (same origin, the session cookie authenticates the handshake) on mount and closes
 * it on unmount. Returns null until it exists.
 */
export function useWorkspaceSocket(): WorkspaceSocket | null {
  const [socket, setSocket] = useState<WorkspaceSocket | null>(null);
  useEffect(() => {
    const created: WorkspaceSocket = io(WORKSPACE_SOCKET_OPTIONS);
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

/**
 * Calls `refetch` on every (re)connection. Events sent while the socket was down — or before its first
 * handshake, while the screen's first requests were in flight — are lost, so whatever the events maintain must be
 * read again from the server.
 */
export function onEveryConnect(socket: WorkspaceSocket, refetch: () => void): () => void {
  socket.on('connect', refetch);
  return () => {
    socket.off('connect', refetch);
  };
}

/**
 * An admin changed this user's role or department: the server already moved the connection to the new rooms, so
 * everything the screens show (the session's role, the department, the lists) is read again.
 */
export function useRefreshOnAccessChange(socket: WorkspaceSocket | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refresh = () => void queryClient.invalidateQueries();
    socket.on('accessChanged', refresh);
    return () => {
      socket.off('accessChanged', refresh);
    };
  }, [socket, queryClient]);
}

/**
 * The admin panel's one live connection (SPEC §7: it connects on mount), opened by its layout and shared by its
 * screens, so moving between sections keeps it instead of reconnecting.
 */
export const PanelSocketContext = createContext<WorkspaceSocket | null>(null);

export const usePanelSocket = (): WorkspaceSocket | null => useContext(PanelSocketContext);
