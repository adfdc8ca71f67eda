import { useRef } from 'react';

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
        target.focus();
        // An opener inside a popover that has closed meanwhile (the chat header's More menu) cannot take focus:
        // the popover names the button that opens it.
        if (document.activeElement !== target) {
          const fallback = target.closest<HTMLElement>('[data-focus-fallback]')?.dataset.focusFallback;
          if (fallback) document.getElementById(fallback)?.focus();
        }
      }
      opener.current = null;
    },
  };
}
