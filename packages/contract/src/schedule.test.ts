import { describe, expect, it } from 'vitest';
import { EMPTY_WEEK, type Interval, type Schedule, type SpecialDate, type Week } from './opening-hours';
import {
  afterWorkingMs,
  closedSince,
  instantOfWallClock,
  isOpenAt,
  nextClosing,
  nextOpening,
  openPeriods,
  workingMs,
  zoneOffsetMs,
  type ZonedSchedule,
} from './schedule';

/** Every instant here is written out in UTC; the comments give the zone's wall clock. No test reads the real clock. */
const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const span = (from: string, to: string): Interval => ({ from, to });
const workWeek = (...intervals: Interval[]): Week => ({
  ...EMPTY_WEEK,
  mon: intervals,
  tue: intervals,
  wed: intervals,
  thu: intervals,
  fri: intervals,
});
const zoned = (
  timeZone: string,
  week: Partial<Week>,
  special_dates: SpecialDate[] = [],
  always_open = false,
): ZonedSchedule => ({
  timeZone,
  schedule: { always_open, week: { ...EMPTY_WEEK, ...week }, special_dates } satisfies Schedule,
});
const holiday = (date: string, yearly: boolean, intervals: Interval[] = []): SpecialDate => ({
  date,
  name: '',
  yearly,
  intervals,
});
/** The wall clock `YYYY-MM-DDTHH:MM` as instantOfWallClock takes it: its civil fields as if they were UTC. */
const wall = (local: string) => ms(`${local}:00Z`);

describe('an evening that runs past midnight', () => {
  // Wednesday 2026-03-04 22:00 to Thursday 02:00, written as two intervals that touch.
  const late = (timeZone: string) => zoned(timeZone, { wed: [span('22:00', '24:00')], thu: [span('00:00', '02:00')] });

  it('is one open period, in UTC and in a zone with an offset', () => {
    expect(openPeriods(late('UTC'), ms('2026-03-02T00:00Z'), ms('2026-03-09T00:00Z'))).toEqual([
      { start: ms('2026-03-04T22:00Z'), end: ms('2026-03-05T02:00Z') },
    ]);
    // Amsterdam in winter is UTC+1: the same wall clock an hour earlier in UTC.
    expect(openPeriods(late('Europe/Amsterdam'), ms('2026-03-02T00:00Z'), ms('2026-03-09T00:00Z'))).toEqual([
      { start: ms('2026-03-04T21:00Z'), end: ms('2026-03-05T01:00Z') },
    ]);
  });

  it('is open on both sides of midnight and closes at 02:00', () => {
    const z = late('UTC');
    expect(isOpenAt(z, at('2026-03-04T21:59:59Z'))).toBe(false);
    expect(isOpenAt(z, at('2026-03-04T22:00Z'))).toBe(true);
    expect(isOpenAt(z, at('2026-03-04T23:59:59Z'))).toBe(true);
    expect(isOpenAt(z, at('2026-03-05T00:00Z'))).toBe(true);
    expect(isOpenAt(z, at('2026-03-05T01:59:59Z'))).toBe(true);
    expect(isOpenAt(z, at('2026-03-05T02:00Z'))).toBe(false);
  });

  it('closes next at 02:00, not at midnight, and was closed since 02:00', () => {
    const z = late('UTC');
    expect(nextClosing(z, at('2026-03-04T23:00Z'))).toEqual(at('2026-03-05T02:00Z'));
    expect(nextClosing(z, at('2026-03-05T01:00Z'))).toEqual(at('2026-03-05T02:00Z'));
    expect(nextClosing(z, at('2026-03-05T03:00Z'))).toBeNull();
    expect(closedSince(z, at('2026-03-05T01:00Z'))).toBeNull();
    expect(closedSince(z, at('2026-03-05T03:00Z'))).toEqual(at('2026-03-05T02:00Z'));
    // Six days later, still the same closed period.
    expect(closedSince(z, at('2026-03-11T21:00Z'))).toEqual(at('2026-03-05T02:00Z'));
    expect(nextOpening(z, at('2026-03-05T03:00Z'))).toEqual(at('2026-03-11T22:00Z'));
    expect(nextOpening(z, at('2026-03-04T23:30Z'))).toEqual(at('2026-03-04T23:30Z'));
  });

  it('counts its four hours as working time', () => {
    expect(workingMs(late('UTC'), at('2026-03-04T00:00Z'), at('2026-03-06T00:00Z'))).toBe(4 * HOUR);
    expect(workingMs(late('UTC'), at('2026-03-04T23:00Z'), at('2026-03-05T01:30Z'))).toBe(2.5 * HOUR);
  });
});

describe('daylight saving in Europe/Amsterdam', () => {
  it('knows the offsets on both sides of each change', () => {
    expect(zoneOffsetMs(ms('2026-03-29T00:59:59Z'), 'Europe/Amsterdam')).toBe(HOUR);
    expect(zoneOffsetMs(ms('2026-03-29T01:00Z'), 'Europe/Amsterdam')).toBe(2 * HOUR);
    expect(zoneOffsetMs(ms('2026-10-25T00:59:59Z'), 'Europe/Amsterdam')).toBe(2 * HOUR);
    expect(zoneOffsetMs(ms('2026-10-25T01:00Z'), 'Europe/Amsterdam')).toBe(HOUR);
  });

  it('makes 01:00–04:00 two hours on the spring night and four on the autumn night', () => {
    const night = zoned('Europe/Amsterdam', { sun: [span('01:00', '04:00')] });
    // 01:00 CET = 00:00Z; 04:00 CEST = 02:00Z.
    expect(openPeriods(night, ms('2026-03-28T12:00Z'), ms('2026-03-29T12:00Z'))).toEqual([
      { start: ms('2026-03-29T00:00Z'), end: ms('2026-03-29T02:00Z') },
    ]);
    expect(workingMs(night, at('2026-03-28T12:00Z'), at('2026-03-29T12:00Z'))).toBe(2 * HOUR);
    // 01:00 CEST = 23:00Z the day before; 04:00 CET = 03:00Z.
    expect(openPeriods(night, ms('2026-10-24T12:00Z'), ms('2026-10-25T12:00Z'))).toEqual([
      { start: ms('2026-10-24T23:00Z'), end: ms('2026-10-25T03:00Z') },
    ]);
    expect(workingMs(night, at('2026-10-24T12:00Z'), at('2026-10-25T12:00Z'))).toBe(4 * HOUR);
  });

  it('opens at 09:00 on the wall clock on both sides of each change', () => {
    const office = zoned('Europe/Amsterdam', workWeek(span('09:00', '17:00')));
    // Friday 2026-03-27 is still CET (UTC+1), Monday 2026-03-30 is CEST (UTC+2).
    expect(isOpenAt(office, at('2026-03-27T07:59Z'))).toBe(false);
    expect(isOpenAt(office, at('2026-03-27T08:00Z'))).toBe(true);
    expect(nextOpening(office, at('2026-03-28T12:00Z'))).toEqual(at('2026-03-30T07:00Z'));
    expect(closedSince(office, at('2026-03-28T12:00Z'))).toEqual(at('2026-03-27T16:00Z'));
    // And back: Friday 2026-10-23 CEST, Monday 2026-10-26 CET.
    expect(nextClosing(office, at('2026-10-23T10:00Z'))).toEqual(at('2026-10-23T15:00Z'));
    expect(nextOpening(office, at('2026-10-24T12:00Z'))).toEqual(at('2026-10-26T08:00Z'));
    // The weekend across the change is no working time; the two days either side are eight hours each.
    expect(workingMs(office, at('2026-10-23T00:00Z'), at('2026-10-27T00:00Z'))).toBe(16 * HOUR);
  });

  it('reads a time in the skipped hour as the change itself, and a repeated time as its first occurrence', () => {
    // 02:30 on 2026-03-29 never shows on Amsterdam's clocks: they go from 02:00 CET to 03:00 CEST at 01:00Z.
    expect(instantOfWallClock(wall('2026-03-29T02:30'), 'Europe/Amsterdam')).toBe(ms('2026-03-29T01:00Z'));
    expect(instantOfWallClock(wall('2026-03-29T02:00'), 'Europe/Amsterdam')).toBe(ms('2026-03-29T01:00Z'));
    expect(instantOfWallClock(wall('2026-03-29T03:00'), 'Europe/Amsterdam')).toBe(ms('2026-03-29T01:00Z'));
    expect(instantOfWallClock(wall('2026-03-29T01:59'), 'Europe/Amsterdam')).toBe(ms('2026-03-29T00:59Z'));
    // 02:30 on 2026-10-25 shows twice (00:30Z in CEST, 01:30Z in CET).
    expect(instantOfWallClock(wall('2026-10-25T02:30'), 'Europe/Amsterdam')).toBe(ms('2026-10-25T00:30Z'));
  });

  it('gives an interval starting in the skipped hour the working time the clocks show, none when wholly inside', () => {
    const from0230 = zoned('Europe/Amsterdam', { sun: [span('02:30', '04:00')] });
    // The clocks show 03:00–04:00 of it: one hour, from the change on.
    expect(openPeriods(from0230, ms('2026-03-29T00:00Z'), ms('2026-03-29T12:00Z'))).toEqual([
      { start: ms('2026-03-29T01:00Z'), end: ms('2026-03-29T02:00Z') },
    ]);
    expect(isOpenAt(from0230, at('2026-03-29T01:00Z'))).toBe(true);
    expect(isOpenAt(from0230, at('2026-03-29T00:59Z'))).toBe(false);
    const inside = zoned('Europe/Amsterdam', { sun: [span('02:00', '02:30')] });
    expect(workingMs(inside, at('2026-03-29T00:00Z'), at('2026-03-29T12:00Z'))).toBe(0);
    // The next Sunday it is an ordinary half hour (CEST).
    expect(nextOpening(inside, at('2026-03-29T00:00Z'))).toEqual(at('2026-04-05T00:00Z'));
  });
});

describe('daylight saving in America/New_York', () => {
  it('makes 01:00–04:00 two hours on 2026-03-08 and four on 2026-11-01', () => {
    const night = zoned('America/New_York', { sun: [span('01:00', '04:00')] });
    // 01:00 EST = 06:00Z; 04:00 EDT = 08:00Z.
    expect(openPeriods(night, ms('2026-03-07T12:00Z'), ms('2026-03-08T18:00Z'))).toEqual([
      { start: ms('2026-03-08T06:00Z'), end: ms('2026-03-08T08:00Z') },
    ]);
    // 01:00 EDT = 05:00Z; 04:00 EST = 09:00Z.
    expect(workingMs(night, at('2026-10-31T12:00Z'), at('2026-11-01T18:00Z'))).toBe(4 * HOUR);
  });

  it('opens at 09:00 on the wall clock on both sides of each change', () => {
    const office = zoned('America/New_York', workWeek(span('09:00', '17:00')));
    // Friday 2026-03-06 09:00 EST = 14:00Z; Monday 2026-03-09 09:00 EDT = 13:00Z.
    expect(nextOpening(office, at('2026-03-06T12:00Z'))).toEqual(at('2026-03-06T14:00Z'));
    expect(nextOpening(office, at('2026-03-07T12:00Z'))).toEqual(at('2026-03-09T13:00Z'));
    // Friday 2026-10-30 17:00 EDT = 21:00Z; Monday 2026-11-02 09:00 EST = 14:00Z.
    expect(closedSince(office, at('2026-11-01T12:00Z'))).toEqual(at('2026-10-30T21:00Z'));
    expect(nextOpening(office, at('2026-11-01T12:00Z'))).toEqual(at('2026-11-02T14:00Z'));
  });

  it('reads a time in the skipped hour as the change itself', () => {
    // Clocks go from 02:00 EST to 03:00 EDT at 07:00Z.
    expect(instantOfWallClock(wall('2026-03-08T02:15'), 'America/New_York')).toBe(ms('2026-03-08T07:00Z'));
    // 01:30 on 2026-11-01 shows twice: 05:30Z (EDT) first.
    expect(instantOfWallClock(wall('2026-11-01T01:30'), 'America/New_York')).toBe(ms('2026-11-01T05:30Z'));
  });
});

describe('daylight saving far from UTC (Pacific/Auckland, UTC+13 in summer)', () => {
  it('takes the first of a repeated time and the change for a skipped one', () => {
    // 2026-04-05 03:00 NZDT becomes 02:00 NZST at 2026-04-04T14:00Z: 02:30 shows first at 13:30Z.
    expect(instantOfWallClock(wall('2026-04-05T02:30'), 'Pacific/Auckland')).toBe(ms('2026-04-04T13:30Z'));
    expect(instantOfWallClock(wall('2026-04-05T01:30'), 'Pacific/Auckland')).toBe(ms('2026-04-04T12:30Z'));
    expect(instantOfWallClock(wall('2026-04-05T03:30'), 'Pacific/Auckland')).toBe(ms('2026-04-04T15:30Z'));
    // 2026-09-27 02:00 NZST becomes 03:00 NZDT at 2026-09-26T14:00Z.
    expect(instantOfWallClock(wall('2026-09-27T02:30'), 'Pacific/Auckland')).toBe(ms('2026-09-26T14:00Z'));
    const night = zoned('Pacific/Auckland', { sun: [span('01:00', '04:00')] });
    expect(workingMs(night, at('2026-04-04T00:00Z'), at('2026-04-06T00:00Z'))).toBe(4 * HOUR);
    expect(workingMs(night, at('2026-09-26T00:00Z'), at('2026-09-28T00:00Z'))).toBe(2 * HOUR);
  });
});

describe('dates with hours of their own', () => {
  const office = (special: SpecialDate[]) => zoned('UTC', workWeek(span('09:00', '17:00')), special);

  it('closes on 25 December every year, even on a weekday', () => {
    const z = office([holiday('2020-12-25', true)]);
    expect(isOpenAt(z, at('2026-12-24T10:00Z'))).toBe(true); // Thursday
    expect(isOpenAt(z, at('2026-12-25T10:00Z'))).toBe(false); // Friday
    expect(isOpenAt(z, at('2028-12-25T10:00Z'))).toBe(false); // Monday
    expect(nextOpening(z, at('2026-12-24T18:00Z'))).toEqual(at('2026-12-28T09:00Z'));
  });

  it('lets a one-off date beat a yearly one on the same day', () => {
    // The settings form refuses this pair (DUPLICATE_SPECIAL_DATE); the maths still answers for any schedule.
    const z = office([holiday('2020-12-25', true), holiday('2026-12-25', false, [span('10:00', '12:00')])]);
    expect(isOpenAt(z, at('2026-12-25T09:30Z'))).toBe(false);
    expect(isOpenAt(z, at('2026-12-25T11:00Z'))).toBe(true);
    expect(nextClosing(z, at('2026-12-25T11:00Z'))).toEqual(at('2026-12-25T12:00Z'));
    // Other years keep the yearly closing.
    expect(isOpenAt(z, at('2028-12-25T11:00Z'))).toBe(false);
  });

  it('keeps the shorter hours of a date and opens on a date that is a weekend day', () => {
    const z = office([
      holiday('2026-12-24', false, [span('09:00', '12:00')]),
      holiday('2001-12-25', true),
      holiday('2001-12-26', true, [span('10:00', '14:00')]),
    ]);
    expect(nextClosing(z, at('2026-12-24T10:00Z'))).toEqual(at('2026-12-24T12:00Z'));
    expect(isOpenAt(z, at('2026-12-24T13:00Z'))).toBe(false);
    // Saturday 2026-12-26 has hours of its own.
    expect(nextOpening(z, at('2026-12-24T13:00Z'))).toEqual(at('2026-12-26T10:00Z'));
    expect(workingMs(z, at('2026-12-24T00:00Z'), at('2026-12-27T00:00Z'))).toBe(3 * HOUR + 4 * HOUR);
  });
});

describe('the next opening', () => {
  // Amsterdam, Monday to Friday 09:00–17:00, Easter Monday 2026-04-06 closed.
  const office = zoned('Europe/Amsterdam', workWeek(span('09:00', '17:00')), [holiday('2026-04-06', false)]);

  it('skips a closed weekend and a holiday Monday', () => {
    // Friday 2026-04-03 17:00 CEST = 15:00Z; Tuesday 2026-04-07 09:00 CEST = 07:00Z.
    expect(nextOpening(office, at('2026-04-03T15:00Z'))).toEqual(at('2026-04-07T07:00Z'));
    expect(nextOpening(office, at('2026-04-06T08:00Z'))).toEqual(at('2026-04-07T07:00Z'));
    expect(closedSince(office, at('2026-04-06T08:00Z'))).toEqual(at('2026-04-03T15:00Z'));
  });

  it('counts only the open hours as working time, and finds when an amount of it has passed', () => {
    // Friday 16:00–17:00 and Tuesday 09:00–10:00 (CEST).
    expect(workingMs(office, at('2026-04-03T14:00Z'), at('2026-04-07T08:00Z'))).toBe(2 * HOUR);
    // Half an hour on Friday, the other half on Tuesday morning.
    expect(afterWorkingMs(office, at('2026-04-03T14:30Z'), HOUR)).toEqual(at('2026-04-07T07:30Z'));
    // Nothing yet to wait for: the next opening itself.
    expect(afterWorkingMs(office, at('2026-04-04T10:00Z'), 0)).toEqual(at('2026-04-07T07:00Z'));
  });

  it('adds working time across many days and back again', () => {
    const hourADay = zoned('UTC', {
      mon: [span('09:00', '10:00')],
      tue: [span('09:00', '10:00')],
      wed: [span('09:00', '10:00')],
      thu: [span('09:00', '10:00')],
      fri: [span('09:00', '10:00')],
      sat: [span('09:00', '10:00')],
      sun: [span('09:00', '10:00')],
    });
    // Half an hour on 2 March, an hour on each of the next 39 days, half an hour on the 40th: past the week-long
    // chunks the search walks in.
    const end = afterWorkingMs(hourADay, at('2026-03-02T09:30Z'), 40 * HOUR);
    expect(end).toEqual(at('2026-04-11T09:30Z'));
    expect(workingMs(hourADay, at('2026-03-02T09:30Z'), end!)).toBe(40 * HOUR);
  });
});

describe('a department open all the time', () => {
  const always = zoned('Europe/Amsterdam', {}, [holiday('2026-12-25', false)], true);

  it('is open at every instant, holidays included, and never closes', () => {
    expect(isOpenAt(always, at('2026-12-25T03:00Z'))).toBe(true);
    expect(nextOpening(always, at('2026-12-25T03:00Z'))).toEqual(at('2026-12-25T03:00Z'));
    expect(nextClosing(always, at('2026-12-25T03:00Z'))).toBeNull();
    expect(closedSince(always, at('2026-12-25T03:00Z'))).toBeNull();
    expect(workingMs(always, at('2026-03-28T00:00Z'), at('2026-03-30T00:00Z'))).toBe(2 * DAY);
    expect(afterWorkingMs(always, at('2026-03-28T00:00Z'), 90 * DAY)).toEqual(at('2026-06-26T00:00Z'));
  });

  it('is told apart from a week written as 00:00–24:00 every day only by name', () => {
    const allDay = [span('00:00', '24:00')];
    const everyDay = zoned('Europe/Amsterdam', {
      ...workWeek(...allDay),
      sat: allDay,
      sun: allDay,
    });
    expect(isOpenAt(everyDay, at('2026-03-29T01:30Z'))).toBe(true);
    expect(nextClosing(everyDay, at('2026-03-29T01:30Z'))).toBeNull();
    expect(workingMs(everyDay, at('2026-03-28T00:00Z'), at('2026-03-30T00:00Z'))).toBe(2 * DAY);
  });

  it('finds the closing of an open period longer than the week the search reads at a time', () => {
    const allDay = [span('00:00', '24:00')];
    const week = { ...workWeek(...allDay), sat: allDay, sun: allDay };
    // Amsterdam: open from before the spring change until the holiday on Friday 2026-04-10 (00:00 CEST = 22:00Z).
    const untilHoliday = zoned('Europe/Amsterdam', week, [holiday('2026-04-10', false)]);
    expect(nextClosing(untilHoliday, at('2026-03-25T12:00Z'))).toEqual(at('2026-04-09T22:00Z'));
    // UTC: closing exactly a week from now, where one week's read ends and the next begins.
    const exactlyAWeek = zoned('UTC', week, [holiday('2026-03-08', false)]);
    expect(nextClosing(exactlyAWeek, at('2026-03-01T00:00Z'))).toEqual(at('2026-03-08T00:00Z'));
    expect(closedSince(exactlyAWeek, at('2026-03-08T12:00Z'))).toEqual(at('2026-03-08T00:00Z'));
    expect(nextOpening(exactlyAWeek, at('2026-03-08T12:00Z'))).toEqual(at('2026-03-09T00:00Z'));
  });
});

describe('a department that never opens', () => {
  const never = zoned('UTC', {});

  it('has no next opening, no working time and no end to its closed period', () => {
    const now = at('2026-03-02T09:00Z');
    expect(isOpenAt(never, now)).toBe(false);
    expect(nextOpening(never, now)).toBeNull();
    expect(nextClosing(never, now)).toBeNull();
    expect(workingMs(never, now, at('2026-06-01T00:00Z'))).toBe(0);
    expect(afterWorkingMs(never, now, 60_000)).toBeNull();
    // Closed for longer than the search looks back: an instant before all of it, so any notice sent since counts.
    const since = closedSince(never, now)!;
    expect(since.getTime()).toBeLessThan(now.getTime() - 365 * DAY);
  });

  it('opens once on a far date when that is its only one', () => {
    const once = zoned('UTC', {}, [holiday('2026-11-20', false, [span('10:00', '11:00')])]);
    expect(nextOpening(once, at('2026-03-02T09:00Z'))).toEqual(at('2026-11-20T10:00Z'));
    expect(closedSince(once, at('2026-11-21T00:00Z'))).toEqual(at('2026-11-20T11:00Z'));
  });
});
