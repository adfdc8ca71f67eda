/**
 * Crash mid-ingest, Telegram webhook: the real server is killed with SIGKILL while a bot's updates arrive
 * in bulk from many chats at once, then started again on the same address; the fake Bot API resends every update it
 * was not answered 2xx for, as Telegram does. What was acknowledged was stored; in the end every update is stored
 * exactly once, each chat's in update order. Logs the figures for BENCHMARKS.md. PostgreSQL project only.
 */
import { describe, expect, it } from 'vitest';
import { burst, CHATS, deployEach, expectEachStoredOnceInOrder, stored, TOTAL } from './crash-ingest';
import { eventually } from './harness';

const deploy = deployEach();

describe('crash mid-ingest', () => {
  it('webhook: SIGKILL while updates arrive in bulk; what was acknowledged is stored, the resent rest once, in order', async () => {
    const started = Date.now();
    const d = await deploy('webhook');
    expect(d.fake.webhook(d.bot.token)?.url).toContain(d.server!.baseUrl);
    const updates = burst(d.fake, d.bot, { files: true });
    const ids = updates.map((u) => u.update_id);
    const files = new Set(updates.filter((u) => u.message?.document).map((u) => u.update_id));

    d.fake.queueWebhookUpdates(d.bot.token, updates, { retryMs: 100 });
    await eventually(() => d.fake.webhookDeliveries(d.bot.token).acknowledged.length >= TOTAL * 0.3, 20_000);
    const killedAt = Date.now();
    await d.kill();
    const atKill = d.fake.webhookDeliveries(d.bot.token);

    // Everything answered 2xx before the kill is recorded, a text stored once (a file may wait for its download);
    // nothing is stored twice.
    const before = await stored(d);
    const acknowledged = atKill.acknowledged;
    expect(acknowledged.filter((id) => !before.recorded.has(id))).toEqual([]);
    expect(acknowledged.filter((id) => !files.has(id) && before.copies.get(id) !== 1)).toEqual([]);
    const filesPending = acknowledged.filter((id) => files.has(id) && !before.copies.has(id)).length;
    expect([...before.copies.values()].filter((n) => n > 1)).toEqual([]);
    const inFlight = atKill.attempts.filter((a) => a.startedAt <= killedAt && a.status === null);
    const committedUnanswered = inFlight.filter((a) => before.copies.has(a.update_id));

    const restartAt = Date.now();
    await d.restart();
    const healthyAt = Date.now();
    await eventually(async () => (await stored(d)).copies.size === TOTAL, 40_000);
    const allStoredAt = Date.now();
    await eventually(() => d.fake.webhookDeliveries(d.bot.token).waiting === 0, 10_000);

    const after = await stored(d);
    expectEachStoredOnceInOrder(after, ids);
    const done = d.fake.webhookDeliveries(d.bot.token);
    expect(new Set(done.acknowledged).size).toBe(TOTAL);
    const tries = new Map<number, number>();
    for (const a of done.attempts) tries.set(a.update_id, (tries.get(a.update_id) ?? 0) + 1);
    const resent = [...tries.values()].filter((n) => n > 1).length;
    // Updates the dead process committed but never answered came again, and were dropped as redeliveries.
    expect(committedUnanswered.every((a) => after.copies.get(a.update_id) === 1)).toBe(true);

    console.info(
      `[crash-ingest webhook] ${TOTAL} updates from ${CHATS} chats (${files.size} files); ${acknowledged.length} acknowledged before the ` +
        `kill (${filesPending} files among them recorded, not yet stored); ${inFlight.length} in flight at the kill (${committedUnanswered.length} of them committed, never ` +
        `answered); ${resent} updates resent (${done.attempts.length - TOTAL} extra tries); restart → healthy ` +
        `${healthyAt - restartAt} ms, restart → every update stored ${allStoredAt - restartAt} ms; wall ` +
        `${Date.now() - started} ms`,
    );
  }, 90_000);
});
