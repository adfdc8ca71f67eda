/*
 * The workspace's keyboard shortcuts: single keys, as in Gmail and Chatwoot, that never fire while the
 * agent types. Pure: which key means what, and whether a key press is typing.
 */

export const SHORTCUT_ACTIONS = [
  'next',
  'previous',
  'accept',
  'reply',
  'close',
  'reassign',
  'search',
  'pins',
  'clientPanel',
  'pending',
  'mine',
  'all',
  'closed',
  'help',
] as const;
export type ShortcutAction = (typeof SHORTCUT_ACTIONS)[number];

/** The keys of each action, as the help sheet shows them (the first is the one named). */
export const SHORTCUT_KEYS: Record<ShortcutAction, readonly string[]> = {
  next: ['j', 'Alt+ArrowDown'],
  previous: ['k', 'Alt+ArrowUp'],
  accept: ['a'],
  reply: ['r'],
  close: ['c'],
  reassign: ['t'],
  search: ['/'],
  pins: ['p'],
  clientPanel: ['i'],
  pending: ['1'],
  mine: ['2'],
  all: ['3'],
  closed: ['4'],
  help: ['?'],
};

/** The help sheet's groups, in order. */
export const SHORTCUT_GROUPS: readonly { id: 'lists' | 'ticket' | 'general'; actions: readonly ShortcutAction[] }[] = [
  { id: 'lists', actions: ['next', 'previous', 'pending', 'mine', 'all', 'closed', 'search'] },
  { id: 'ticket', actions: ['accept', 'reply', 'close', 'reassign', 'pins', 'clientPanel'] },
  { id: 'general', actions: ['help'] },
];

const byKey = new Map<string, ShortcutAction>(
  SHORTCUT_ACTIONS.flatMap((action) => SHORTCUT_KEYS[action].map((key) => [key, action] as const)),
);

export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * The action a key press asks for, if any. Ctrl and ⌘ belong to the browser and the system; Alt only with the arrows;
 * Shift only as part of the character it makes ('?').
 */
export function shortcutOf(press: KeyPress): ShortcutAction | undefined {
  if (press.ctrlKey || press.metaKey) return undefined;
  if (press.altKey) return byKey.get(`Alt+${press.key}`);
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (press.shiftKey && key !== '?') return undefined;
  return byKey.get(key);
}

/** What isTyping reads of a key press's target: an Element has all of it. */
export interface TypingTarget {
  tagName: string;
  isContentEditable?: boolean;
  type?: string;
  closest?: (selector: string) => unknown;
}

const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file']);

/** A key press in a text field, a select or an editable element is typing, never a shortcut. */
export function isTyping(target: TypingTarget | null): boolean {
  if (!target || typeof target.tagName !== 'string') return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NOT_TEXT_INPUTS.has(target.type ?? 'text');
  return Boolean(target.closest?.('[role="textbox"], [role="combobox"]'));
}
