import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { focusWithFallback } from './use-return-focus';
import styles from './popover.module.css';

/** Kept this far from the viewport's edges, and this far from the button. */
const EDGE = 8;
const GAP = 8;
/** Phones: a popover becomes a bottom sheet (full width, anchored to the bottom), never a box beside its button. */
export const SHEET_QUERY = '(max-width: 480px)';

export type PopoverPlacement = 'top-start' | 'bottom-start' | 'bottom-end';

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

/**
 * Puts the popover beside its button, inside the viewport: on the preferred side, flipped to the other when it
 * does not fit there, shifted along the edge, its height capped to the viewport. Fixed, so no scroll container
 * clips it and it never widens the page. On phones a bottom sheet instead. Inline styles win over the popover's
 * own CSS module, whatever it says about position.
 */
function place(popover: HTMLElement, anchor: HTMLElement, placement: PopoverPlacement) {
  const s = popover.style;
  if (window.matchMedia(SHEET_QUERY).matches) {
    popover.classList.add(styles.sheet!);
    Object.assign(s, {
      position: 'fixed',
      left: '0px',
      right: '0px',
      top: 'auto',
      bottom: '0px',
      width: '100%',
      maxWidth: '100%',
      maxHeight: '70vh',
    });
    return;
  }
  popover.classList.remove(styles.sheet!);
  Object.assign(s, { position: 'fixed', right: 'auto', bottom: 'auto', maxWidth: '', width: '', maxHeight: '' });
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const room = vh - 2 * EDGE;
  if (popover.offsetHeight > room) s.maxHeight = `${room}px`;
  const a = anchor.getBoundingClientRect();
  const width = popover.offsetWidth;
  const height = popover.offsetHeight;
  const above = a.top - GAP - height;
  const below = a.bottom + GAP;
  let top: number;
  if (placement === 'top-start') top = above >= EDGE || below + height > vh - EDGE ? above : below;
  else top = below + height <= vh - EDGE || above < EDGE ? below : above;
  const left = placement === 'bottom-end' ? a.right - width : a.left;
  s.top = `${clamp(top, EDGE, vh - EDGE - height)}px`;
  s.left = `${clamp(left, EDGE, vw - EDGE - width)}px`;
}

interface PopoverOptions {
  disabled?: boolean;
  /** Runs whenever it closes (to reset a filter, say). */
  onClosed?: () => void;
  /** Where it opens on wider screens; flipped or shifted to stay inside the viewport. Null: placed by its CSS (a drawer). */
  placement?: PopoverPlacement | null;
  /** Controlled open state (a screen that opens it from elsewhere too, as the inbox from its notifications). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * The state of a button that opens a popover (the composer's emoji and bubbles pickers, the pinned messages, the
 * inbox), so every popover behaves alike: a click outside closes it; Escape closes it and returns focus to the
 * button; it closes when a dialog takes focus (it would stay open behind it) and when the button is disabled.
 * While open it stays inside the viewport (see {@link place}); on phones it is a bottom sheet.
 */
export function usePopover({
  disabled = false,
  onClosed,
  placement = 'top-start',
  open: controlled,
  onOpenChange,
}: PopoverOptions = {}) {
  const [own, setOwn] = useState(false);
  const open = controlled ?? own;
  const popoverId = useId();
  const wrapper = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  // A popover whose content is fetched lazily mounts after `open` turns true: placing waits for the element.
  const [mounted, setMounted] = useState<HTMLDivElement | null>(null);
  const popoverRef = useCallback((element: HTMLDivElement | null) => {
    popover.current = element;
    setMounted(element);
  }, []);
  const latest = useRef({ onClosed, onOpenChange, open });
  latest.current = { onClosed, onOpenChange, open };

  const setOpen = (next: boolean | ((open: boolean) => boolean)) => {
    const value = typeof next === 'function' ? next(latest.current.open) : next;
    if (controlled === undefined) setOwn(value);
    latest.current.onOpenChange?.(value);
    if (!value && latest.current.open) latest.current.onClosed?.();
  };
  const setOpenRef = useRef(setOpen);
  setOpenRef.current = setOpen;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus && button.current) focusWithFallback(button.current);
  };

  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node &&
      [wrapper.current, button.current, popover.current].some((element) => element?.contains(target));
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) setOpenRef.current(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      // A layer inside that handles Escape itself (a search field clearing, a nested menu) keeps the popover.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setOpenRef.current(false);
      if (button.current) focusWithFallback(button.current);
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Element | null;
      if (!inside(target) && target?.closest?.('[role="dialog"], [role="alertdialog"]')) setOpenRef.current(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  usePlacement(open, popover, mounted, button, placement);

  useEffect(() => {
    if (disabled && latest.current.open) setOpenRef.current(false);
  }, [disabled]);

  return {
    open,
    setOpen,
    close,
    popoverId,
    button,
    popover,
    /** Spread on an element that holds both the button and the popover (optional: outside clicks also spare them). */
    wrapperProps: {
      ref: wrapper as RefObject<HTMLSpanElement & HTMLDivElement>,
      onKeyDownCapture: (event: KeyboardEvent) => {
        if (open && event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          close(true);
        }
      },
    },
    /** For the button: what it controls, and whether it is open. */
    buttonProps: {
      ref: button,
      'aria-expanded': open,
      'aria-haspopup': 'dialog' as const,
      'aria-controls': open ? popoverId : undefined,
    },
    /** For the popover element (or `ref={popover}` and `id={popoverId}`); also when it mounts later than it opens. */
    popoverProps: { ref: popoverRef, id: popoverId },
  };
}

/** Keeps an open popover placed while its content loads, the window resizes or the page scrolls under it. */
function usePlacement(
  open: boolean,
  popover: RefObject<HTMLElement | null>,
  /** The element a callback ref saw mount; a plain `ref={popover}` is read in the effect, after it attached. */
  mounted: HTMLElement | null,
  anchor: RefObject<HTMLElement | null>,
  placement: PopoverPlacement | null,
) {
  useLayoutEffect(() => {
    const element = mounted ?? popover.current;
    if (!open || !element || !anchor.current || placement === null) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => anchor.current && place(element, anchor.current, placement));
    };
    place(element, anchor.current, placement);
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [open, popover, mounted, anchor, placement]);
}
