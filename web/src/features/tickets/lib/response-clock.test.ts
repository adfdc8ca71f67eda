import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE, EMPTY_WEEK, type OpeningHours } from '@kreechat/contract';
import { departmentClocks, responseClock } from './response-clock';

const nineToFive = [{ from: '09:00', to: '17:00' }];
const hours: OpeningHours = {
  time_zone: 'Europe/Amsterdam',
  departments: [
    {
      departmentid: 'office',
      department_name: 'Office',
      always_open: false,
      week: { ...EMPTY_WEEK, mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive, fri: nineToFive },
      special_dates: [],
      first_response_min: 10,
      next_response_min: 30,
      still_waiting_min: null,
    },
    {
      departmentid: 'always',
      department_name: 'Always',
      ...DEFAULT_SCHEDULE,
      first_response_min: null,
      next_response_min: 5,
      still_waiting_min: null,
    },
  ],
};
const clocks = departmentClocks(hours);
// Friday 27 November 2026, 16:55 in Amsterdam (UTC+1): five working minutes before the weekend.
const fridayEvening = '2026-11-27T15:55:00.000Z';
const waiting = { stage: 'pending' as const, awaiting_since: fridayEvening, first_response_on: null };

describe('a ticket card’s response clock', () => {
  it('counts working time only: the closed weekend does not make the client late', () => {
    const saturday = responseClock(waiting, clocks.get('office'), new Date('2026-11-28T12:00:00Z'));
    expect(saturday).toEqual({ waitedMs: 5 * 60_000, targetMin: 10, kind: 'first', tone: 'ok' });
  });

  it('turns due soon at 80 % of the target and overdue at 100 %', () => {
    // Monday 09:02 and 09:03 in Amsterdam: 7 and 8 working minutes.
    expect(responseClock(waiting, clocks.get('office'), new Date('2026-11-30T08:02:00Z'))?.tone).toBe('ok');
    expect(responseClock(waiting, clocks.get('office'), new Date('2026-11-30T08:03:00Z'))?.tone).toBe('soon');
    expect(responseClock(waiting, clocks.get('office'), new Date('2026-11-30T08:04:59Z'))?.tone).toBe('soon');
    expect(responseClock(waiting, clocks.get('office'), new Date('2026-11-30T08:05:00Z'))?.tone).toBe('late');
  });

  it('holds a ticket answered once against the next-response target', () => {
    const answered = { ...waiting, stage: 'accepted' as const, first_response_on: '2026-11-27T15:00:00.000Z' };
    const clock = responseClock(answered, clocks.get('office'), new Date('2026-11-30T08:20:00Z'));
    expect(clock).toMatchObject({ kind: 'next', targetMin: 30, tone: 'soon', waitedMs: 25 * 60_000 });
  });

  it('reads a ticket accepted and unanswered for a day under a 30-minute target as overdue (24/7 department)', () => {
    const accepted = {
      stage: 'accepted' as const,
      awaiting_since: '2026-11-26T10:00:00.000Z',
      first_response_on: null,
    };
    const always = departmentClocks({
      ...hours,
      departments: [{ ...hours.departments[1]!, first_response_min: 30 }],
    }).get('always');
    const clock = responseClock(accepted, always, new Date('2026-11-27T10:00:00Z'));
    expect(clock).toMatchObject({ kind: 'first', targetMin: 30, tone: 'late', waitedMs: 24 * 60 * 60_000 });
  });

  it('has nothing to show without a target, a waiting client, an open ticket or known settings', () => {
    const now = new Date('2026-11-30T10:00:00Z');
    expect(responseClock(waiting, clocks.get('always'), now)).toBeNull();
    expect(responseClock({ ...waiting, awaiting_since: null }, clocks.get('office'), now)).toBeNull();
    expect(responseClock({ ...waiting, stage: 'closed' }, clocks.get('office'), now)).toBeNull();
    expect(responseClock(waiting, undefined, now)).toBeNull();
  });

  it('reads a wait that starts after this browser’s now (server clock ahead) as none', () => {
    const clock = responseClock(waiting, clocks.get('office'), new Date('2026-11-27T15:54:00Z'));
    expect(clock).toMatchObject({ waitedMs: 0, tone: 'ok' });
  });
});
