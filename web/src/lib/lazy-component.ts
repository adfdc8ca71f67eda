import { lazy, type ComponentType } from 'react';

/**
 * A component fetched on first render (wrap it in Suspense). For parts of a screen that open on demand — panels,
 * modals, menus — so the screen's first load does not carry them (bench/bundle-size.ts measures it).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
