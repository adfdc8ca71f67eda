import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { connection, createConnectionMonitor, PROBE_FIRST_MS, PROBE_MAX_MS, type TrackedSocket } from './connection';

/** Timers the test runs by hand: `due()` lists the pending delays, `fire()` runs the oldest. */
function manualTimers() {
  const pending: { run: () => void; ms: number; id: number }[] = [];
  let next = 0;
  return {
    timers: {
      set: (run: () => void, ms: number) => {
        pending.push({ run, ms, id: ++next });
        return next;
      },
      clear: (handle: unknown) => {
        const i = pending.findIndex((p) => p.id === handle);
        if (i >= 0) pending.splice(i, 1);
      },
    },
    due: () => pending.map((p) => p.ms),
    async fire() {
      const first = pending.shift();
      first?.run();
      await new Promise((r) => setTimeout(r, 0)); // the probe's promise settles
    },
  };
}

/** A socket.io client as the monitor sees it: `active` until a refused handshake, `connect()` counted. */
const socket = () => {
  const emitter = new EventEmitter() as EventEmitter & TrackedSocket & { active: boolean; connects: number };
  emitter.active = true;
  emitter.connects = 0;
  emitter.connect = () => {
    emitter.connects++;
    emitter.active = true;
  };
  return emitter;
};

describe('connection monitor', () => {
  it('a failed call is "lost" until the readiness probe answers, backing off 1 s → 5 s, then recovers once', async () => {
    const clock = manualTimers();
    const answers = [false, false, false, false, true];
    const probe = vi.fn(async () => answers.shift()!);
    const monitor = createConnectionMonitor({ probe, timers: clock.timers });
    const seen: string[] = [];
    monitor.subscribe(() => seen.push(monitor.status()));
    const recovered = vi.fn();
    monitor.onRecovered(recovered);

    monitor.reportApi(true);
    expect(monitor.status()).toBe('online');
    monitor.reportApi(false);
    monitor.reportApi(false); // a second failed call schedules no second probe
    expect(monitor.status()).toBe('lost');
    expect(clock.due()).toEqual([PROBE_FIRST_MS]);
    const delays: number[] = [];
    while (clock.due().length) {
      delays.push(clock.due()[0]!);
      await clock.fire();
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, PROBE_MAX_MS, PROBE_MAX_MS]);
    expect(probe).toHaveBeenCalledTimes(5);
    expect(monitor.status()).toBe('online');
    expect(seen).toEqual(['lost', 'online']);
    expect(recovered).toHaveBeenCalledTimes(1);
  });

  it('any answered call ends "lost" at once and stops probing', async () => {
    const clock = manualTimers();
    const probe = vi.fn(async () => false);
    const monitor = createConnectionMonitor({ probe, timers: clock.timers });
    const recovered = vi.fn();
    monitor.onRecovered(recovered);
    monitor.reportApi(false);
    monitor.reportApi(true);
    expect(monitor.status()).toBe('online');
    expect(clock.due()).toEqual([]);
    expect(recovered).toHaveBeenCalledTimes(1);
  });

  it('a dropped socket is "reconnecting" until it connects again; the page closing it is no drop', () => {
    const monitor = createConnectionMonitor({ probe: async () => true, timers: manualTimers().timers });
    const recovered = vi.fn();
    monitor.onRecovered(recovered);
    const a = socket();
    const b = socket();
    monitor.trackSocket(a);
    const untrackB = monitor.trackSocket(b);

    a.emit('connect');
    b.emit('connect');
    expect(monitor.status()).toBe('online');
    a.emit('disconnect', 'transport close');
    b.emit('connect_error', new Error('websocket error'));
    expect(monitor.status()).toBe('reconnecting');
    a.emit('connect');
    expect(monitor.status()).toBe('reconnecting'); // b is still down
    untrackB(); // the page closed b
    expect(monitor.status()).toBe('online');
    a.emit('disconnect', 'io client disconnect');
    expect(monitor.status()).toBe('online');
    // A socket's own reconnection refetches what its events maintain: no page-wide refetch for it.
    expect(recovered).not.toHaveBeenCalled();

    // Calls failing outrank a socket down; calls back while the socket is still down: reconnecting, then online.
    a.emit('disconnect', 'ping timeout');
    monitor.reportApi(false);
    expect(monitor.status()).toBe('lost');
    monitor.reportApi(true);
    expect(monitor.status()).toBe('reconnecting');
    expect(recovered).not.toHaveBeenCalled();
    a.emit('connect');
    expect(monitor.status()).toBe('online');
    expect(recovered).toHaveBeenCalledTimes(1);
  });

  it('a handshake refused as "unavailable" (the database away) is tried again; "unauthorized" is final', async () => {
    const clock = manualTimers();
    const monitor = createConnectionMonitor({ probe: async () => true, timers: clock.timers });
    const s = socket();
    const untrack = monitor.trackSocket(s);
    // socket.io gives up after a refused handshake: active turns false before connect_error.
    const refuse = (message: string) => {
      s.active = false;
      s.emit('connect_error', new Error(message));
    };
    refuse('unavailable');
    expect(monitor.status()).toBe('reconnecting');
    expect(clock.due()).toEqual([PROBE_FIRST_MS]);
    await clock.fire();
    expect(s.connects).toBe(1);
    refuse('unavailable');
    expect(clock.due()).toEqual([2_000]);
    await clock.fire();
    expect(s.connects).toBe(2);
    s.emit('connect');
    expect(monitor.status()).toBe('online');

    refuse('unauthorized');
    expect(clock.due()).toEqual([]);
    // A transport error while socket.io still retries by itself: the monitor leaves it alone.
    s.active = true;
    s.emit('connect_error', new Error('unavailable'));
    expect(clock.due()).toEqual([]);
    refuse('unavailable');
    untrack(); // the page closed it: no retry left behind
    expect(clock.due()).toEqual([]);
  });
});

describe('the API client reports to the page monitor', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'x' }), { status })),
    );

  it("503 (the server's database away), a proxy's 502/504 and no response are lost; a 4xx proves it answers", async () => {
    for (const status of [502, 504]) {
      answer(status);
      await expect(api.get('/tickets')).rejects.toMatchObject({ status });
      expect(connection.status()).toBe('lost');
      answer(200);
      await api.get('/tickets');
      expect(connection.status()).toBe('online');
    }
    answer(503);
    await expect(api.get('/tickets')).rejects.toMatchObject({ status: 503 });
    expect(connection.status()).toBe('lost');
    answer(404);
    await expect(api.get('/tickets')).rejects.toMatchObject({ status: 404 });
    expect(connection.status()).toBe('online');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/tickets')).rejects.toMatchObject({ status: 0 });
    expect(connection.status()).toBe('lost');
    answer(200);
    await api.get('/tickets');
    expect(connection.status()).toBe('online');
  });
});
