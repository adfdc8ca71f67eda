import { describe, expect, it } from 'vitest';
import { monthsBefore } from './months';

describe('monthsBefore', () => {
  it('goes back calendar months in UTC, keeping the time of day', () => {
    expect(monthsBefore(new Date('2026-09-15T10:20:30.400Z'), 6).toISOString()).toBe('2026-03-15T10:20:30.400Z');
    expect(monthsBefore(new Date('2026-03-02T09:00:00.000Z'), 3).toISOString()).toBe('2025-12-02T09:00:00.000Z');
    expect(monthsBefore(new Date('2026-03-02T09:00:00.000Z'), 120).toISOString()).toBe('2016-03-02T09:00:00.000Z');
  });

  it('clamps the day to the shorter month rather than running into the next', () => {
    expect(monthsBefore(new Date('2026-03-31T12:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(monthsBefore(new Date('2028-03-31T12:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(monthsBefore(new Date('2026-05-31T00:00:00.000Z'), 1).toISOString()).toBe('2026-04-30T00:00:00.000Z');
  });
});
