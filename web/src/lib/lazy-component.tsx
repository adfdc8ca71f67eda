import { lazy, useState, type ComponentType } from 'react';
import { loadAgain } from './load-again';

/**
 * A component whose code is fetched on first use (render it inside Suspense) or ahead of it with `preload()`. For
 * parts of a screen that open on demand — panels, modals, menus, the chat — so the screen's first load does not
 * carry them (bench/bundle-size.ts measures it).
 *
 * Once the code is there it renders directly, without suspending: React 19 holds back a suspended boundary's
 * content for up to 300 ms, which a preloaded chat must not pay on every open. Which of the two a mount uses is
 * fixed for its lifetime, so it never remounts halfway. A fetch that fails while the server is away is made again
 * when it is back (`loadAgain`).
 */
export function lazyComponent<P extends object>(loadCode: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const load = loadAgain(loadCode);
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<P>;

  function LazyComponent(props: P) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(LazyComponent, { preload: () => void preload() });
}
