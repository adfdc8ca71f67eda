import 'i18next';
import type en from '@/locales/en.json';

// Typed keys: a `t('…')` with a key missing from en.json fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}
