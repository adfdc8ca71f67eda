import { describe, expect, it } from 'vitest';
import { tabAfterKey, tabOf } from './tab-keys';

const TABS = ['a', 'b', 'c'] as const;

describe('tabAfterKey', () => {
  it('moves and wraps with the arrows, jumps with Home and End', () => {
    expect(tabAfterKey(TABS, 'a', 'a', 'ArrowRight')).toBe('b');
    expect(tabAfterKey(TABS, 'c', 'c', 'ArrowRight')).toBe('a');
    expect(tabAfterKey(TABS, 'a', 'a', 'ArrowLeft')).toBe('c');
    expect(tabAfterKey(TABS, 'b', 'b', 'Home')).toBe('a');
    expect(tabAfterKey(TABS, 'a', 'a', 'End')).toBe('c');
  });

  it('moves from the focused tab when the selection has not caught up yet', () => {
    // Home focused 'a' while the state still says 'c': the next ArrowRight goes to 'b', not back to 'a'.
    expect(tabAfterKey(TABS, 'a', 'c', 'ArrowRight')).toBe('b');
    expect(tabAfterKey(TABS, undefined, 'c', 'ArrowRight')).toBe('a');
  });

  it('ignores other keys', () => {
    expect(tabAfterKey(TABS, 'a', 'a', 'Enter')).toBeUndefined();
  });
});

describe('tabOf', () => {
  it('names the tab whose element the event came from', () => {
    const one = {} as HTMLElement;
    const two = {} as HTMLElement;
    expect(tabOf({ a: one, b: two }, two)).toBe('b');
    expect(tabOf({ a: one, b: two }, {} as EventTarget)).toBeUndefined();
  });
});
