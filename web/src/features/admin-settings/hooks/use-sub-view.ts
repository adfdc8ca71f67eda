import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A service's sub-view kept in the address as `?<param>=`, so a reload or a shared link opens the same one. The
 * first view is the default and leaves the parameter out; an unknown value falls back to it. Other parameters stay.
 */
export function useSubView<V extends string>(param: string, views: readonly [V, ...V[]]): [V, (next: V) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get(param);
  const view = views.find((name) => name === requested) ?? views[0];

  const choose = useCallback(
    (next: V) =>
      setParams(
        (old) => {
          const updated = new URLSearchParams(old);
          if (next === views[0]) updated.delete(param);
          else updated.set(param, next);
          return updated;
        },
        { replace: true },
      ),
    [param, views, setParams],
  );

  return [view, choose];
}
