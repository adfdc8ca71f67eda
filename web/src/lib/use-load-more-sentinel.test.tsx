// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoadMoreSentinel } from './use-load-more-sentinel';

/** jsdom has no IntersectionObserver: this one lets a test scroll the marker into view. */
class FakeObserver {
  static live = new Set<FakeObserver>();
  readonly watched = new Set<Element>();

  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.live.add(this);
  }

  observe(target: Element) {
    this.watched.add(target);
  }

  disconnect() {
    this.watched.clear();
    FakeObserver.live.delete(this);
  }

  /** The marker scrolled into (or out of) view. */
  static show(target: Element, visible = true) {
    for (const observer of [...FakeObserver.live]) {
      if (!observer.watched.has(target)) continue;
      const entry = { target, isIntersecting: visible } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }

  static watching() {
    return [...FakeObserver.live].flatMap((observer) => [...observer.watched]);
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeObserver.live.clear();
});

interface ListProps {
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
  pages?: number;
  showMarker?: boolean;
}

function List({ showMarker = true, ...options }: ListProps) {
  const sentinel = useLoadMoreSentinel<HTMLDivElement>({ ...options, threshold: 0.5 });
  return <div>{showMarker && <div ref={sentinel} data-testid="end" />}</div>;
}

const marker = (container: HTMLElement) => container.querySelector('[data-testid="end"]') as Element;

describe('useLoadMoreSentinel', () => {
  it('asks for the next page when the end marker comes into view, with the threshold given', () => {
    const loadMore = vi.fn();
    const { container } = render(<List hasMore loading={false} loadMore={loadMore} />);
    expect(FakeObserver.watching()).toEqual([marker(container)]);
    expect([...FakeObserver.live][0]?.options.threshold).toBe(0.5);

    act(() => FakeObserver.show(marker(container), false));
    expect(loadMore).not.toHaveBeenCalled();
    act(() => FakeObserver.show(marker(container)));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('watches nothing while a page loads or when no page is left, and again once one may load', () => {
    const loadMore = vi.fn();
    const view = render(<List hasMore loading loadMore={loadMore} />);
    expect(FakeObserver.watching()).toEqual([]);

    view.rerender(<List hasMore={false} loading={false} loadMore={loadMore} />);
    expect(FakeObserver.watching()).toEqual([]);

    view.rerender(<List hasMore loading={false} loadMore={loadMore} />);
    act(() => FakeObserver.show(marker(view.container)));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('watches afresh when a page arrives, so a marker still in view asks again', () => {
    const view = render(<List hasMore loading={false} loadMore={vi.fn()} pages={1} />);
    const first = [...FakeObserver.live][0];
    view.rerender(<List hasMore loading={false} loadMore={vi.fn()} pages={2} />);
    expect(FakeObserver.live.has(first as FakeObserver)).toBe(false);
    expect(FakeObserver.watching()).toEqual([marker(view.container)]);
  });

  it('follows the marker when it goes and comes back, and lets go on unmount', () => {
    const loadMore = vi.fn();
    const view = render(<List hasMore loading={false} loadMore={loadMore} />);
    view.rerender(<List hasMore loading={false} loadMore={loadMore} showMarker={false} />);
    expect(FakeObserver.watching()).toEqual([]);

    view.rerender(<List hasMore loading={false} loadMore={loadMore} />);
    expect(FakeObserver.watching()).toEqual([marker(view.container)]);

    view.unmount();
    expect(FakeObserver.watching()).toEqual([]);
  });

  it('calls the newest loadMore without watching again', () => {
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<List hasMore loading={false} loadMore={first} />);
    const observer = [...FakeObserver.live][0];
    view.rerender(<List hasMore loading={false} loadMore={second} />);
    expect([...FakeObserver.live]).toEqual([observer]);

    act(() => FakeObserver.show(marker(view.container)));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
