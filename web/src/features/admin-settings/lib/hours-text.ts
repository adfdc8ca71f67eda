import { WEEKDAYS, type Weekday } from '@kreechat/contract';
import type { DepartmentStatus } from './hours-form';

/** A weekday's name in `lang` (1 January 2024 was a Monday). */
export function weekdayName(day: Weekday, lang: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))),
  );
}

/** The i18n key (under `openingHours.status`) and values of a department's "open now" line. */
export type StatusText = { key: string; values: Record<string, string> };

/**
 * "Open now · closes at 17:00", "Closed now · opens Monday 09:00": times in the schedule's zone, the day named when
 * it is not today there, the date too when it is a week or more away.
 */
export function statusText(status: DepartmentStatus, now: Date, timeZone: string, lang: string): StatusText {
  if (status.kind === 'always') return { key: 'always', values: {} };
  const at = status.kind === 'open' ? status.closes : status.opens;
  const prefix = status.kind === 'open' ? 'open' : 'closed';
  if (!at) return { key: status.kind === 'open' ? 'openLong' : 'closedNoHours', values: {} };
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(lang, { timeZone, ...options }).format(at);
  const time = format({ hour: '2-digit', minute: '2-digit' });
  const dayOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(d);
  if (dayOf(at) === dayOf(now)) return { key: `${prefix}Today`, values: { time } };
  if (at.getTime() - now.getTime() < 6 * 86_400_000) {
    return { key: `${prefix}Day`, values: { day: format({ weekday: 'long' }), time } };
  }
  return { key: `${prefix}Date`, values: { day: format({ weekday: 'long', day: 'numeric', month: 'long' }), time } };
}
