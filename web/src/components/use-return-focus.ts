import { useRef } from 'react';

/**
 * Focuses `target`; when it cannot take focus because a popover holding it has closed meanwhile (the chat header's
 * More menu on a phone), focuses the button that popover names in `data-focus-fallback` instead.
 */
export function focusWithFallback(target: HTMLElement) {
  target.focus();
  if (document.activeElement === target) return;
  const fallback = target.closest<HTMLElement>('[data-focus-fallback]')?.dataset.focusFallback;
  if (fallback) document.getElementById(fallback)?.focus();
}

/**
 * Radix dialogs opened without their own Trigger have nowhere to put focus back on close. Remember what had focus
 * when the dialog opened (its open-autofocus event fires before focus moves in) and return there (or, when that
 * has been hidden since, to the button its container names in `data-focus-fallback`).
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      if (target?.isConnected) {
        event.preventDefault();
        focusWithFallback(target);
      }
      opener.current = null;
    },
  };
}
