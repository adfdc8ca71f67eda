import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLive, type LiveHandlers } from './live';

/** A live connection the test drives: up, down, and events as the server would send them. */
function fakeConnection() {
  const state = { handlers: null as LiveHandlers | null, closed: false };
  return {
    state,
    connect: (handlers: LiveHandlers) => {
      state.handlers = handlers;
      return { close: () => void (state.closed = true) };
    },
    get handlers() {
      if (!state.handlers) throw new Error('not connected');
      return state.handlers;
    },
  };
}

const noEvents = { message: () => {}, ticket: () => {}, notice: () => {}, ended: () => {} };

describe('startLive', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every interval until the socket is up, catches up once on connect, then stops polling', async () => {
    const socket = fakeConnection();
    const catchUp = vi.fn(async () => {});
    const live = startLive({ connect: socket.connect, events: noEvents, catchUp, pollMs: 4000 });

    await vi.advanceTimersByTimeAsync(3999);
    expect(catchUp).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(catchUp).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(catchUp).toHaveBeenCalledTimes(2);

    socket.handlers.up();
    expect(catchUp).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(catchUp).toHaveBeenCalledTimes(3);

    // Dropped: polling again, and one catch-up when it is back.
    socket.handlers.down();
    await vi.advanceTimersByTimeAsync(8000);
    expect(catchUp).toHaveBeenCalledTimes(5);
    socket.handlers.up();
    expect(catchUp).toHaveBeenCalledTimes(6);

    live.stop();
    expect(socket.state.closed).toBe(true);
  });

  it('never runs two catch-ups at once and waits for a slow one before planning the next', async () => {
    const socket = fakeConnection();
    let finish = () => {};
    const catchUp = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const live = startLive({ connect: socket.connect, events: noEvents, catchUp, pollMs: 1000 });

    await vi.advanceTimersByTimeAsync(1000);
    expect(catchUp).toHaveBeenCalledTimes(1);
    socket.handlers.up();
    socket.handlers.down();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(catchUp).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(catchUp).toHaveBeenCalledTimes(2);
    live.stop();
  });

  it('keeps polling after a failed catch-up and stops everything on stop', async () => {
    const socket = fakeConnection();
    const catchUp = vi.fn(async () => {
      throw new Error('offline');
    });
    const live = startLive({ connect: socket.connect, events: noEvents, catchUp, pollMs: 1000 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(catchUp).toHaveBeenCalledTimes(3);
    live.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(catchUp).toHaveBeenCalledTimes(3);
  });

  it('passes the server events through', () => {
    const socket = fakeConnection();
    const message = vi.fn();
    startLive({
      connect: socket.connect,
      events: { ...noEvents, message },
      catchUp: async () => {},
      pollMs: 1000,
    }).stop();
    socket.handlers.message({ id: 'm1' } as never);
    expect(message).toHaveBeenCalledWith({ id: 'm1' });
  });
});
