import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordChecks } from './password';
import { COUNTRIES, countryFlag } from './countries';

describe('password rule', () => {
  it('reports each check', () => {
    expect(passwordChecks('abc')).toEqual({
      length: false,
      uppercase: false,
      lowercase: true,
      number: false,
      special: false,
    });
    expect(passwordChecks('Abcdef1!')).toEqual({
      length: true,
      uppercase: true,
      lowercase: true,
      number: true,
      special: true,
    });
  });
  it.each(['short1A!', 'Sup3r-Secret!', 'Ünïcode9#x'])('accepts %s', (p) => expect(isStrongPassword(p)).toBe(true));
  it.each(['alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12', 'Sh0rt!'])('refuses %s', (p) =>
    expect(isStrongPassword(p)).toBe(false),
  );
});

describe('countries', () => {
  it('has about 90 unique two-letter codes with flags', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(90);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    expect(countryFlag('JP')).toBe('🇯🇵');
  });
});
