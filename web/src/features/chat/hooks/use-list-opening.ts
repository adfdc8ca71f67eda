import { useEffect, useLayoutEffect, useState } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { ChatRow } from '@/features/chat/lib/chat-pages';

/** Until the first jump to the latest message has settled, the top of the list must not trigger a load. */
const SETTLE_MS = 300;
/** SPEC §9: a jumped-to message is highlighted for 2 s. */
const HIGHLIGHT_MS = 2_000;

/**
 * Opens the message list once its first rows are in: at the latest message, or in the jump mode centred on the
 * target, which is highlighted for 2 s. `settled` turns true a moment after the opening scroll, when loading more
 * at the edges may start.
 */
export function useListOpening(
  rows: readonly ChatRow[],
  targetId: string | null,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
) {
  const [opened, setOpened] = useState(false);
  const [settled, setSettled] = useState(false);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (opened || rows.length === 0) return;
    const targetIndex = targetId ? rows.findIndex((row) => row.key === `m:${targetId}`) : -1;
    if (targetIndex >= 0) {
      virtualizer.scrollToIndex(targetIndex, { align: 'center' });
      setHighlightId(targetId);
    } else {
      virtualizer.scrollToEnd();
    }
    setOpened(true);
  }, [opened, rows, targetId, virtualizer]);
  useEffect(() => {
    if (!highlightId) return;
    const timer = window.setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightId]);
  useEffect(() => {
    if (!opened) return;
    const timer = window.setTimeout(() => setSettled(true), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [opened]);

  return { settled, highlightId };
}
