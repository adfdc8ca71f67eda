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
