import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language';

describe('pickLanguage', () => {
  it('takes the WordPress locale first', () => {
    expect(pickLanguage('ru_RU', 'en-US')).toBe('ru');
    expect(pickLanguage('ja', '')).toBe('ja');
    expect(pickLanguage('af', null)).toBe('af');
    expect(pickLanguage('NL_be', undefined)).toBe('nl');
  });

  it('falls back to the page language when the locale is not one of the 8', () => {
    expect(pickLanguage('pt_BR', 'bg-BG')).toBe('bg');
    expect(pickLanguage('', 'tr')).toBe('tr');
    expect(pickLanguage(undefined, 'es-419')).toBe('es');
  });

  it('falls back to English', () => {
    expect(pickLanguage('de_DE', 'de')).toBe('en');
    expect(pickLanguage(null, null)).toBe('en');
    expect(pickLanguage('  ', 'x')).toBe('en');
  });
});
