import { describe, expect, it } from 'vitest';
import { dayKey, dayTitle, previousDayKey, shortWhen, waitedFor } from './dates';

describe('dayKey', () => {
  it('is the calendar day in the given zone', () => {
    expect(dayKey('2026-03-01T23:30:00Z', 'UTC')).toBe('2026-03-01');
    expect(dayKey('2026-03-01T23:30:00Z', 'Asia/Tokyo')).toBe('2026-03-02');
    expect(dayKey('2026-03-01T02:00:00Z', 'America/New_York')).toBe('2026-02-28');
  });
});

describe('dayTitle', () => {
  it('says today and yesterday, across month and year ends', () => {
    expect(dayTitle('2026-03-01', 'en', '2026-03-01')).toEqual({ kind: 'today' });
    expect(dayTitle('2026-02-28', 'en', '2026-03-01')).toEqual({ kind: 'yesterday' });
    expect(previousDayKey('2026-01-01')).toBe('2025-12-31');
  });

  it('writes other days out in the UI language, with the year only when it differs', () => {
    expect(dayTitle('2026-02-10', 'en', '2026-03-01')).toEqual({ kind: 'date', text: 'Tuesday, February 10' });
    const older = dayTitle('2025-02-10', 'es', '2026-03-01');
    expect(older.kind === 'date' && older.text).toContain('2025');
    expect(older.kind === 'date' && older.text).toContain('febrero');
  });
});

describe('shortWhen', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('is relative within the hour', () => {
    expect(shortWhen('2026-03-01T11:59:40Z', 'en', now)).toBe('now');
    expect(shortWhen('2026-03-01T11:55:00Z', 'en', now)).toMatch(/5 min/);
    expect(shortWhen('2026-03-01T12:00:40Z', 'en', now)).toBe('now');
  });

  it('is a date for earlier days', () => {
    expect(shortWhen('2026-02-10T12:00:00Z', 'en', now)).toBe('Feb 10');
    expect(shortWhen('not a date', 'en', now)).toBe('');
  });
});

describe('waitedFor', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('is the largest whole unit in the language', () => {
    expect(waitedFor('2026-03-01T11:56:30Z', 'en', now)).toBe('3 min');
    expect(waitedFor('2026-03-01T09:10:00Z', 'en', now)).toBe('2 hr');
    expect(waitedFor('2026-02-26T12:00:00Z', 'en', now)).toBe('3 days');
    expect(waitedFor('2026-03-01T12:05:00Z', 'en', now)).toBe('0 min');
    expect(waitedFor('2026-03-01T11:00:00Z', 'ru', now)).toMatch(/^1 ч/);
    expect(waitedFor('nope', 'en', now)).toBe('');
  });
});
