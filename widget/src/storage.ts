/**
 * Where the widget keeps its session token on the visitor's browser: `localStorage`, one key per KreeChat token,
 * so two companies' widgets on one site (or a token replaced by a new one) never share a session. Storage can be
 * missing or throw (Safari's private mode of old, a sandboxed frame, a full quota): then the session lives as long
 * as the page, and the chat still works.
 */

/** The parts of `Storage` used here; tests pass a Map-backed one. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const storageKey = (tokenId: string): string => `kreechat:widget:${tokenId}:session`;

export type SessionStore = {
  read(): string | null;
  write(session: string): void;
  forget(): void;
};

/** The session token of `tokenId` in `store` (null when there is no usable storage). */
export function sessionStore(store: KeyValueStore | null, tokenId: string): SessionStore {
  const key = storageKey(tokenId);
  // The page's own copy, read only while storage fails: when storage works, another tab's change wins.
  let memory: string | null = null;
  const works = <T>(action: (s: KeyValueStore) => T): { value: T } | null => {
    if (!store) return null;
    try {
      return { value: action(store) };
    } catch {
      return null;
    }
  };
  return {
    read: () => {
      const stored = works((s) => s.getItem(key));
      return stored ? stored.value : memory;
    },
    write(session) {
      memory = session;
      works((s) => s.setItem(key, session));
    },
    forget() {
      memory = null;
      works((s) => s.removeItem(key));
    },
  };
}

/** `window.localStorage`, or null where reading the property itself throws (storage blocked by the browser). */
export function browserStorage(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
