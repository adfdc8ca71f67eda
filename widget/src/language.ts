import { LANGUAGES } from './constants';

export type Language = (typeof LANGUAGES)[number];

function supported(tag: string | null | undefined): Language | null {
  // WordPress writes locales with an underscore (pt_BR, ja), HTML with a hyphen (nl-BE): the primary subtag decides.
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : null;
}

/**
 * The widget's language: the site's WordPress locale (`ru_RU`), else the page's `<html lang>`, else English.
 * The visitor reads the site in that language, so the widget follows it rather than the browser's.
 */
export function pickLanguage(locale: string | null | undefined, htmlLang: string | null | undefined): Language {
  return supported(locale) ?? supported(htmlLang) ?? 'en';
}
