import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { TestClock } from '../../test/harness';
import { createTestDatabase } from '../../test/test-db';
import { addressBucket } from './client-address';
import { createFailureLimiter, delayAfterMs, type Schedule } from './failure-limiter';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const schedule: Schedule = { free: 3, firstDelayMs: 10_000, maxDelayMs: 60_000, forgetAfterMs: 3600_000 };

describe('failure limiter on the real database', () => {
  it('counts 100 concurrent claims as 100, each seeing its own count', async () => {
    const limiter = createFailureLimiter(database.db, new TestClock());
    const claims = await Promise.all(
      Array.from({ length: 100 }, () => limiter.claim('t|burst', { max: 10, windowMs: 60_000 })),
    );
    expect(claims.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(await limiter.count('t|burst')).toBe(100);
  });

  it('starts a new window once the old one has passed', async () => {
    const clock = new TestClock();
    const limiter = createFailureLimiter(database.db, clock);
    await limiter.claim('t|window', { max: 2, windowMs: 60_000 });
    await limiter.claim('t|window', { max: 2, windowMs: 60_000 });
    clock.advance(60_001);
    const fresh = await limiter.claim('t|window', { max: 2, windowMs: 60_000 });
    expect(fresh).toEqual({ count: 1, resetsAt: new Date(clock.now().getTime() + 60_000) });
  });

  it('admits exactly one of 50 concurrent claims once the schedule asks for a wait, and doubles the wait', async () => {
    const clock = new TestClock();
    const limiter = createFailureLimiter(database.db, clock);
    for (let i = 0; i < 3; i++)
      expect(await limiter.claimSlot('t|slot', schedule, { exempt: false })).toEqual({ admitted: true });
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => limiter.claimSlot('t|slot', schedule, { exempt: false })),
    );
    expect(burst.filter((c) => c.admitted)).toHaveLength(0);
    expect(burst[0]).toEqual({ admitted: false, notBefore: new Date(clock.now().getTime() + 10_000) });

    clock.advance(10_000);
    const next = await Promise.all(
      Array.from({ length: 50 }, () => limiter.claimSlot('t|slot', schedule, { exempt: false })),
    );
    expect(next.filter((c) => c.admitted)).toHaveLength(1);
    expect(await limiter.count('t|slot')).toBe(4);
    expect(next.find((c) => !c.admitted)).toEqual({
      admitted: false,
      notBefore: new Date(clock.now().getTime() + 20_000),
    });
  });

  it('lets an exempt claim through a wait without pushing the wait beyond the longest delay', async () => {
    const clock = new TestClock();
    const limiter = createFailureLimiter(database.db, clock);
    for (let i = 0; i < 3; i++) await limiter.claimSlot('t|exempt', schedule, { exempt: false });
    const exempt = await Promise.all(
      Array.from({ length: 20 }, () => limiter.claimSlot('t|exempt', schedule, { exempt: true })),
    );
    expect(exempt.every((c) => c.admitted)).toBe(true);
    expect(await limiter.count('t|exempt')).toBe(23);
    expect(await limiter.claimSlot('t|exempt', schedule, { exempt: false })).toEqual({
      admitted: false,
      notBefore: new Date(clock.now().getTime() + schedule.maxDelayMs),
    });
  });

  it('forgets a run after a quiet spell, and gives claims back without going below zero', async () => {
    const clock = new TestClock();
    const limiter = createFailureLimiter(database.db, clock);
    for (let i = 0; i < 5; i++) await limiter.claimSlot('t|forget', schedule, { exempt: true });
    clock.advance(schedule.maxDelayMs + schedule.forgetAfterMs + 1);
    expect(await limiter.claimSlot('t|forget', schedule, { exempt: false })).toEqual({ admitted: true });
    expect(await limiter.count('t|forget')).toBe(1);
    await limiter.release('t|forget');
    await limiter.release('t|forget');
    expect(await limiter.count('t|forget')).toBe(0);
  });

  it('sweeps only counters untouched for longer than asked', async () => {
    const clock = new TestClock();
    const limiter = createFailureLimiter(database.db, clock);
    await limiter.claim('t|old', { max: 10, windowMs: 60_000 });
    clock.advance(47 * 3600_000);
    await limiter.claim('t|recent', { max: 10, windowMs: 60_000 });
    clock.advance(2 * 3600_000);
    await limiter.sweep(48 * 3600_000);
    expect(await limiter.count('t|old')).toBe(0);
    expect(await limiter.count('t|recent')).toBe(1);
  });

  it('computes the delays a schedule imposes', () => {
    expect([1, 2, 3, 4, 5, 6, 1000].map((n) => delayAfterMs(n, schedule))).toEqual([
      0, 0, 10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });
});

describe('address buckets', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:DB8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
    ['not an address', 'unknown'],
  ])('counts %s as %s', (address, bucket) => {
    expect(addressBucket(address)).toBe(bucket);
  });
});
