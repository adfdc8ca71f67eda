import type { ChatResponse, ChatSliceResponse } from '@kreechat/contract';

/**
 * The chat around a jumped-to message (SPEC §4 scroll mode 'pinned-jump'), shaped like the loaded pages of the
 * normal chat (pages newest first; sections and messages oldest first) so the same rows render it. It grows
 * older and newer as the reader scrolls, by the cursors of the slice.
 */
export interface JumpWindow {
  targetId: string;
  pages: ChatResponse[];
  /** Read older messages before this seq; null once the first message is loaded. */
  older: number | null;
  /** Read newer messages after this seq; null once the latest message (at the jump) is loaded. */
  newer: number | null;
}

export function openWindow(targetId: string, slice: ChatSliceResponse): JumpWindow {
  return {
    targetId,
    pages: [{ sections: slice.selectedSections, nextCursor: slice.newIndex }],
    older: slice.newIndex,
    newer: slice.newerIndex,
  };
}

/** Adds a page read with scrollUp from `window.older`; a stale page (the cursor moved meanwhile) is dropped. */
export function withOlder(window: JumpWindow, cursor: number, page: ChatSliceResponse): JumpWindow {
  if (window.older !== cursor) return window;
  return {
    ...window,
    pages: [...window.pages, { sections: page.selectedSections, nextCursor: page.newIndex }],
    older: page.newIndex,
  };
}

/** Adds a page read with scrollDown from `window.newer`; a stale page is dropped. */
export function withNewer(window: JumpWindow, cursor: number, page: ChatSliceResponse): JumpWindow {
  if (window.newer !== cursor) return window;
  return {
    ...window,
    pages: [{ sections: page.selectedSections, nextCursor: null }, ...window.pages],
    newer: page.newerIndex,
  };
}
