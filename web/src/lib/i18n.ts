import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@kreechat/contract';
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage } from './languages';
import en from '@/locales/en.json';

/**
 * English is bundled: it is the fallback and what most first visits show. Every other language is a chunk of its
 * own, fetched when chosen, so a screen does not carry seven translations it will not show. Typed as en's shape,
 * so a locale missing a key fails the type check.
 */
const LOCALES: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  af: () => import('@/locales/af.json'),
  bg: () => import('@/locales/bg.json'),
  tr: () => import('@/locales/tr.json'),
  es: () => import('@/locales/es.json'),
  ru: () => import('@/locales/ru.json'),
  nl: () => import('@/locales/nl.json'),
  ja: () => import('@/locales/ja.json'),
};

async function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'en' || i18n.hasResourceBundle(lang, 'translation')) return;
  const { default: bundle } = await LOCALES[lang]();
  i18n.addResourceBundle(lang, 'translation', bundle);
}

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

const initialLanguage = pickLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language]);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
syncDocumentLanguage(i18n.language);

/**
 * Settles once the first language is in place (English when its chunk cannot be fetched): render after it, so the
 * first screen does not flash in English.
 */
export const i18nReady: Promise<void> = loadLanguage(initialLanguage)
  .then(() => i18n.changeLanguage(initialLanguage))
  .then(
    () => undefined,
    () => undefined,
  );

/** Switch the interface language and remember it on this device for the next visit. */
export async function applyLanguage(lang: string): Promise<void> {
  if (!isLanguage(lang)) return;
  storeLanguage(lang);
  await loadLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
