import type { KeyboardEvent, MouseEvent, RefObject } from 'react';
import type { Message } from '@kreechat/contract';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { ChatRow } from '@/features/chat/lib/chat-pages';

type MessageMenuOpener = (message: Message, at: { x: number; y: number }, returnTo: HTMLElement) => void;

/** A keyboard-made menu (and a contextmenu event without a pointer) opens at the message, not at the corner. */
const besideRow = (element: HTMLElement) => {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + Math.min(box.height, 40) };
};

/**
 * The message list's keys and context menu. The keyboard walks the messages one by one (ArrowUp / ArrowDown, from
 * the list or from a message) instead of Tab stopping at each of them; Escape goes back to the list. Right-click,
 * the ContextMenu key or Shift+F10 on a message opens its menu there.
 */
export function useMessageKeys({
  rows,
  virtualizer,
  scrollRef,
  onMessageMenu,
}: {
  rows: readonly ChatRow[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scrollRef: RefObject<HTMLDivElement | null>;
  onMessageMenu: MessageMenuOpener;
}) {
  const messageOf = (index: number) => {
    const row = rows[index];
    return row?.kind === 'message' ? row.message : null;
  };
  const onRowContextMenu = (event: MouseEvent<HTMLDivElement>, index: number) => {
    const message = messageOf(index);
    if (!message) return;
    event.preventDefault();
    const fromPointer = event.clientX !== 0 || event.clientY !== 0;
    const at = fromPointer ? { x: event.clientX, y: event.clientY } : besideRow(event.currentTarget);
    onMessageMenu(message, at, event.currentTarget);
  };
  const onRowKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const message = messageOf(index);
    if (!message || event.target !== event.currentTarget) return;
    if (event.key !== 'ContextMenu' && !(event.key === 'F10' && event.shiftKey)) return;
    event.preventDefault();
    onMessageMenu(message, besideRow(event.currentTarget), event.currentTarget);
  };

  const focusRow = (index: number) => {
    virtualizer.scrollToIndex(index, { align: 'auto' });
    const focus = (attempt: number) => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
      if (row) row.focus({ preventScroll: true });
      else if (attempt < 5) requestAnimationFrame(() => focus(attempt + 1));
    };
    requestAnimationFrame(() => focus(0));
  };
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const element = scrollRef.current;
    if (!element) return;
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (event.key === 'Escape' && from) {
      event.preventDefault();
      element.focus({ preventScroll: true });
      return;
    }
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    if (from === null && event.target !== element) return;
    const step = event.key === 'ArrowUp' ? -1 : 1;
    let index: number;
    if (from) {
      index = Number(from.dataset.index) + step;
    } else {
      // From the list itself: the message at the bottom (going up) or at the top (going down) of the view.
      const edge = step < 0 ? element.scrollTop + element.clientHeight - 1 : element.scrollTop + 1;
      index = virtualizer.getVirtualItemForOffset(edge)?.index ?? (step < 0 ? rows.length - 1 : 0);
    }
    while (index >= 0 && index < rows.length && rows[index]?.kind !== 'message') index += step;
    if (index < 0 || index >= rows.length) return;
    event.preventDefault();
    focusRow(index);
  };

  return { onRowContextMenu, onRowKeyDown, onListKeyDown };
}
