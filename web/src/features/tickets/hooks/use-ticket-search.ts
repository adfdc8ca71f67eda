import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';

/** One column's search: whether its box shows, and the keyword last run with Enter ('' shows the list). */
export interface TicketSearch {
  open: boolean;
  keyword: string;
  /** Bumped by every Enter, so running the same keyword again asks the server again. */
  run: number;
  toggle(): void;
  submit(text: string): void;
  /** Opens the box with `text` run at once (another column's search handing its keyword over). */
  show(text: string): void;
  /** The toggle button, where focus goes back when Escape closes the box. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

export function useTicketSearch(): TicketSearch {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState({ keyword: '', run: 0 });
  const toggleRef = useRef<HTMLButtonElement>(null);
  const toggle = useCallback(() => {
    // Closing the box ends the search: the column shows its list again.
    setOpen((wasOpen) => {
      if (wasOpen) setState((s) => ({ ...s, keyword: '' }));
      return !wasOpen;
    });
  }, []);
  const submit = useCallback((text: string) => setState((s) => ({ keyword: text.trim(), run: s.run + 1 })), []);
  const show = useCallback(
    (text: string) => {
      setOpen(true);
      submit(text);
    },
    [submit],
  );
  return useMemo(() => ({ open, ...state, toggle, submit, show, toggleRef }), [open, state, toggle, submit, show]);
}
