import { useEffect, useRef, useState } from 'react';

export type HiddenEnds = { start: boolean; end: boolean };

/**
 * Which ends of a sideways-scrolling box hide more of its content, kept up to date on scroll and on any change of
 * size (window, rows loaded, labels in another language), so the box can show a fade or a shadow on that side:
 * without one, a cut-off column or tab looks like the end. Put `ref` on the element that scrolls.
 */
export function useHiddenEnds<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [hidden, setHidden] = useState<HiddenEnds>({ start: false, end: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      // One pixel of slack: scroll positions are fractional at some zoom levels.
      const start = box.scrollLeft > 1;
      const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setHidden((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => {
      box.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  return { ref, hidden };
}
