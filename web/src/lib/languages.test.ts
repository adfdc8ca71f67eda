import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@kreechat/contract';
import { LANGUAGE_NAMES, isLanguage, pickLanguage } from './languages';

describe('pickLanguage', () => {
  it('prefers the language stored on this device', () => {
    expect(pickLanguage('bg', ['ja-JP'])).toBe('bg');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(pickLanguage('de', ['nl-BE', 'en'])).toBe('nl');
  });

  it('matches browser languages on their primary subtag, in order', () => {
    expect(pickLanguage(null, ['de-DE', 'pt-BR', 'es-MX', 'ru'])).toBe('es');
    expect(pickLanguage(undefined, ['JA'])).toBe('ja');
  });

  it('falls back to English', () => {
    expect(pickLanguage(null, ['de', 'fr'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });
});

describe('languages', () => {
  it('names every supported language in its own script', () => {
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...LANGUAGES].sort());
    expect(LANGUAGE_NAMES.bg).toBe('Български');
    expect(LANGUAGE_NAMES.ja).toBe('日本語');
  });

  it('recognises only the supported codes', () => {
    expect(isLanguage('tr')).toBe(true);
    expect(isLanguage('TR')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
