import { useLiveSocket, type LiveSocketOptions, type WorkspaceSocket } from './socket';

/** SPEC §7 user-panel socket: websocket only, up to 10 reconnection attempts, 1 s apart. */
export const USER_PANEL_SOCKET_OPTIONS: LiveSocketOptions = {
  path: '/socket.io',
  transports: ['websocket'],
  withCredentials: true,
  reconnection: true,
  reconnectionAttempts: 10,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 1_000,
  randomizationFactor: 0,
};

/** The user panel's live connection, open while the panel is mounted. It listens only, like the workspace's. */
export const useUserPanelSocket = (): WorkspaceSocket | null => useLiveSocket(USER_PANEL_SOCKET_OPTIONS);
