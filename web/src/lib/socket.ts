import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { ServerEventName, ServerEvents } from '@kreechat/contract';
import { connection } from './connection';
import { loadAgain } from './load-again';

/** The workspace's live connection: it only listens (SPEC §7 names no client events). */
export type WorkspaceSocket = Socket<ServerEvents, Record<string, never>>;

/** How a live connection is opened: Socket.IO's manager and socket options. */
export type LiveSocketOptions = Partial<ManagerOptions & SocketOptions>;

/** SPEC §9 workspace socket: 20 s connect timeout, reconnection delay 1 s up to 5 s, randomisation 0.5. */
export const WORKSPACE_SOCKET_OPTIONS: LiveSocketOptions = {
  path: '/socket.io',
  transports: ['websocket'],
  withCredentials: true,
  timeout: 20_000,
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
};

const loadSocketClient = loadAgain(() => import('socket.io-client'));

/**
 * Opens a live connection (same origin, the session cookie authenticates the handshake) with `options` on mount and
 * closes it on unmount. Returns null until it exists. `options` should be a constant: new options open a new
 * connection. The Socket.IO client is fetched here, after the screen's first paint, not with the screen: a live
 * connection only reports changes to what the first requests read (and `connect` reads them again anyway).
 */
export function useLiveSocket(options: LiveSocketOptions): WorkspaceSocket | null {
  const [socket, setSocket] = useState<WorkspaceSocket | null>(null);
  useEffect(() => {
    let closed = false;
    let close = () => {};
    void loadSocketClient().then(({ io }) => {
      if (closed) return;
      const created: WorkspaceSocket = io(options);
      setSocket(created);
      // A drop shows the "reconnecting" banner until the socket is back.
      const untrack = connection.trackSocket(created);
      close = () => {
        untrack();
        created.close();
      };
    });
    return () => {
      closed = true;
      close();
      setSocket(null);
    };
  }, [options]);
  return socket;
}

/** The workspace's live connection, open while the workspace is mounted. */
export const useWorkspaceSocket = (): WorkspaceSocket | null => useLiveSocket(WORKSPACE_SOCKET_OPTIONS);

/**
 * What a screen hears on a socket: a handler per server event, and `connect`, called on every (re)connection.
 * Events sent while the socket was down — or before its first handshake, while the screen's first requests were in
 * flight — are lost, so whatever the events maintain is read again from the server in `connect`.
 */
export type SocketHandlers = { [E in ServerEventName]?: ServerEvents[E] } & { connect?: () => void };

type HandlerName = keyof SocketHandlers;

/** The socket seen as a plain emitter: the names subscribed are only known at run time. */
interface Emitter {
  on(name: string, listener: (payload: unknown) => void): unknown;
  off(name: string, listener: (payload: unknown) => void): unknown;
}

/**
 * Subscribes `handlers` on `socket` while it exists and unsubscribes them on unmount or when the socket changes.
 * The handlers may be new functions on every render: the subscription calls the newest ones and is renewed only
 * when the socket or the set of event names changes, so no event is missed between renders.
 */
export function useSocketEvents(socket: WorkspaceSocket | null, handlers: SocketHandlers): void {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const names = Object.keys(handlers).sort().join(' ');

  useEffect(() => {
    if (!socket || !names) return;
    const emitter = socket as unknown as Emitter;
    const subscribed = names.split(' ').map((name) => {
      const listener = (payload: unknown) => {
        const handler = latest.current[name as HandlerName] as ((payload: unknown) => void) | undefined;
        handler?.(payload);
      };
      emitter.on(name, listener);
      return { name, listener };
    });
    return () => {
      for (const { name, listener } of subscribed) emitter.off(name, listener);
    };
  }, [socket, names]);
}

/**
 * An admin changed this user's role or department: the server already moved the connection to the new rooms, so
 * everything the screens show (the session's role, the department, the lists) is read again.
 */
export function useRefreshOnAccessChange(socket: WorkspaceSocket | null): void {
  const queryClient = useQueryClient();
  useSocketEvents(socket, { accessChanged: () => void queryClient.invalidateQueries() });
}

/**
 * The admin panel's one live connection (SPEC §7: it connects on mount), opened by its layout and shared by its
 * screens, so moving between sections keeps it instead of reconnecting.
 */
export const PanelSocketContext = createContext<WorkspaceSocket | null>(null);

export const usePanelSocket = (): WorkspaceSocket | null => useContext(PanelSocketContext);
