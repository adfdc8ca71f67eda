import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { ChatRow } from '@/features/chat/lib/chat-pages';

/**
 * Keeps the reader's place when older pages are prepended. The virtualizer keeps the row at the top edge in place,
 * but at the very top that row is the first day title, whose key survives the prepend (the day just gains older
 * messages) — so it would stay at the top and the reader would jump to the oldest loaded message. Keep the first
 * visible message in place instead; when the virtualizer already did, the difference is nil and nothing moves.
 * Call `record` after every scroll and every change of rows.
 */
export function usePrependAnchor(
  rows: readonly ChatRow[],
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scrollRef: RefObject<HTMLDivElement | null>,
) {
  const anchor = useRef<{ key: string; offset: number } | null>(null);
  const record = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    const atTop = virtualizer.getVirtualItemForOffset(top);
    if (!atTop) {
      anchor.current = null;
      return;
    }
    // A day title's key survives a prepend: hold on to the row below it instead.
    const index = rows[atTop.index]?.kind === 'day' ? atTop.index + 1 : atTop.index;
    const row = rows[index];
    const start = row ? virtualizer.getOffsetForIndex(index, 'start')?.[0] : undefined;
    anchor.current = row && start !== undefined ? { key: row.key, offset: start - top } : null;
  }, [virtualizer, rows, scrollRef]);

  const firstMessageKey = rows.find((row) => row.kind === 'message')?.key ?? null;
  const previousFirst = useRef(firstMessageKey);
  useLayoutEffect(() => {
    const prepended = previousFirst.current !== null && previousFirst.current !== firstMessageKey;
    previousFirst.current = firstMessageKey;
    const held = anchor.current;
    const element = scrollRef.current;
    if (!prepended || !held || !element) return;
    const index = rows.findIndex((row) => row.key === held.key);
    const offset = index >= 0 ? virtualizer.getOffsetForIndex(index, 'start')?.[0] : undefined;
    if (offset === undefined) return;
    const target = offset - held.offset;
    if (Math.abs(target - element.scrollTop) > 1) virtualizer.scrollToOffset(target);
  }, [firstMessageKey, rows, virtualizer, scrollRef]);

  return record;
}
