import { lazyComponent } from '@/lib/lazy-component';

/** The panel opens when a colleague is clicked: its code is fetched then, not with the workspace. */
export const PrivateChatPanel = lazyComponent(() => import('./PrivateChatPanel').then((m) => m.PrivateChatPanel));
