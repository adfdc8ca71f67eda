import { LANGUAGES, type Language } from '@kreechat/contract';

/** Each language in its own name: a language list is read by people who may not read the current one. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  af: 'Afrikaans',
  bg: 'Български',
  tr: 'Türkçe',
  es: 'Español',
  ru: 'Русский',
  nl: 'Nederlands',
  ja: '日本語',
};

export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The interface language before the server has told us the user's preference: the one stored on this device,
 * else the first browser language we support (matched on its primary subtag, so `nl-BE` gives `nl`), else English.
 */
export function pickLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
