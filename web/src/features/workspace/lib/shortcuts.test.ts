import { describe, expect, it } from 'vitest';
import { isTyping, shortcutOf, SHORTCUT_ACTIONS, SHORTCUT_GROUPS, SHORTCUT_KEYS } from './shortcuts';

const press = (key: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('shortcutOf', () => {
  it('maps single keys and Alt+arrows to actions', () => {
    expect(shortcutOf(press('j'))).toBe('next');
    expect(shortcutOf(press('J'))).toBe('next');
    expect(shortcutOf(press('ArrowDown', { altKey: true }))).toBe('next');
    expect(shortcutOf(press('ArrowUp', { altKey: true }))).toBe('previous');
    expect(shortcutOf(press('/'))).toBe('search');
    expect(shortcutOf(press('?', { shiftKey: true }))).toBe('help');
    expect(shortcutOf(press('4'))).toBe('closed');
  });

  it('leaves the browser and the system their keys', () => {
    expect(shortcutOf(press('c', { ctrlKey: true }))).toBeUndefined();
    expect(shortcutOf(press('r', { metaKey: true }))).toBeUndefined();
    expect(shortcutOf(press('j', { altKey: true }))).toBeUndefined();
    expect(shortcutOf(press('A', { shiftKey: true }))).toBeUndefined();
    expect(shortcutOf(press('ArrowDown'))).toBeUndefined();
    expect(shortcutOf(press('x'))).toBeUndefined();
  });

  it('has one action per key and every action in the help sheet', () => {
    const keys = SHORTCUT_ACTIONS.flatMap((action) => SHORTCUT_KEYS[action]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(SHORTCUT_GROUPS.flatMap((group) => group.actions).sort()).toEqual([...SHORTCUT_ACTIONS].sort());
  });
});

describe('isTyping', () => {
  it('is true in text fields and editable elements only', () => {
    expect(isTyping({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTyping({ tagName: 'input', type: 'search' })).toBe(true);
    expect(isTyping({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTyping({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTyping({ tagName: 'DIV', closest: (selector) => selector.includes('combobox') })).toBe(true);
    expect(isTyping({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTyping({ tagName: 'BUTTON', closest: () => null })).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});
