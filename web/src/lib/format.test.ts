import { describe, expect, it } from 'vitest';
import { compactCount, countryName, displayUsername, fullName, truncate } from './format';

describe('displayUsername (SPEC §5: 18 or more characters are cut to 18 with an ellipsis)', () => {
  it('keeps names of up to 17 characters', () => {
    expect(displayUsername('Seventeen chars!!')).toBe('Seventeen chars!!');
  });

  it('cuts names of 18 or more characters to 18 plus an ellipsis', () => {
    expect(displayUsername('Eighteen characters')).toBe('Eighteen character…');
    expect(displayUsername('Exactly18Characters'.slice(0, 18))).toBe('Exactly18Character…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncate('😀'.repeat(3), 4)).toBe('😀😀😀');
  });
});

describe('compactCount', () => {
  it('caps at 99+', () => {
    expect(compactCount(0)).toBe('0');
    expect(compactCount(99)).toBe('99');
    expect(compactCount(100)).toBe('99+');
  });
});

describe('countryName', () => {
  it('localizes the region name and falls back to the given name', () => {
    expect(countryName('DE', 'en', 'Germany')).toBe('Germany');
    expect(countryName('DE', 'es', 'Germany')).toBe('Alemania');
    expect(countryName('XX', 'en', 'Fallback')).toBe('Fallback');
  });
});

describe('fullName', () => {
  it('joins the present parts', () => {
    expect(fullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullName(' Ada ', null)).toBe('Ada');
  });
});
