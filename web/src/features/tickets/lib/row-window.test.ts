import { describe, expect, it } from 'vitest';
import { listHeight, rowTop, scrollToReveal, visibleRows } from './row-window';

const g = { rowHeight: 82, padding: 8, overscan: 2 };

describe('row window', () => {
  it('renders the rows in view plus the overscan, clamped to the list', () => {
    expect(visibleRows(0, 400, 1000, g)).toEqual({ start: 0, end: 7 });
    expect(visibleRows(8 + 82 * 100, 400, 1000, g)).toEqual({ start: 98, end: 107 });
    expect(visibleRows(8 + 82 * 998, 400, 1000, g)).toEqual({ start: 996, end: 1000 });
    expect(visibleRows(0, 400, 3, g)).toEqual({ start: 0, end: 3 });
    expect(visibleRows(0, 400, 0, g)).toEqual({ start: 0, end: 0 });
  });

  it('places rows and sizes the list by arithmetic', () => {
    expect(rowTop(0, g)).toBe(8);
    expect(rowTop(10, g)).toBe(828);
    expect(listHeight(10, g)).toBe(836);
    expect(listHeight(0, g)).toBe(0);
  });

  it('scrolls only as far as needed to reveal a row', () => {
    expect(scrollToReveal(1, 0, 400, g)).toBeUndefined();
    expect(scrollToReveal(20, 0, 400, g)).toBe(rowTop(20, g) + 82 - 400);
    expect(scrollToReveal(2, 1000, 400, g)).toBe(rowTop(2, g) - 8);
  });
});
