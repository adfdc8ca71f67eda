import {
  departmentHoursBodySchema,
  isOpenAt,
  nextClosing,
  nextOpening,
  WEEKDAYS,
  type DepartmentHours,
  type DepartmentHoursBody,
  type Interval,
  type Weekday,
  type ZonedSchedule,
} from '@kreechat/contract';

/**
 * One department's opening hours as the form holds them: times as the browser's time inputs give them, minutes as
 * typed. A time input cannot show 24:00, so an interval that ends at midnight ends at 00:00 here; `bodyOf` turns it
 * back (an end at 00:00 would otherwise never be after its start).
 */
export interface HoursForm {
  always_open: boolean;
  week: Record<Weekday, Interval[]>;
  special_dates: SpecialDateDraft[];
  first_response_min: string;
  next_response_min: string;
  still_waiting_min: string;
}

export interface SpecialDateDraft {
  /** A stable React key: dates are added and removed in the middle of the list. */
  key: number;
  date: string;
  name: string;
  yearly: boolean;
  intervals: Interval[];
}

export type TargetField = 'first_response_min' | 'next_response_min' | 'still_waiting_min';
export const TARGET_FIELDS: readonly TargetField[] = ['first_response_min', 'next_response_min', 'still_waiting_min'];

/** What a new interval or a date that stops being closed all day starts with. */
export const DEFAULT_INTERVAL: Interval = { from: '09:00', to: '17:00' };
export const WORKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

const MIDNIGHT_END = '24:00';
const toInput = (interval: Interval): Interval =>
  interval.to === MIDNIGHT_END ? { from: interval.from, to: '00:00' } : { ...interval };
const fromInput = (interval: Interval): Interval =>
  interval.to === '00:00' ? { from: interval.from, to: MIDNIGHT_END } : { ...interval };

let nextKey = 1;
export const newDateKey = () => nextKey++;

export function formOf(hours: DepartmentHours): HoursForm {
  const week = Object.fromEntries(WEEKDAYS.map((day) => [day, hours.week[day].map(toInput)])) as HoursForm['week'];
  return {
    always_open: hours.always_open,
    week,
    special_dates: hours.special_dates.map((d) => ({
      key: newDateKey(),
      date: d.date,
      name: d.name,
      yearly: d.yearly,
      intervals: d.intervals.map(toInput),
    })),
    first_response_min: minutesText(hours.first_response_min),
    next_response_min: minutesText(hours.next_response_min),
    still_waiting_min: minutesText(hours.still_waiting_min),
  };
}

const minutesText = (minutes: number | null) => (minutes === null ? '' : String(minutes));
/** Empty is "no target"; anything else is checked by the contract (a fraction or text is refused there). */
const minutesOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

export function bodyOf(form: HoursForm): DepartmentHoursBody {
  const week = Object.fromEntries(WEEKDAYS.map((day) => [day, form.week[day].map(fromInput)])) as Record<
    Weekday,
    Interval[]
  >;
  return {
    always_open: form.always_open,
    week,
    special_dates: form.special_dates.map((d) => ({
      date: d.date,
      name: d.name.trim(),
      yearly: d.yearly,
      intervals: d.intervals.map(fromInput),
    })),
    first_response_min: minutesOf(form.first_response_min),
    next_response_min: minutesOf(form.next_response_min),
    still_waiting_min: minutesOf(form.still_waiting_min),
  };
}

/** Whether the form holds something other than `saved` (what a Save would change). */
export function hoursChanged(saved: DepartmentHours, form: HoursForm): boolean {
  return JSON.stringify(bodyOf(form)) !== JSON.stringify(bodyOf(formOf(saved)));
}

/** Where a problem belongs: `week.mon.0.to`, `special_dates.2.date`, `first_response_min` … */
export type FieldErrors = Record<string, string>;

/**
 * The form checked by the same contract the server checks it with, so each problem lands at its field before
 * anything is sent. Returns the body to send, or the first message of each field (in the contract's English;
 * the screen translates the ones it knows).
 */
export function checkHours(
  form: HoursForm,
): { ok: true; body: DepartmentHoursBody } | { ok: false; errors: FieldErrors } {
  const body = bodyOf(form);
  const parsed = departmentHoursBodySchema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** `day`'s intervals copied onto every workday (Monday to Friday). */
export function copyToWorkdays(form: HoursForm, day: Weekday): HoursForm {
  const intervals = form.week[day];
  const week = { ...form.week };
  for (const workday of WORKDAYS) week[workday] = intervals.map((i) => ({ ...i }));
  return { ...form, week };
}

/**
 * The interval to add after `intervals`: an hour long, an hour after the last one ends (right after it late in the
 * day, to midnight at the latest); 9–5 on an empty day or after one that ends at midnight.
 */
export function intervalAfter(intervals: readonly Interval[]): Interval {
  const last = intervals[intervals.length - 1];
  const end = last ? (last.to === '00:00' ? DAY_MINUTES : clockMinutes(last.to)) : DAY_MINUTES;
  if (!last || end >= DAY_MINUTES - 30) return { ...DEFAULT_INTERVAL };
  const start = end + 60 <= DAY_MINUTES - 60 ? end + 60 : end;
  return { from: clockText(start), to: clockText(Math.min(start + 60, DAY_MINUTES)) };
}

const DAY_MINUTES = 24 * 60;
const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Midnight as an end is 00:00 in the form (see {@link HoursForm}). */
const clockText = (minutes: number) =>
  minutes >= DAY_MINUTES
    ? '00:00'
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export type DepartmentStatus =
  { kind: 'always' } | { kind: 'open'; closes: Date | null } | { kind: 'closed'; opens: Date | null };

/** Open or closed at `now` by the shared schedule maths, and when that changes next. */
export function departmentStatus(zoned: ZonedSchedule, now: Date): DepartmentStatus {
  if (zoned.schedule.always_open) return { kind: 'always' };
  if (isOpenAt(zoned, now)) return { kind: 'open', closes: nextClosing(zoned, now) };
  return { kind: 'closed', opens: nextOpening(zoned, now) };
}

/** A target field's minutes, for the hint under it; null when not a positive whole number. */
export function targetMinutes(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isInteger(value) || value <= 0 ? null : value;
}
