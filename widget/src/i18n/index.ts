import type { Language } from '../language';
import { af } from './af';
import { bg } from './bg';
import { en, type Dictionary } from './en';
import { es } from './es';
import { ja } from './ja';
import { nl } from './nl';
import { ru } from './ru';
import { tr } from './tr';

export type { Dictionary };
export type TextKey = keyof Dictionary;

/** All 8 dictionaries ship in the bundle: together they weigh less than one extra request would cost. */
export const DICTIONARIES: Record<Language, Dictionary> = { en, af, bg, tr, es, ru, nl, ja };

/** A text with its `{name}` placeholders filled in. */
export function format(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export type Translate = (key: TextKey, values?: Record<string, string | number>) => string;

export const translator =
  (language: Language): Translate =>
  (key, values) =>
    format(DICTIONARIES[language][key], values);
