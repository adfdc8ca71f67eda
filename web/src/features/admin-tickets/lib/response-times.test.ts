import { describe, expect, it } from 'vitest';
import { durationParts, periodQuery } from './response-times';

describe('the response-times period', () => {
  it('counts the last days with today, across a month and a year', () => {
    expect(periodQuery({ kind: 7 }, '2026-11-26')).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(periodQuery({ kind: 30 }, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(periodQuery({ kind: 90 }, '2027-01-15')).toEqual({ from: '2026-10-18', to: '2027-01-15' });
  });

  it('asks nothing while chosen dates are missing or reversed', () => {
    expect(periodQuery({ kind: 'dates', from: '2026-11-01', to: '2026-11-26' }, '2026-11-26')).toEqual({
      from: '2026-11-01',
      to: '2026-11-26',
    });
    expect(periodQuery({ kind: 'dates', from: '', to: '2026-11-26' }, '2026-11-26')).toBeNull();
    expect(periodQuery({ kind: 'dates', from: '2026-11-27', to: '2026-11-26' }, '2026-11-26')).toBeNull();
  });
});

describe('a response time in words', () => {
  it('uses seconds, minutes, hours and minutes, days and hours', () => {
    expect(durationParts(45.4)).toEqual({ unit: 'seconds', seconds: 45 });
    expect(durationParts(12 * 60 + 20)).toEqual({ unit: 'minutes', minutes: 12 });
    expect(durationParts(59 * 60 + 40)).toEqual({ unit: 'hours', hours: 1, minutes: 0 });
    expect(durationParts(65 * 60)).toEqual({ unit: 'hours', hours: 1, minutes: 5 });
    expect(durationParts(51 * 3600 + 10 * 60)).toEqual({ unit: 'days', days: 2, hours: 3 });
    expect(durationParts(-3)).toEqual({ unit: 'seconds', seconds: 0 });
  });
});
