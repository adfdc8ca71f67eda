import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { DICTIONARIES, format, translator } from './index';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the widget dictionaries', () => {
  const english = DICTIONARIES.en;
  const keys = Object.keys(english).sort();

  it.each(LANGUAGES.map((l) => [l]))('%s has exactly the English keys, each translated and non-empty', (lang) => {
    const dictionary = DICTIONARIES[lang];
    expect(Object.keys(dictionary).sort()).toEqual(keys);
    for (const key of keys) {
      const text = dictionary[key as keyof typeof english];
      expect(text.trim(), `${lang}.${key}`).not.toBe('');
      // A placeholder the code fills must survive translation, and no new one may appear.
      expect(placeholders(text), `${lang}.${key}`).toEqual(placeholders(english[key as keyof typeof english]));
    }
  });

  it('translates every text that is not a shared word', () => {
    // Words that are the same in some languages; everything else differs from English in every language.
    const shared = new Set(['agent', 'email']);
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      for (const key of keys.filter((k) => !shared.has(k))) {
        expect(DICTIONARIES[lang][key as keyof typeof english], `${lang}.${key}`).not.toBe(
          english[key as keyof typeof english],
        );
      }
    }
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(format('File is larger than {size} bytes', { size: '20,971,520' })).toBe(
      'File is larger than 20,971,520 bytes',
    );
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(translator('ru')('rateN', { n: 3 })).toBe('3 из 3');
  });
});
