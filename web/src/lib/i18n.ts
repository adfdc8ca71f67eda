import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@kreechat/contract';
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage } from './languages';
import en from '../locales/en.json';
import af from '../locales/af.json';
import bg from '../locales/bg.json';
import tr from '../locales/tr.json';
import es from '../locales/es.json';
import ru from '../locales/ru.json';
import nl from '../locales/nl.json';
import ja from '../locales/ja.json';

export const resources = {
  en: { translation: en },
  af: { translation: af },
  bg: { translation: bg },
  tr: { translation: tr },
  es: { translation: es },
  ru: { translation: ru },
  nl: { translation: nl },
  ja: { translation: ja },
} as const satisfies Record<Language, { translation: typeof en }>;

const STORAGE_KEY = 'kreechat.lang';

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeLanguage(lang: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private mode or storage disabled: the server-side preference still applies after login.
  }
}

function syncDocumentLanguage(lang: string): void {
  document.documentElement.lang = lang;
}

i18n.on('languageChanged', syncDocumentLanguage);

void i18n.use(initReactI18next).init({
  resources,
  lng: pickLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language]),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
syncDocumentLanguage(i18n.language);

/** Switch the interface language and remember it on this device for the next visit. */
export async function applyLanguage(lang: string): Promise<void> {
  if (!isLanguage(lang)) return;
  storeLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
