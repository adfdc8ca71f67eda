import type { Language } from '@kreechat/contract';

const DAY_MS = 86_400_000;
/** Within this, the weekday names the day without doubt; further away the date is added. */
const WEEKDAY_ENOUGH_MS = 6 * DAY_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(language: Language, timeZone: string, withDate: boolean) {
  const key = `${language}|${timeZone}|${withDate}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, {
      timeZone,
      weekday: 'long',
      ...(withDate ? { day: 'numeric', month: 'long' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      // The zone's place name in the client's language ("Netherlands Time", "Нидерланды"): we cannot know a
      // Telegram client's own zone, so the text says whose clock the time is on.
      timeZoneName: 'shortGeneric',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * `{next_opening}` of the out-of-hours text: the weekday and time in the company's zone, worded in the client's
 * language ("Monday, 09:00 Netherlands Time"), with the date when it is more than six days away. Empty when the
 * department does not open within the schedule maths' horizon.
 */
export function formatNextOpening(
  opening: Date | null,
  now: Date,
  options: { language: Language; timeZone: string },
): string {
  if (!opening) return '';
  const withDate = opening.getTime() - now.getTime() > WEEKDAY_ENOUGH_MS;
  return formatterOf(options.language, options.timeZone, withDate).format(opening);
}
