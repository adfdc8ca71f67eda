import { useParams } from 'react-router';
import { AgentProfileScreen, AgentsScreen } from '@/features/admin-agents';

/** `/admin-panel/agents`: the company's agents (admins only). */
export function AdminAgentsRoute() {
  return <AgentsScreen />;
}

/** `/admin-panel/user-profile/:shortId`: one agent's profile (admins only). */
export function AdminUserProfileRoute() {
  const { shortId = '' } = useParams();
  // A new id is a new screen: no state (edit box, filter) carries over from the previous profile.
  return <AgentProfileScreen key={shortId} id={shortId} />;
}
