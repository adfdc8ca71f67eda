import { useEffect, useRef, useState } from 'react';

/** SPEC §9: the sticky date title hides 1.5 s after scrolling stops. */
const STICKY_DATE_MS = 1_500;
/**
 * Scroll events this soon after the reader's own wheel, touch, key or pointer count as the reader's scrolling (a
 * touch fling goes on after the finger lifts); later ones are the list's own (a row measured, a page prepended).
 */
const READER_SCROLL_MS = 1_000;

/**
 * The day title that floats over the messages while the reader scrolls, hidden 1.5 s after the scrolling stops.
 * The list's own scrolls must not keep it up (on a busy machine they went on for seconds): only scrolls soon after
 * `noteReaderInput` show it.
 */
export function useStickyDay() {
  const [day, setDay] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const readerInputAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return {
    day,
    noteReaderInput: () => {
      readerInputAt.current = performance.now();
    },
    /** After a scroll: shows the day `dayAtTop` reads, if the reader is the one scrolling. */
    onScroll: (dayAtTop: () => string | null) => {
      if (performance.now() - readerInputAt.current > READER_SCROLL_MS) return;
      setDay(dayAtTop());
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setDay(null), STICKY_DATE_MS);
    },
  };
}
