/** SPEC §5: usernames of 18 or more characters are cut to 18 with an ellipsis. */
export const USERNAME_DISPLAY_LIMIT = 18;

export function truncate(text: string, limit: number): string {
  const chars = [...text];
  return chars.length >= limit ? `${chars.slice(0, limit).join('')}…` : text;
}

export const displayUsername = (name: string): string => truncate(name, USERNAME_DISPLAY_LIMIT);

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
