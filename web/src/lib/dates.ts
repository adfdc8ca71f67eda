/**
 * Dates as the workspace shows them: day keys in the viewer's time zone (the server builds chat sections the same
 * way), day titles, clock times and the short "when" of a ticket card — all through Intl in the UI language.
 */

/*
 * Intl formatters are slow to build (a fraction of a millisecond each) and the cards of a busy list format dates on
 * every live event: each formatter is built once per language and options, then reused.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();
function cachedFormatter<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(
  kind: string,
  lang: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind}|${lang}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}
const dateFormat = (lang: string, options: Intl.DateTimeFormatOptions) =>
  cachedFormatter('date', lang, options, () => new Intl.DateTimeFormat(lang, options));

/** The browser's IANA time zone, sent with chat requests so day sections match what the viewer calls a day. */
export function viewerTimeZone(): string {
  try {
    return dateFormat('und', {}).resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function dayKey(instant: Date | string, timeZone: string = viewerTimeZone()): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day key before `key` (calendar arithmetic on the key itself, so no time zone can shift it). */
export function previousDayKey(key: string): string {
  const date = new Date(`${key}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export type DayTitle = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

/** A chat section title: Today, Yesterday, or the date written out in the UI language. */
export function dayTitle(key: string, lang: string, today: string): DayTitle {
  if (key === today) return { kind: 'today' };
  if (key === previousDayKey(today)) return { kind: 'yesterday' };
  const date = new Date(`${key}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return { kind: 'date', text: key };
  const sameYear = key.slice(0, 4) === today.slice(0, 4);
  const text = dateFormat(lang, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
  return { kind: 'date', text };
}

/** "14:32" (or "2:32 PM") in the UI language. */
export function clockTime(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(lang, { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** "Nov 22, 2026" in the UI language: the first line of a table's two-line date cell. */
export function mediumDate(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(lang, { dateStyle: 'medium' }).format(date);
}

/** A full date and time, for tooltips and "closed on". */
export function dateTime(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * The short "when" on a ticket card: relative within the hour ("now", "5 min. ago"), the clock time today, the
 * day and month this year, the full short date before that.
 */
export function shortWhen(iso: string, lang: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // A time slightly ahead of `now` (a list clock that ticks once a minute, clock skew) still reads "now".
  const minutes = Math.max(0, Math.round((now.getTime() - date.getTime()) / 60_000));
  if (minutes < 60) {
    const relative = cachedFormatter(
      'relative',
      lang,
      {},
      () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style: 'short' }),
    );
    return minutes < 1 ? relative.format(0, 'second') : relative.format(-minutes, 'minute');
  }
  const zone = viewerTimeZone();
  if (dayKey(date, zone) === dayKey(now, zone)) return clockTime(iso, lang);
  const options: Intl.DateTimeFormatOptions =
    date.getFullYear() === now.getFullYear() ? { day: 'numeric', month: 'short' } : { dateStyle: 'short' };
  return dateFormat(lang, options).format(date);
}

/**
 * How long something has waited, in its largest whole unit ("4 min", "2 hr", "3 days" — the language's short unit
 * names): a pending ticket's card says how long its client has been waiting.
 */
export function waitedFor(sinceIso: string, lang: string, now: Date = new Date()): string {
  const since = new Date(sinceIso);
  if (Number.isNaN(since.getTime())) return '';
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  const [value, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 1440
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / 1440), 'day'];
  const options = { style: 'unit', unit, unitDisplay: 'short' } as const;
  return cachedFormatter('number', lang, options, () => new Intl.NumberFormat(lang, options)).format(value);
}
