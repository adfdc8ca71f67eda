import type { WorkspaceSocket } from '@/lib/socket';

/** Just enough of a Socket.IO client socket: listeners by event name, and a way to play a server event to them. */
export class FakeSocket {
  readonly listeners = new Map<string, Set<(payload?: unknown) => void>>();

  on(name: string, listener: (payload?: unknown) => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)?.add(listener);
    return this;
  }

  off(name: string, listener: (payload?: unknown) => void) {
    this.listeners.get(name)?.delete(listener);
    return this;
  }

  play(name: string, payload?: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(payload);
  }

  get asSocket() {
    return this as unknown as WorkspaceSocket;
  }
}
