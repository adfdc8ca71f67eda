import { useCallback, useSyncExternalStore } from 'react';

/** SPEC §9: a viewport of 1200 px or less is the narrow (mobile) layout. Keep in sync with the CSS media queries. */
export const NARROW_QUERY = '(max-width: 1200px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsNarrow = (): boolean => useMediaQuery(NARROW_QUERY);
