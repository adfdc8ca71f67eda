import { describe, expect, it } from 'vitest';
import { confirmsErase } from './privacy';

describe('confirmsErase', () => {
  it('is armed by what is expected in any letter case and with spaces around, or by ERASE, and by nothing else', () => {
    expect(confirmsErase('nia@example.test', 'nia@example.test')).toBe(true);
    expect(confirmsErase('  NIA@Example.test ', 'nia@example.test')).toBe(true);
    expect(confirmsErase('ERASE', 'nia@example.test')).toBe(true);
    expect(confirmsErase('olga petrova', 'Olga Petrova')).toBe(true);
    for (const typed of ['', '   ', 'erase', 'ERASE!', 'nia@example', 'Nia Okafor'])
      expect(confirmsErase(typed, 'nia@example.test')).toBe(false);
  });
});
