import { zoneOffsetMs } from '@kreechat/contract';

/** A zone as the picker lists it: its IANA name, how it reads ("America/New York"), its offset now. */
export interface TimeZoneOption {
  zone: string;
  label: string;
  offset: string;
}

/**
 * Every IANA zone the browser knows, sorted, with `current` kept even when this browser does not list it (an old
 * alias such as Asia/Calcutta the company was registered with). Chromium leaves UTC out of its list; it is added.
 */
export function timeZoneNames(current: string | null, supported: readonly string[] = supportedZones()): string[] {
  const names = new Set(supported);
  names.add('UTC');
  if (current) names.add(current);
  return [...names].sort((a, b) => a.localeCompare(b, 'en'));
}

function supportedZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** "UTC+05:30", "UTC−03:00", "UTC±00:00": the zone's offset at `at`, by its own rules (summer time included). */
export function offsetLabel(zone: string, at: Date): string {
  let minutes: number;
  try {
    minutes = Math.round(zoneOffsetMs(at.getTime(), zone) / 60_000);
  } catch {
    return '';
  }
  const sign = minutes > 0 ? '+' : minutes < 0 ? '−' : '±';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

export function timeZoneOptions(names: readonly string[], at: Date): TimeZoneOption[] {
  return names.map((zone) => ({ zone, label: zoneLabel(zone), offset: offsetLabel(zone, at) }));
}

/** Lower case, underscores and slashes read as spaces, a typed minus sign as the typographic one. */
const normalise = (text: string) => text.toLowerCase().replace(/[_/]+/g, ' ').replace(/-/g, '−').trim();

/**
 * The options matching what was typed: every word must appear in the name or the offset ("new york", "york",
 * "utc+05:30", "+09"); zones whose city starts with the first word come first, the rest keep their order.
 */
export function filterTimeZones(options: readonly TimeZoneOption[], query: string): TimeZoneOption[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  const matching = options.filter((option) => {
    const haystack = `${normalise(option.zone)} ${normalise(option.offset)}`;
    return words.every((word) => haystack.includes(word));
  });
  const first = words[0]!;
  const cityStarts = (option: TimeZoneOption) => normalise(option.zone.split('/').pop() ?? '').startsWith(first);
  return [...matching.filter(cityStarts), ...matching.filter((option) => !cityStarts(option))];
}
