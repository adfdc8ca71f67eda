import { BUBBLE_PREVIEW_LENGTH } from '@kreechat/contract';

/** SPEC §5: usernames of 18 or more characters are cut to 18 with an ellipsis. */
export const USERNAME_DISPLAY_LIMIT = 18;

export function truncate(text: string, limit: number): string {
  const chars = [...text];
  return chars.length >= limit ? `${chars.slice(0, limit).join('')}…` : text;
}

export const displayUsername = (name: string): string => truncate(name, USERNAME_DISPLAY_LIMIT);

/** SPEC §5: a bubble preview (name or content) shows its first 50 characters and an ellipsis when there is more. */
export function bubblePreview(text: string): string {
  const chars = [...text];
  return chars.length > BUBBLE_PREVIEW_LENGTH ? `${chars.slice(0, BUBBLE_PREVIEW_LENGTH).join('')}…` : text;
}

/** Counts above 99 show as "99+" in small bubbles. */
export function compactCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The localized name of a country, falling back to the given English name. */
export function countryName(code: string, lang: string, fallback: string): string {
  try {
    const name = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'none' }).of(code);
    return name ?? fallback;
  } catch {
    return fallback;
  }
}

/** "Ada Lovelace" from its parts, skipping empty ones. */
export function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** SPEC §9: ticket, action and profile ids are shown by their first 8 characters. */
export const shortId = (id: string): string => id.slice(0, 8);

/**
 * SPEC §5 "other text over 100 characters cut to 150", taken literally: a text longer than 100 characters shows its
 * first 150 characters and an ellipsis (the card's line clamp hides what does not fit anyway).
 */
export const PREVIEW_THRESHOLD = 100;
export const PREVIEW_LENGTH = 150;
export function previewText(text: string): string {
  const chars = [...text];
  return chars.length > PREVIEW_THRESHOLD ? `${chars.slice(0, PREVIEW_LENGTH).join('')}…` : text;
}

/** SPEC §3: a file size reads in KB, and in MB from 1000 KB. */
export function fileSize(bytes: number, lang: string): { amount: string; unit: 'kb' | 'mb' } {
  const kb = Math.max(0, bytes) / 1024;
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  return kb >= 1000 ? { amount: number.format(kb / 1024), unit: 'mb' } : { amount: number.format(kb), unit: 'kb' };
}

/** A duration in its two largest units that say it best, with the unit each part counts. */
type DurationPart = { value: number; unit: 'second' | 'minute' | 'hour' | 'day' };

function durationParts(totalSeconds: number): DurationPart[] {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return [{ value: seconds, unit: 'second' }];
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return [{ value: minutes, unit: 'minute' }];
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return [
      { value: Math.floor(minutes / 60), unit: 'hour' },
      ...(rest ? [{ value: rest, unit: 'minute' } as const] : []),
    ];
  }
  const hours = Math.round(minutes / 60);
  const rest = hours % 24;
  return [{ value: Math.floor(hours / 24), unit: 'day' }, ...(rest ? [{ value: rest, unit: 'hour' } as const] : [])];
}

/**
 * How long something took or may take, in the reader's language: "45 sec", "12 min", "8 hr 33 min", "2 days 3 hr"
 * ("8 ч 33 мин", "8 時間33 分"). Two units at most — a response time to the second would be noise. Built on the
 * language's short unit names and its unit list, as Intl.DurationFormat would, which Node 20 does not have.
 */
export function formatDuration(seconds: number, lang: string): string {
  const parts = durationParts(Number.isFinite(seconds) ? seconds : 0).map(({ value, unit }) =>
    new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short' }).format(value),
  );
  return new Intl.ListFormat(lang, { type: 'unit', style: 'narrow' }).format(parts);
}
