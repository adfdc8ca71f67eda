import { useRef } from 'react';

/**
 * Radix dialogs opened without their own Trigger have nowhere to put focus back on close. Remember what had focus
 * when the dialog opened (its open-autofocus event fires before focus moves in) and return there.
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
      }
      opener.current = null;
    },
  };
}
