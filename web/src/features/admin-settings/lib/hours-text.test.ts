import { describe, expect, it } from 'vitest';
import { statusText, weekdayName } from './hours-text';

const ZONE = 'Europe/Amsterdam';
// Wednesday 1 July 2026, 12:00 in Amsterdam.
const NOW = new Date('2026-07-01T10:00:00Z');

describe('weekdayName', () => {
  it('names the day in the language', () => {
    expect(weekdayName('mon', 'en')).toBe('Monday');
    expect(weekdayName('sun', 'nl')).toBe('zondag');
  });
});

describe('statusText', () => {
  it('gives the closing time of today', () => {
    expect(statusText({ kind: 'open', closes: new Date('2026-07-01T15:00:00Z') }, NOW, ZONE, 'en-GB')).toEqual({
      key: 'openToday',
      values: { time: '17:00' },
    });
  });

  it("names the day when the opening is not today in the schedule's zone", () => {
    // 23:30 UTC on Wednesday is already Thursday 01:30 in Amsterdam.
    expect(statusText({ kind: 'closed', opens: new Date('2026-07-01T23:30:00Z') }, NOW, ZONE, 'en-GB')).toEqual({
      key: 'closedDay',
      values: { day: 'Thursday', time: '01:30' },
    });
  });

  it('adds the date a week or more away', () => {
    expect(statusText({ kind: 'closed', opens: new Date('2026-07-13T07:00:00Z') }, NOW, ZONE, 'en-GB')).toEqual({
      key: 'closedDate',
      values: { day: 'Monday 13 July', time: '09:00' },
    });
  });

  it('has its own words for 24/7, no hours at all and an open period without end', () => {
    expect(statusText({ kind: 'always' }, NOW, ZONE, 'en').key).toBe('always');
    expect(statusText({ kind: 'closed', opens: null }, NOW, ZONE, 'en').key).toBe('closedNoHours');
    expect(statusText({ kind: 'open', closes: null }, NOW, ZONE, 'en').key).toBe('openLong');
  });
});
