/*
 * Which rows of a fixed-height list a scrolling box shows. Every ticket card has one height, so the window is
 * arithmetic: no measuring (a layout per row) and no virtualisation library in the workspace's first download.
 */

export interface RowGeometry {
  rowHeight: number;
  /** Space above the first row and below the last. */
  padding: number;
  /** Rows rendered beyond each edge of the view, so a fast fling never shows a gap. */
  overscan: number;
}

export interface RowRange {
  start: number;
  /** One past the last rendered row. */
  end: number;
}

export function visibleRows(scrollTop: number, viewHeight: number, count: number, g: RowGeometry): RowRange {
  if (count === 0) return { start: 0, end: 0 };
  const first = Math.floor((scrollTop - g.padding) / g.rowHeight);
  const last = Math.ceil((scrollTop + viewHeight - g.padding) / g.rowHeight);
  return {
    start: Math.min(count, Math.max(0, first - g.overscan)),
    end: Math.min(count, Math.max(0, last + g.overscan)),
  };
}

export const rowTop = (index: number, g: RowGeometry): number => g.padding + index * g.rowHeight;

export const listHeight = (count: number, g: RowGeometry): number =>
  count === 0 ? 0 : 2 * g.padding + count * g.rowHeight;

/** The scrollTop that brings row `index` fully into view, moving as little as possible (undefined: it is in view). */
export function scrollToReveal(
  index: number,
  scrollTop: number,
  viewHeight: number,
  g: RowGeometry,
): number | undefined {
  const top = rowTop(index, g);
  const bottom = top + g.rowHeight;
  if (top < scrollTop) return Math.max(0, top - g.padding);
  if (bottom > scrollTop + viewHeight) return bottom - viewHeight;
  return undefined;
}
