import { useEffect, useLayoutEffect, useRef, useState } from 'react';

interface LoadMoreSentinelOptions {
  /** More pages exist and may be loaded now (false while a search shows instead of the list). */
  hasMore: boolean;
  /** A page is on its way: the marker is not watched meanwhile, so it asks for one page at a time. */
  loading: boolean;
  loadMore: () => void;
  /** How much of the marker must be in view before the next page is asked for (0 to 1). */
  threshold: number;
  /**
   * How many pages are loaded: a new count watches the marker afresh, so a marker still in view after a page
   * arrived (a short page, a tall screen) asks for the next one at once.
   */
  pages?: number;
}

/**
 * Infinite scroll: returns a ref for the end-of-list marker, and calls `loadMore` when that marker scrolls into view
 * while more pages exist and none is loading. The marker may come and go (a search replacing the list): the ref
 * follows whichever element holds it.
 */
export function useLoadMoreSentinel<T extends Element>({
  hasMore,
  loading,
  loadMore,
  threshold,
  pages,
}: LoadMoreSentinelOptions): (node: T | null) => void {
  const [marker, setMarker] = useState<T | null>(null);
  const latestLoadMore = useRef(loadMore);
  useLayoutEffect(() => {
    latestLoadMore.current = loadMore;
  });

  useEffect(() => {
    if (!marker || !hasMore || loading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latestLoadMore.current();
      },
      { threshold },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [marker, hasMore, loading, threshold, pages]);

  return setMarker;
}
