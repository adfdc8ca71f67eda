import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHEDULE,
  DEFAULT_TARGETS,
  departmentHoursBodySchema,
  DUPLICATE_SPECIAL_DATE,
  EMPTY_WEEK,
  INTERVAL_END_BEFORE_START,
  INTERVALS_OVERLAP,
  INVALID_DATE,
  INVALID_TIME_ZONE,
  MAX_INTERVALS_PER_DAY,
  timeZoneBodySchema,
  type DepartmentHoursBody,
  type Interval,
  type SpecialDate,
} from './opening-hours';

const body = (overrides: Partial<DepartmentHoursBody> = {}) => ({
  ...DEFAULT_SCHEDULE,
  ...DEFAULT_TARGETS,
  always_open: false,
  ...overrides,
});
const withMonday = (...mon: Interval[]) => body({ week: { ...EMPTY_WEEK, mon } });
const withDates = (...special_dates: Partial<SpecialDate>[]) => body({ special_dates: special_dates as SpecialDate[] });
const span = (from: string, to: string): Interval => ({ from, to });

/** The messages zod reports, in order, with where: what the server answers (the first) and the form marks. */
function problems(input: unknown) {
  const result = departmentHoursBodySchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('a day’s intervals', () => {
  it('accepts intervals that touch, in any order, and one ending at 24:00', () => {
    expect(problems(withMonday(span('13:00', '17:00'), span('09:00', '13:00'), span('22:00', '24:00')))).toEqual([]);
    expect(problems(withMonday(span('00:00', '24:00')))).toEqual([]);
  });

  it('refuses an interval that ends before or when it starts', () => {
    expect(problems(withMonday(span('09:00', '17:00'), span('18:00', '17:30')))).toEqual([
      { path: 'week.mon.1.to', message: INTERVAL_END_BEFORE_START },
    ]);
    expect(problems(withMonday(span('10:00', '10:00')))).toEqual([
      { path: 'week.mon.0.to', message: INTERVAL_END_BEFORE_START },
    ]);
    // 24:00 ends a day; it starts nothing.
    expect(problems(withMonday(span('24:00', '24:00')))[0]?.message).toBe(INTERVAL_END_BEFORE_START);
  });

  it('refuses overlapping intervals, also one inside a long one that is not its neighbour', () => {
    expect(problems(withMonday(span('09:00', '12:00'), span('11:00', '13:00')))).toEqual([
      { path: 'week.mon.1.from', message: INTERVALS_OVERLAP },
    ]);
    expect(problems(withMonday(span('09:00', '18:00'), span('10:00', '11:00'), span('12:00', '13:00')))).toEqual([
      { path: 'week.mon.1.from', message: INTERVALS_OVERLAP },
      { path: 'week.mon.2.from', message: INTERVALS_OVERLAP },
    ]);
    expect(problems(withMonday(span('09:00', '12:00'), span('09:00', '12:00')))[0]?.message).toBe(INTERVALS_OVERLAP);
  });

  it('refuses times not written HH:MM and more than the intervals a day holds', () => {
    for (const time of ['9:00', '24:01', '25:00', '12:60', '12:00:00', '']) {
      expect(problems(withMonday(span(time, '23:00')))[0], time).toEqual({
        path: 'week.mon.0.from',
        message: 'Use the form HH:MM',
      });
    }
    const many = Array.from({ length: MAX_INTERVALS_PER_DAY + 1 }, (_, i) =>
      span(`${String(i * 2).padStart(2, '0')}:00`, `${String(i * 2 + 1).padStart(2, '0')}:00`),
    );
    expect(problems(withMonday(...many))[0]?.message).toBe(`At most ${MAX_INTERVALS_PER_DAY} intervals a day`);
    expect(problems(withMonday(...many.slice(1)))).toEqual([]);
  });
});

describe('dates with hours of their own', () => {
  it('accepts a closed holiday with defaults filled in, and a date with hours', () => {
    const parsed = departmentHoursBodySchema.parse(
      withDates({ date: '2026-12-25' }, { date: '2026-12-24', intervals: [span('09:00', '12:00')] }),
    );
    expect(parsed.special_dates).toEqual([
      { date: '2026-12-25', name: '', yearly: false, intervals: [] },
      { date: '2026-12-24', name: '', yearly: false, intervals: [span('09:00', '12:00')] },
    ]);
  });

  it('refuses a date that does not exist or is not YYYY-MM-DD', () => {
    for (const date of ['2026-02-29', '2026-13-01', '2026-04-31', '26-12-25', '2026-12-25T00:00', '25.12.2026']) {
      expect(problems(withDates({ date })), date).toEqual([{ path: 'special_dates.0.date', message: INVALID_DATE }]);
    }
    expect(problems(withDates({ date: '2028-02-29' }))).toEqual([]);
  });

  it('refuses a date listed twice, as one-offs or as yearly dates, whatever the order', () => {
    expect(problems(withDates({ date: '2026-12-25' }, { date: '2026-12-25', yearly: false }))).toEqual([
      { path: 'special_dates.1.date', message: DUPLICATE_SPECIAL_DATE },
    ]);
    // Yearly dates clash on their month and day, whatever year they were written with.
    expect(problems(withDates({ date: '2020-12-25', yearly: true }, { date: '2026-12-25', yearly: true }))).toEqual([
      { path: 'special_dates.1.date', message: DUPLICATE_SPECIAL_DATE },
    ]);
  });

  it('refuses a one-off date on the day of a yearly one, in either order', () => {
    const yearly = { date: '2020-12-25', yearly: true };
    const oneOff = { date: '2026-12-25', intervals: [span('10:00', '12:00')] };
    expect(problems(withDates(yearly, oneOff))).toEqual([
      { path: 'special_dates.1.date', message: DUPLICATE_SPECIAL_DATE },
    ]);
    expect(problems(withDates(oneOff, yearly))).toEqual([
      { path: 'special_dates.1.date', message: DUPLICATE_SPECIAL_DATE },
    ]);
    // Different days of the year, or one-offs in different years, are fine.
    expect(problems(withDates(yearly, { date: '2026-12-26' }, { date: '2027-12-26' }))).toEqual([]);
  });

  it('validates a date’s own intervals like a weekday’s', () => {
    expect(problems(withDates({ date: '2026-12-24', intervals: [span('12:00', '09:00')] }))).toEqual([
      { path: 'special_dates.0.intervals.0.to', message: INTERVAL_END_BEFORE_START },
    ]);
  });
});

describe('targets and the time zone', () => {
  it('takes whole minutes from 1 to 30 days, or none', () => {
    expect(problems(body({ first_response_min: 15, next_response_min: 43_200, still_waiting_min: null }))).toEqual([]);
    expect(problems(body({ first_response_min: 0 }))[0]?.message).toBe('At least 1 minute');
    expect(problems(body({ next_response_min: 1.5 }))[0]?.message).toBe('Enter whole minutes');
    expect(problems(body({ still_waiting_min: 43_201 }))[0]?.message).toBe('At most 43200 minutes');
  });

  it('knows IANA zones and refuses anything else', () => {
    for (const zone of ['Europe/Amsterdam', 'America/New_York', 'UTC', 'Asia/Kolkata']) {
      expect(timeZoneBodySchema.safeParse({ time_zone: zone }).success, zone).toBe(true);
    }
    for (const zone of ['Mars/Olympus_Mons', '', 'Europe/Amsterdam '.repeat(5), 42]) {
      const result = timeZoneBodySchema.safeParse({ time_zone: zone });
      expect(result.error?.issues[0]?.message, String(zone)).toBe(INVALID_TIME_ZONE);
    }
  });
});
