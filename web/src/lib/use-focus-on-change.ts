import { useEffect, useRef } from 'react';

/**
 * Returns a ref for an element (a step's heading, with tabIndex -1) that takes the focus whenever `value` changes
 * after the first render, so keyboard and screen-reader users follow a multi-step form to its new step.
 */
export function useFocusOnChange<T extends HTMLElement>(value: unknown) {
  const ref = useRef<T>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    ref.current?.focus();
  }, [value]);
  return ref;
}
