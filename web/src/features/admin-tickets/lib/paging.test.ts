import { describe, expect, it } from 'vitest';
import { formatMinutes, nextTicketsOffset } from './paging';

const page = (n: number) => ({ tickets: Array.from({ length: n }) });

describe('nextTicketsOffset', () => {
  it('asks for offset 10, 20, … and stops after an empty page', () => {
    expect(nextTicketsOffset(10, [page(10)])).toBe(10);
    expect(nextTicketsOffset(10, [page(10), page(10)])).toBe(20);
    expect(nextTicketsOffset(3, [page(10), page(3)])).toBe(20);
    expect(nextTicketsOffset(0, [page(10), page(0)])).toBeUndefined();
  });
});

describe('formatMinutes', () => {
  it('shows up to 2 decimals and 0 for what is not positive', () => {
    expect(formatMinutes(2.5, 'en')).toBe('2.5');
    expect(formatMinutes(1.256, 'en')).toBe('1.26');
    expect(formatMinutes(-3, 'en')).toBe('0');
    expect(formatMinutes(1234.5, 'de')).toBe('1.234,5');
  });
});
