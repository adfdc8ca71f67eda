import { describe, expect, it } from 'vitest';
import { EMPTY_WEEK, openPeriods, workingMs, type ZonedSchedule } from '@kreechat/contract';
import { workingTimeline } from './working-timeline';

const HOUR = 3_600_000;
const day = [
  { from: '09:00', to: '12:00' },
  { from: '13:00', to: '17:30' },
];
const zoned: ZonedSchedule = {
  timeZone: 'Europe/Amsterdam',
  schedule: {
    always_open: false,
    week: { ...EMPTY_WEEK, mon: day, tue: day, wed: day, thu: day, fri: day, sat: [{ from: '22:00', to: '24:00' }] },
    special_dates: [{ date: '2026-03-30', name: 'Closed', yearly: false, intervals: [] }],
  },
};

describe('workingTimeline', () => {
  it('answers what the contract workingMs answers for spans across nights, a weekend, a holiday and the DST change', () => {
    // 2026-03-23 … 2026-04-06: Amsterdam moves its clocks on 29 March; 30 March is closed.
    const from = Date.parse('2026-03-23T00:00:00Z');
    const to = Date.parse('2026-04-06T00:00:00Z');
    const timeline = workingTimeline(openPeriods(zoned, from, to));
    // A deterministic spread of spans, starting and ending open and closed.
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 300; i++) {
      const a = from + Math.floor(next() * (to - from));
      const b = Math.min(to, a + Math.floor(next() * 100 * HOUR));
      expect(timeline.workingMs(a, b), `${new Date(a).toISOString()} → ${new Date(b).toISOString()}`).toBe(
        workingMs(zoned, new Date(a), new Date(b)),
      );
    }
  });

  it('is 0 for an empty or reversed span and before the first period', () => {
    const from = Date.parse('2026-03-23T00:00:00Z');
    const timeline = workingTimeline(openPeriods(zoned, from, from + 7 * 24 * HOUR));
    expect(timeline.workingMs(from, from)).toBe(0);
    expect(timeline.workingMs(from + HOUR, from)).toBe(0);
    expect(timeline.workingMs(from, from + 7 * HOUR)).toBe(0); // Monday 08:00 Amsterdam: not open yet
    expect(workingTimeline([]).workingMs(from, from + HOUR)).toBe(0);
  });
});
