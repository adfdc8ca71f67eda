import { TicketsScreen } from '@/features/admin-tickets';

/** `/admin-panel/tickets`: the tickets widgets and table (every member; agents see their own scope). */
export function AdminTicketsRoute() {
  return <TicketsScreen />;
}
