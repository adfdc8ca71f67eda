import { Suspense } from 'react';
import { useOpenedOnce } from '@/components/lazy-dialogs';
import { lazyComponent } from '@/lib/lazy-component';

// The sheet is fetched the first time `?` asks for it, not with the workspace (bench/bundle-size.ts).
const Sheet = lazyComponent(() => import('./ShortcutsSheet').then((m) => m.ShortcutsSheet));

/** The `?` help sheet, mounted from its first opening on. */
export function LazyShortcutsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  if (!useOpenedOnce(open)) return null;
  return (
    <Suspense fallback={null}>
      <Sheet open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
