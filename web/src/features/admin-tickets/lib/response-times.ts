import type { ResponseTimesQuery } from '@kreechat/contract';

/** The response-times section's periods: the last 7, 30 or 90 days (today included), or dates of one's own. */
export const PERIOD_DAYS = [7, 30, 90] as const;
export type Period = { kind: (typeof PERIOD_DAYS)[number] } | { kind: 'dates'; from: string; to: string };

/** `YYYY-MM-DD` `days` before the day `key` (calendar arithmetic on the key: no zone can shift it). */
function daysBefore(key: string, days: number): string {
  const date = new Date(`${key}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The query a period asks, given today's date; null while chosen dates are incomplete or reversed (nothing to ask
 * yet — the date fields say what is wrong).
 */
export function periodQuery(period: Period, today: string): ResponseTimesQuery | null {
  if (period.kind !== 'dates') return { from: daysBefore(today, period.kind - 1), to: today };
  if (!period.from || !period.to || period.from > period.to) return null;
  return { from: period.from, to: period.to };
}

export type DurationParts =
  | { unit: 'seconds'; seconds: number }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'days'; days: number; hours: number };

/** A response time in the two units that say it best: "45 s", "12 min", "1 h 5 min", "2 d 3 h". */
export function durationParts(totalSeconds: number): DurationParts {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return { unit: 'seconds', seconds };
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', minutes };
  if (minutes < 24 * 60) return { unit: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
  const hours = Math.round(minutes / 60);
  return { unit: 'days', days: Math.floor(hours / 24), hours: hours % 24 };
}
