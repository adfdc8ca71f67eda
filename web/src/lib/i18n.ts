import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@kreechat/contract';
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage } from './languages';
import type { TextPart } from '@/locales/parts';
import enPublic from '@/locales/en.json?texts=public';

type Texts = Record<string, unknown>;

/**
 * Every locale in three parts (src/locales/parts.ts): the public screens' texts, the signed-in screens', and the
 * admin panel's. English's
 * public part is bundled: it is the fallback and what most first visits show. Every other part is a chunk of its
 * own, fetched when needed, so a screen does not carry seven translations it will not show, nor /login the
 * workspace's texts. Each language's completeness is locales.test.ts's to check.
 */
const PARTS: Record<TextPart, Record<string, () => Promise<Texts>>> = {
  // English's is bundled (above), not a chunk of its own.
  public: import.meta.glob<Texts>(['../locales/*.json', '!../locales/en.json'], {
    query: '?texts=public',
    import: 'default',
  }),
  signedIn: import.meta.glob<Texts>('../locales/*.json', { query: '?texts=signedIn', import: 'default' }),
  admin: import.meta.glob<Texts>('../locales/*.json', { query: '?texts=admin', import: 'default' }),
};

/** The parts the screens shown so far needed: a language chosen later loads them all before it shows. */
const needed = new Set<TextPart>(['public']);
/** `${lang}:${part}` of every part in i18next's store (or on its way). */
const loaded = new Map<string, Promise<void>>([['en:public', Promise.resolve()]]);

function loadPart(lang: Language, part: TextPart): Promise<void> {
  const key = `${lang}:${part}`;
  let loading = loaded.get(key);
  if (!loading) {
    const load = PARTS[part][`../locales/${lang}.json`];
    if (!load) return Promise.reject(new Error(`no ${part} texts for ${lang}`));
    loading = load().then((texts) => {
      i18n.addResourceBundle(lang, 'translation', texts, true, true);
    });
    // A fetch that failed (the server away) is made again on the next call.
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

async function loadLanguage(lang: Language): Promise<void> {
  await Promise.all([...needed].map((part) => loadPart(lang, part)));
}

/**
 * Loads a part of the texts, for the fallback (English) and the current language, before a screen that needs it
 * shows; a language chosen later loads it too. Rejects when English's part cannot be fetched (the router tries again
 * once the server is back); a translation that cannot be fetched leaves English in its place.
 */
export async function loadTexts(part: TextPart): Promise<void> {
  needed.add(part);
  const lang = currentLanguage();
  await Promise.all([
    loadPart(DEFAULT_LANGUAGE, part),
    lang === DEFAULT_LANGUAGE ? null : loadPart(lang, part).catch(() => undefined),
  ]);
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
  resources: { en: { translation: enPublic } },
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
