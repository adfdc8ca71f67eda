import { SettingsScreen } from '@/features/admin-settings';

/** `/admin-panel/settings`: departments and communication services (admins only). */
export function AdminSettingsRoute() {
  return <SettingsScreen />;
}
