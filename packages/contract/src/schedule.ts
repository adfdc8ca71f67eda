import { WEEKDAYS } from './constants';
import type { Interval, Schedule } from './opening-hours';

/**
 * The maths of opening hours, shared by the server (out-of-hours messages, working time of a response) and the
 * browser (closed now, opens next, a card's waiting time). Pure: the time comes in as an argument.
 *
 * A schedule is written in wall-clock time of the company's IANA zone; every day's intervals are turned into
 * instants by that zone's rules (so 09:00 is 09:00 on both sides of a daylight-saving change), and intervals that
 * touch — Monday's 22:00–24:00 and Tuesday's 00:00–02:00 — make one open period.
 */

export type ZonedSchedule = { timeZone: string; schedule: Schedule };

/** An open period: from `start` (inclusive) to `end` (exclusive), epoch milliseconds. */
export type OpenPeriod = { start: number; end: number };

const DAY_MS = 86_400_000;
/** How far `nextOpening`/`closedSince` look: a department closed longer than this counts as never opening. */
const HORIZON_DAYS = 400;
/** The searches walk a week at a time: most schedules answer within the first. */
const CHUNK_MS = 7 * DAY_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at `ms`, as if that wall clock were UTC (its civil fields, no offset). */
function wallClockOf(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at the instant `ms`, in milliseconds (Amsterdam in summer: +7,200,000). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClockOf(whole, timeZone) - whole;
}

/**
 * The instant a wall-clock time (given as civil fields in `wall`, epoch ms as if UTC) has in the zone. A time the
 * spring change skips (02:30 on the night clocks go forward) is the instant of the change itself, the first one
 * after the gap: an interval from 02:30 to 04:00 then counts the hour the clocks show (03:00–04:00), and one wholly
 * inside the gap counts nothing. A time the autumn change repeats is its first occurrence.
 */
export function instantOfWallClock(wall: number, timeZone: string): number {
  // The instant lies within a day of `wall` read as UTC (offsets run from −12 h to +14 h); a whole day either side
  // sees both offsets of any one change, even in zones at +13 h.
  const before = zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = zoneOffsetMs(wall + DAY_MS, timeZone);
  if (before === after) return wall - before;
  // A change near this time: the earlier reading that holds (the first of a repeated time), else the later one.
  const early = wall - before;
  const late = wall - after;
  for (const instant of early < late ? [early, late] : [late, early]) {
    if (wallClockOf(instant, timeZone) === wall) return instant;
  }
  // Neither holds: the gap of a spring change, which lies between the two readings. Halve down to the second.
  let pre = Math.min(early, late);
  let post = Math.max(early, late);
  while (post - pre > 1000) {
    const mid = Math.floor((pre + post) / 2000) * 1000;
    if (zoneOffsetMs(mid, timeZone) === after) post = mid;
    else pre = mid;
  }
  return post;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A civil date as `YYYY-MM-DD` from its UTC-midnight epoch. */
const isoDate = (civilDay: number) => new Date(civilDay).toISOString().slice(0, 10);

/** The intervals a civil day has: a date of its own (a one-off beats a yearly one), else its weekday's. */
export function intervalsOfDay(schedule: Schedule, civilDay: number): Interval[] {
  const date = isoDate(civilDay);
  const oneOff = schedule.special_dates.find((d) => !d.yearly && d.date === date);
  if (oneOff) return oneOff.intervals;
  const yearly = schedule.special_dates.find((d) => d.yearly && d.date.slice(5) === date.slice(5));
  if (yearly) return yearly.intervals;
  const weekday = WEEKDAYS[(new Date(civilDay).getUTCDay() + 6) % 7]!;
  return schedule.week[weekday];
}

/** The civil day (UTC midnight epoch) the zone's wall clock shows at `ms`. */
function civilDayAt(ms: number, timeZone: string): number {
  const wall = wallClockOf(ms, timeZone);
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * The open periods that overlap [from, to), merged where they touch, in order. With `always_open` that is the
 * whole span.
 */
export function openPeriods({ timeZone, schedule }: ZonedSchedule, from: number, to: number): OpenPeriod[] {
  if (to <= from) return [];
  if (schedule.always_open) return [{ start: from, end: to }];
  const periods: OpenPeriod[] = [];
  // A day starts within ±14 h of UTC midnight: one day either side covers every zone. Days come in order and
  // a day's intervals do not overlap, so sorting each day is enough to merge as they come.
  const lastDay = civilDayAt(to, timeZone) + DAY_MS;
  for (let day = civilDayAt(from, timeZone) - DAY_MS; day <= lastDay; day += DAY_MS) {
    const intervals = [...intervalsOfDay(schedule, day)].sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
    for (const interval of intervals) {
      const start = instantOfWallClock(day + minutesOf(interval.from) * 60_000, timeZone);
      const end = instantOfWallClock(day + minutesOf(interval.to) * 60_000, timeZone);
      if (end <= start) continue; // wholly inside the hour a spring change skips
      const last = periods[periods.length - 1];
      if (last && start <= last.end) last.end = Math.max(last.end, end);
      else periods.push({ start, end });
    }
  }
  return periods.filter((p) => p.end > from && p.start < to);
}

/** Whether the department is open at `at`. */
export function isOpenAt(zoned: ZonedSchedule, at: Date): boolean {
  const ms = at.getTime();
  return openPeriods(zoned, ms, ms + 1).length > 0;
}

/** When it next opens: `at` itself when open now, null when it does not open within about a year. */
export function nextOpening(zoned: ZonedSchedule, at: Date): Date | null {
  const ms = at.getTime();
  if (zoned.schedule.always_open) return at;
  for (let from = ms; from < ms + HORIZON_DAYS * DAY_MS; from += CHUNK_MS) {
    const [first] = openPeriods(zoned, from, from + CHUNK_MS);
    if (first) return new Date(Math.max(first.start, ms));
  }
  return null;
}

/** When the open period around `at` ends: null when closed now or open for all the coming year. */
export function nextClosing(zoned: ZonedSchedule, at: Date): Date | null {
  const ms = at.getTime();
  if (zoned.schedule.always_open) return null;
  let end = ms;
  for (let from = ms; from < ms + HORIZON_DAYS * DAY_MS; from += CHUNK_MS) {
    const [period] = openPeriods(zoned, from, from + CHUNK_MS);
    // Not open at `from` (now, or where the period so far reached): closed now, or it ended at `end`.
    if (!period || period.start > from) return from === ms ? null : new Date(end);
    end = period.end;
    // An end past the week may be where the days read stopped, not a closing: the next week says.
    if (end < from + CHUNK_MS) return new Date(end);
  }
  return null;
}

/**
 * When the closed period around `at` began (its last closing): null when open now. A department that has not
 * been open within about a year answers the start of that year, so "once per closed period" still holds.
 */
export function closedSince(zoned: ZonedSchedule, at: Date): Date | null {
  const ms = at.getTime();
  if (zoned.schedule.always_open || isOpenAt(zoned, at)) return null;
  for (let to = ms; to > ms - HORIZON_DAYS * DAY_MS; to -= CHUNK_MS) {
    const periods = openPeriods(zoned, to - CHUNK_MS, to);
    const last = periods[periods.length - 1];
    if (last) return new Date(Math.min(last.end, ms));
  }
  return new Date(ms - HORIZON_DAYS * DAY_MS);
}

/** The open time between `from` and `to`, in milliseconds: a response's working time. */
export function workingMs(zoned: ZonedSchedule, from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  return openPeriods(zoned, start, end).reduce((sum, p) => sum + Math.min(p.end, end) - Math.max(p.start, start), 0);
}

/**
 * The instant at which `ms` of working time will have passed since `from` (for "turns red at"): null when the
 * department does not open enough within about a year.
 */
export function afterWorkingMs(zoned: ZonedSchedule, from: Date, ms: number): Date | null {
  let left = ms;
  const start = from.getTime();
  for (let chunk = start; chunk < start + HORIZON_DAYS * DAY_MS; chunk += CHUNK_MS) {
    for (const p of openPeriods(zoned, chunk, chunk + CHUNK_MS)) {
      const open = Math.min(p.end, chunk + CHUNK_MS) - Math.max(p.start, chunk);
      if (open >= left) return new Date(Math.max(p.start, chunk) + left);
      left -= open;
    }
  }
  return null;
}
