import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Copy, Pin, PinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './MessageMenu.module.css';

export interface MenuTarget {
  messageid: string;
  /** Where the menu opens (the pointer, or the focused message's corner), in viewport pixels. */
  x: number;
  y: number;
  /** Where focus returns when the menu closes. */
  returnTo: HTMLElement | null;
}

interface MessageMenuProps {
  target: MenuTarget;
  pinned: boolean;
  onTogglePin: () => void;
  onCopy: () => void;
  onClose: () => void;
}

/** Kept this far from the viewport's edges. */
const EDGE = 8;

/**
 * The small menu of a message (SPEC §2: right-click offers pin/unpin and copy), also opened from the keyboard
 * (ContextMenu key, Shift+F10). Arrow keys move between items, Escape or Tab closes it and focus goes back.
 */
export function MessageMenu({ target, pinned, onTogglePin, onCopy, onClose }: MessageMenuProps) {
  const { t } = useTranslation();
  const menuRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: target.x, top: target.y });

  // Keep the whole menu on screen: open leftwards / upwards when the pointer is near an edge.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    setPosition({
      left: Math.max(EDGE, Math.min(target.x, window.innerWidth - width - EDGE)),
      top: Math.max(EDGE, Math.min(target.y, window.innerHeight - height - EDGE)),
    });
    menu.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [target]);

  useEffect(() => {
    const close = (event: Event) => {
      if (event.type === 'pointerdown' && menuRef.current?.contains(event.target as Node)) return;
      onClose();
    };
    document.addEventListener('pointerdown', close, true);
    window.addEventListener('resize', close);
    window.addEventListener('blur', close);
    return () => {
      document.removeEventListener('pointerdown', close, true);
      window.removeEventListener('resize', close);
      window.removeEventListener('blur', close);
    };
  }, [onClose]);

  const closeAndReturn = () => {
    onClose();
    target.returnTo?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
      case 'Tab':
        event.preventDefault();
        closeAndReturn();
        break;
      default:
    }
  };

  const run = (action: () => void) => () => {
    action();
    closeAndReturn();
  };

  return createPortal(
    <div
      ref={menuRef}
      role="menu"
      aria-label={t('chatTools.menuLabel')}
      className={styles.menu}
      style={{ left: position.left, top: position.top }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      <button type="button" role="menuitem" tabIndex={-1} className={styles.item} onClick={run(onTogglePin)}>
        {pinned ? <PinOff size={15} aria-hidden="true" /> : <Pin size={15} aria-hidden="true" />}
        {pinned ? t('chatTools.unpin') : t('chatTools.pin')}
      </button>
      <button type="button" role="menuitem" tabIndex={-1} className={styles.item} onClick={run(onCopy)}>
        <Copy size={15} aria-hidden="true" />
        {t('chatTools.copy')}
      </button>
    </div>,
    document.body,
  );
}
