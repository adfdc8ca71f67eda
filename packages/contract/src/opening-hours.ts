import { z } from 'zod';
import { uuidSchema } from './common';
import { WEEKDAYS, type Weekday } from './constants';

/**
 * Opening hours: a company's time zone and, per department, a weekly schedule with dates of their own
 * (holidays), plus the department's response-time targets and its "still waiting" delay. A department nobody set
 * up is open 24/7 with no targets: what the desk did before schedules existed.
 */

export { WEEKDAYS, type Weekday } from './constants';

/** Wall-clock time in the company's zone; `24:00` ends a day (an interval to midnight). */
export const timeOfDaySchema = z
  .string({ message: 'Use the form HH:MM' })
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, { message: 'Use the form HH:MM' });

/** Open from `from` to `to` on the same day; an evening that runs past midnight is `…–24:00` plus `00:00–…`. */
export const intervalSchema = z.object({ from: timeOfDaySchema, to: timeOfDaySchema });
export type Interval = z.infer<typeof intervalSchema>;

export const MAX_INTERVALS_PER_DAY = 6;
export const MAX_SPECIAL_DATES = 100;
/** Targets and the still-waiting delay, in minutes: up to 30 days. */
export const MAX_TARGET_MINUTES = 43_200;

export const INTERVAL_END_BEFORE_START = 'The end of an interval must be after its start';
export const INTERVALS_OVERLAP = 'Intervals of the same day must not overlap';
export const DUPLICATE_SPECIAL_DATE = 'A date can be listed only once';
export const INVALID_TIME_ZONE = 'Unknown time zone';
export const INVALID_DATE = 'Use a real date in the form YYYY-MM-DD';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A day's intervals: each ends after it starts, none overlaps another (touching is fine: 12:00–13:00, 13:00–…). */
export const dayIntervalsSchema = z
  .array(intervalSchema)
  .max(MAX_INTERVALS_PER_DAY, { message: `At most ${MAX_INTERVALS_PER_DAY} intervals a day` })
  .superRefine((intervals, ctx) => {
    intervals.forEach((interval, index) => {
      if (minutesOf(interval.to) <= minutesOf(interval.from)) {
        ctx.addIssue({ code: 'custom', message: INTERVAL_END_BEFORE_START, path: [index, 'to'] });
      }
    });
    const sorted = intervals
      .map((interval, index) => ({ from: minutesOf(interval.from), to: minutesOf(interval.to), index }))
      .sort((a, b) => a.from - b.from);
    // Against the latest end so far, not only the previous interval: 09:00–18:00 covers 12:00–13:00 even with
    // 10:00–11:00 between them.
    let latestEnd = -1;
    for (const interval of sorted) {
      if (interval.from < latestEnd) {
        ctx.addIssue({ code: 'custom', message: INTERVALS_OVERLAP, path: [interval.index, 'from'] });
      }
      latestEnd = Math.max(latestEnd, interval.to);
    }
  });

/** A calendar date (YYYY-MM-DD) that exists. */
export const calendarDateSchema = z.string().refine(
  (value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    return date.toISOString().slice(0, 10) === value;
  },
  { message: INVALID_DATE },
);

/** A date with its own hours (none: closed all day), once or every year on that month and day. */
export const specialDateSchema = z.object({
  date: calendarDateSchema,
  name: z.string().trim().max(100, { message: 'Name is too long' }).default(''),
  yearly: z.boolean().default(false),
  intervals: dayIntervalsSchema.default([]),
});
export type SpecialDate = z.infer<typeof specialDateSchema>;

export const weekSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayIntervalsSchema])) as Record<Weekday, typeof dayIntervalsSchema>,
);
export type Week = z.infer<typeof weekSchema>;

/** When a department works: always, or by its week and special dates. The maths is in `schedule.ts`. */
export const scheduleSchema = z.object({
  always_open: z.boolean(),
  week: weekSchema,
  special_dates: z
    .array(specialDateSchema)
    .max(MAX_SPECIAL_DATES, { message: `At most ${MAX_SPECIAL_DATES} dates` })
    .superRefine((dates, ctx) => {
      // A yearly date clashes with any date on the same month and day, a one-off with a one-off on the same
      // date, whichever of the two comes first in the list.
      const oneOffs = new Set<string>();
      const monthDays = new Set<string>();
      const yearlyMonthDays = new Set<string>();
      dates.forEach((d, index) => {
        const monthDay = d.date.slice(5);
        const clash = d.yearly ? monthDays.has(monthDay) : oneOffs.has(d.date) || yearlyMonthDays.has(monthDay);
        if (clash) ctx.addIssue({ code: 'custom', message: DUPLICATE_SPECIAL_DATE, path: [index, 'date'] });
        monthDays.add(monthDay);
        if (d.yearly) yearlyMonthDays.add(monthDay);
        else oneOffs.add(d.date);
      });
    }),
});
export type Schedule = z.infer<typeof scheduleSchema>;

const targetMinutes = z
  .number({ message: 'Enter a number of minutes' })
  .int({ message: 'Enter whole minutes' })
  .min(1, { message: 'At least 1 minute' })
  .max(MAX_TARGET_MINUTES, { message: `At most ${MAX_TARGET_MINUTES} minutes` })
  .nullable();

/** A department's response-time targets and its still-waiting delay (null: none). */
export const departmentTargetsSchema = z.object({
  /** From the client's first message to the first agent message (which needs the ticket accepted). */
  first_response_min: targetMinutes,
  /** From a client's message to the next agent message, after the first response. */
  next_response_min: targetMinutes,
  /** The "still waiting" automatic message goes out after this much working time with nobody accepting. */
  still_waiting_min: targetMinutes,
});
export type DepartmentTargets = z.infer<typeof departmentTargetsSchema>;

export const departmentHoursSchema = scheduleSchema.extend(departmentTargetsSchema.shape).extend({
  departmentid: z.string(),
  department_name: z.string(),
});
export type DepartmentHours = z.infer<typeof departmentHoursSchema>;

/** An IANA zone name the runtime knows (Intl), e.g. Europe/Amsterdam. */
export const timeZoneSchema = z
  .string({ message: INVALID_TIME_ZONE })
  .min(1, { message: INVALID_TIME_ZONE })
  .max(64, { message: INVALID_TIME_ZONE })
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: INVALID_TIME_ZONE },
  );

/** GET /api/opening-hours (every member): the company's zone and every live department's settings. */
export const openingHoursResponseSchema = z.object({
  time_zone: z.string(),
  departments: z.array(departmentHoursSchema),
});
export type OpeningHours = z.infer<typeof openingHoursResponseSchema>;

/** PUT /api/opening-hours/time-zone (admins). */
export const timeZoneBodySchema = z.object({ time_zone: timeZoneSchema });

/** PUT /api/opening-hours/:departmentid (admins): the whole schedule and targets of one department. */
export const departmentHoursParamsSchema = z.object({ departmentid: uuidSchema });
export const departmentHoursBodySchema = scheduleSchema.extend(departmentTargetsSchema.shape);
export type DepartmentHoursBody = z.infer<typeof departmentHoursBodySchema>;

export const EMPTY_WEEK: Week = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
/** What a department nobody has set up answers: open 24/7, no targets. */
export const DEFAULT_SCHEDULE: Schedule = { always_open: true, week: EMPTY_WEEK, special_dates: [] };
export const DEFAULT_TARGETS: DepartmentTargets = {
  first_response_min: null,
  next_response_min: null,
  still_waiting_min: null,
};
