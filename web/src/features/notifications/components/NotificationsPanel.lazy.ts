import { lazyComponent } from '@/lib/lazy-component';

/** The panel opens on demand: its code is fetched then, not with the workspace. */
export const NotificationsPanel = lazyComponent(() => import('./NotificationsPanel').then((m) => m.NotificationsPanel));
