import { describe, expect, it } from 'vitest';
import { nextTicketsOffset } from './paging';

const page = (n: number) => ({ tickets: Array.from({ length: n }) });

describe('nextTicketsOffset', () => {
  it('asks for offset 10, 20, … and stops after an empty page', () => {
    expect(nextTicketsOffset(10, [page(10)])).toBe(10);
    expect(nextTicketsOffset(10, [page(10), page(10)])).toBe(20);
    expect(nextTicketsOffset(3, [page(10), page(3)])).toBe(20);
    expect(nextTicketsOffset(0, [page(10), page(0)])).toBeUndefined();
  });
});
