import { Suspense, useState, type ComponentProps } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import type { ConfirmDialog } from './ConfirmDialog';
import type { Modal } from './Modal';

/*
 * The workspace's dialogs (reassign, close, shortcuts) open on demand: their code — Radix's dialog, focus scope and
 * scroll lock, ~14 kB gzip — is fetched on first open or when the browser is idle, not with the first screen
 * (bench/bundle-size.ts). They take the same props as Modal and ConfirmDialog.
 */
const ModalCode = lazyComponent(() => import('./Modal').then((m) => m.Modal));
const ConfirmCode = lazyComponent(() => import('./ConfirmDialog').then((m) => m.ConfirmDialog));

/** Fetches both dialogs' code ahead of their first use. */
export function preloadDialogs(): void {
  ModalCode.preload();
  ConfirmCode.preload();
}

/** Renders nothing until the dialog first opens; stays mounted after, so it closes with its animation and focus. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

export function LazyModal(props: ComponentProps<typeof Modal>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ModalCode {...props} />
    </Suspense>
  );
}

export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmCode {...props} />
    </Suspense>
  );
}
