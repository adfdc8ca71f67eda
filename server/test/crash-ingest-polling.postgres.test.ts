/**
 * Crash mid-ingest, Telegram long polling: SIGKILL during a burst; the offset given to getUpdates never
 * passed an update that was not committed, and after the restart every update is stored exactly once, each chat's
 * in update order. Logs the figures for BENCHMARKS.md. PostgreSQL project only.
 */
import { describe, expect, it } from 'vitest';
import { burst, CHATS, deployEach, expectEachStoredOnceInOrder, stored, TOTAL } from './crash-ingest';
import { eventually } from './harness';

const deploy = deployEach();

describe('crash mid-ingest', () => {
  it('polling: SIGKILL during a burst; the offset never passes an unrecorded update; each stored once, in order', async () => {
    const started = Date.now();
    const d = await deploy('polling');
    expect(d.fake.webhook(d.bot.token)).toBeUndefined();
    await eventually(() => d.fake.activePolls(d.bot.token) === 1, 20_000);
    const updates = burst(d.fake, d.bot, { files: false });
    const ids = updates.map((u) => u.update_id);
    for (const update of updates) await d.fake.pushUpdate(d.bot.token, update);

    // Killed in the middle of the burst: some batches taken in, one (or more) half done.
    await eventually(async () => (await stored(d)).copies.size >= TOTAL * 0.3, 20_000);
    await d.kill();
    const offsets = () => d.fake.calls(d.bot.token, 'getUpdates').map((c) => Number(c.params.offset ?? 0));
    const confirmed = Math.max(...offsets());
    const before = await stored(d);
    // Every update the offset confirmed (Telegram forgets them) was recorded before: none is lost.
    expect(ids.filter((id) => id < confirmed && !before.recorded.has(id))).toEqual([]);
    // And processed: the offset moves past a batch only once it is (none of these fails), so none is left behind.
    expect(ids.filter((id) => id < confirmed && !before.processed.has(id))).toEqual([]);
    expect([...before.copies.values()].filter((n) => n > 1)).toEqual([]);
    const recordedUnprocessed = [...before.recorded].filter((id) => !before.processed.has(id)).length;
    const handedOut = ids.filter((id) => id >= confirmed && before.recorded.has(id)).length;
    const callsBefore = offsets().length;

    const restartAt = Date.now();
    await d.restart();
    const healthyAt = Date.now();
    await eventually(async () => (await stored(d)).copies.size === TOTAL, 40_000);
    const allStoredAt = Date.now();

    const after = await stored(d);
    expectEachStoredOnceInOrder(after, ids);
    // The offsets only ever grew, and after the restart the first poll asked again from the last confirmed one.
    const all = offsets();
    expect(all.slice(1).every((o, i) => o === 0 || o >= all[i]!)).toBe(true);
    expect(all[callsBefore]).toBe(confirmed);

    console.info(
      `[crash-ingest polling] ${TOTAL} updates from ${CHATS} chats; at the kill ${before.copies.size} stored, ` +
        `offset confirmed ${ids.filter((id) => id < confirmed).length}, ${recordedUnprocessed} recorded but not yet ` +
        `processed, ${handedOut} recorded past the offset (handed out again); restart → healthy ` +
        `${healthyAt - restartAt} ms, restart → every update stored ${allStoredAt - restartAt} ms; wall ` +
        `${Date.now() - started} ms`,
    );
  }, 90_000);
});
