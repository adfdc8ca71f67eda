import { describe, expect, it, vi } from 'vitest';
import { createConnectionMonitor } from './connection';
import { loadAgain } from './load-again';

/** A monitor whose probe says what the test says, with timers the test runs. */
function monitorWith(reachable: () => boolean) {
  const pending: (() => void)[] = [];
  const monitor = createConnectionMonitor({
    probe: async () => reachable(),
    timers: { set: (run) => pending.push(run), clear: () => undefined },
  });
  const tick = async () => {
    for (const run of pending.splice(0)) run();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { monitor, tick };
}

describe('loadAgain', () => {
  it('fetches code once when it arrives', async () => {
    const { monitor } = monitorWith(() => true);
    const load = vi.fn(async () => 'code');
    expect(await loadAgain(load, { monitor })()).toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
    expect(monitor.status()).toBe('online');
  });

  it('waits for the server when the fetch failed, says the connection is lost meanwhile, and fetches again', async () => {
    let serverUp = false;
    const { monitor, tick } = monitorWith(() => serverUp);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('code');
    const reload = vi.fn();
    let result: string | undefined;
    void loadAgain(load, { monitor, reload })().then((code) => (result = code));
    await tick();
    expect(monitor.status()).toBe('lost');
    await tick(); // the probe: still away
    expect(result).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    serverUp = true;
    await tick();
    await tick();
    expect(result).toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
    expect(monitor.status()).toBe('online');
  });

  it('reloads the page when the code is still missing with the server answering (a new release replaced it)', async () => {
    const { monitor, tick } = monitorWith(() => true);
    const missing = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(missing);
    const reload = vi.fn();
    const outcome = loadAgain(load, { monitor, reload })().catch((error: unknown) => error);
    await tick();
    await tick();
    expect(await outcome).toBe(missing);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
