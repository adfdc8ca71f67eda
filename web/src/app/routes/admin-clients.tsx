import { useParams } from 'react-router';
import { ClientProfile, ClientsScreen } from '@/features/admin-clients';

/** `/admin-panel/clients`: the client table (every member). */
export function AdminClientsRoute() {
  return <ClientsScreen />;
}

/** `/admin-panel/client-profile/:shortId`: one client's profile (every member). */
export function AdminClientProfileRoute() {
  const { shortId = '' } = useParams();
  return <ClientProfile key={shortId} shortId={shortId} />;
}
