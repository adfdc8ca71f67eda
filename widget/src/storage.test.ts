import { describe, expect, it } from 'vitest';
import { sessionStore, storageKey, type KeyValueStore } from './storage';

const mapStore = (): KeyValueStore & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};

const throwing: KeyValueStore = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('the session store', () => {
  it('keys the session by the token id', () => {
    expect(storageKey('wpt_abcdefghijklmnop')).toBe('kreechat:widget:wpt_abcdefghijklmnop:session');
    expect(storageKey('wpt_a')).not.toBe(storageKey('wpt_b'));
  });

  it('keeps one session per token', () => {
    const store = mapStore();
    const a = sessionStore(store, 'wpt_a');
    const b = sessionStore(store, 'wpt_b');
    a.write('session-a');
    expect(a.read()).toBe('session-a');
    expect(b.read()).toBeNull();
    // A reload reads what the last page wrote.
    expect(sessionStore(store, 'wpt_a').read()).toBe('session-a');
    a.forget();
    expect(a.read()).toBeNull();
    expect(store.map.size).toBe(0);
  });

  it('lives in memory when storage throws or is missing', () => {
    for (const backing of [throwing, null]) {
      const store = sessionStore(backing, 'wpt_a');
      expect(store.read()).toBeNull();
      store.write('s');
      expect(store.read()).toBe('s');
      store.forget();
      expect(store.read()).toBeNull();
    }
  });
});
