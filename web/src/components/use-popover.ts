import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The state of a button that opens a popover beside it (the composer's emoji and bubbles pickers): a click outside
 * closes it, Escape closes it and returns focus to the button, and it closes when the button is disabled.
 * `onClosed` runs whenever it closes (to reset a filter, say).
 */
export function usePopover({ disabled = false, onClosed }: { disabled?: boolean; onClosed?: () => void } = {}) {
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const closed = useRef(onClosed);
  closed.current = onClosed;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    closed.current?.();
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (wrapper.current?.contains(event.target as Node)) return;
      setOpen(false);
      closed.current?.();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  return {
    open,
    setOpen,
    close,
    popoverId,
    button,
    popover,
    /** Spread on the element that holds both the button and the popover. */
    wrapperProps: {
      ref: wrapper,
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
  };
}
