/** A logged-in browser's live connection, collecting every event it receives. */
import type { ServerEventName, ServerEventPayload } from '@kreechat/contract';
import { io, type Socket } from 'socket.io-client';
import type { TestClient } from './harness';
import { eventually } from './harness';

export type LiveEvent = { event: ServerEventName; payload: any };

export async function connectLive(baseUrl: string, client: TestClient) {
  const events: LiveEvent[] = [];
  const socket: Socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: `kc_session=${client.cookie('kc_session') ?? ''}` },
    reconnection: false,
  });
  socket.onAny((event: ServerEventName, payload: unknown) => events.push({ event, payload }));
  const connected = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
  return {
    socket,
    connected,
    events,
    /** The first event of this name whose payload passes `match`, waiting for it. */
    waitFor<E extends ServerEventName>(
      event: E,
      match: (p: ServerEventPayload<E>) => boolean = () => true,
      timeoutMs = 5_000,
    ) {
      return eventually(
        () => events.find((e) => e.event === event && match(e.payload))?.payload as ServerEventPayload<E> | undefined,
        timeoutMs,
      );
    },
    of: (event: ServerEventName) => events.filter((e) => e.event === event).map((e) => e.payload),
    close: () => socket.close(),
  };
}
