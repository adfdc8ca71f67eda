import { useBubbleLiveUpdates } from '@/features/bubbles';
import { BubblesSection } from '@/features/bubbles/manage';
import { useUserPanelSocket } from '@/lib/user-panel-socket';

/** `/profile/:username/bubbles`: the Bubbles manager, kept current from the user's other tabs. */
export function BubblesRoute() {
  const socket = useUserPanelSocket();
  useBubbleLiveUpdates(socket);
  return <BubblesSection />;
}
