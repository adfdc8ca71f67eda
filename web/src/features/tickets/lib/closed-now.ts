import { isOpenAt, nextOpening, type OpeningHours } from '@kreechat/contract';
import { dayKey, viewerTimeZone } from '@/lib/dates';

/**
 * Which of the departments a viewer's lists show are closed now, and when each opens (the pending list
 * says so). A department open 24/7 is never listed.
 */
export interface ClosedDepartment {
  departmentid: string;
  name: string;
  /** Null when it does not open within about a year. */
  opensAt: Date | null;
}

/** `shown`: every department (admins and moderators), else the viewer's own id (none: nothing to say). */
export function closedDepartments(hours: OpeningHours, shown: 'all' | string | null, now: Date): ClosedDepartment[] {
  if (shown === null) return [];
  return hours.departments
    .filter((d) => (shown === 'all' || d.departmentid === shown) && !d.always_open)
    .filter((d) => !isOpenAt({ timeZone: hours.time_zone, schedule: d }, now))
    .map((d) => ({
      departmentid: d.departmentid,
      name: d.department_name,
      opensAt: nextOpening({ timeZone: hours.time_zone, schedule: d }, now),
    }));
}

const WEEK_MS = 7 * 86_400_000;

/**
 * When a closed department opens, in the company's zone and the viewer's language: the time alone later today,
 * the weekday and time within the week, the date and time beyond. `zone` is set when the company's zone is not
 * the viewer's, so the time reads as the company's ("09:00 (Amsterdam)").
 */
export function openingWhen(
  opensAt: Date,
  now: Date,
  lang: string,
  companyZone: string,
  viewerZone: string = viewerTimeZone(),
): { time: string; zone: string | null } {
  const sameDay = dayKey(opensAt, companyZone) === dayKey(now, companyZone);
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: 'numeric', minute: '2-digit' }
    : opensAt.getTime() - now.getTime() < WEEK_MS - 86_400_000
      ? { weekday: 'short', hour: 'numeric', minute: '2-digit' }
      : { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
  const time = new Intl.DateTimeFormat(lang, { ...options, timeZone: companyZone }).format(opensAt);
  return { time, zone: sameZone(companyZone, viewerZone) ? null : zoneName(companyZone) };
}

/** Two names for one zone (UTC and Etc/UTC) count as one. */
function sameZone(a: string, b: string): boolean {
  if (a === b) return true;
  const canonical = (zone: string) => new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  return canonical(a) === canonical(b);
}

/** A zone as people name it: its city ("America/New_York" → "New York"). */
export const zoneName = (zone: string): string => (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
