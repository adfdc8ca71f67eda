import { describe, expect, it } from 'vitest';
import { periodQuery } from './response-times';

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
