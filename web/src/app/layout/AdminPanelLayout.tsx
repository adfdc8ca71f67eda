import { Headset, ListChecks, Settings, Ticket, Users } from 'lucide-react';
import { Navigate, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/Spinner';
import { checklistOpen, GET_STARTED_PATH, useOnboarding } from '@/features/onboarding';
import { useSession } from '@/lib/session';
import { PanelSocketContext, useRefreshOnAccessChange, useWorkspaceSocket } from '@/lib/socket';
import { PanelLayout } from './PanelLayout';

/**
 * The admin panel frame (SPEC §2): Get started and Agents (admins), Clients, Tickets, Settings (admins), in that
 * order. Agents and moderators see Clients and Tickets only. Its live connection serves every section.
 */
export function AdminPanelLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const socket = useWorkspaceSocket();
  useRefreshOnAccessChange(socket);
  const adminOnly = <T,>(section: T) => (session.isAdmin ? [section] : []);
  return (
    <PanelSocketContext.Provider value={socket}>
      <PanelLayout
        id="admin-panel-main"
        title={t('admin.adminPanel')}
        navLabel={t('admin.sections')}
        sections={[
          // Always there for admins: the checklist stays reachable after it was put away.
          ...adminOnly({
            to: GET_STARTED_PATH,
            label: t('onboarding.section'),
            icon: <ListChecks size={20} aria-hidden="true" />,
          }),
          ...adminOnly({
            to: '/admin-panel/agents',
            label: t('adminAgents.section'),
            icon: <Headset size={20} aria-hidden="true" />,
          }),
          {
            to: '/admin-panel/clients',
            label: t('adminClients.section'),
            icon: <Users size={20} aria-hidden="true" />,
          },
          {
            to: '/admin-panel/tickets',
            label: t('adminTickets.section'),
            icon: <Ticket size={20} aria-hidden="true" />,
          },
          ...adminOnly({
            to: '/admin-panel/settings',
            label: t('admin.settings'),
            icon: <Settings size={20} aria-hidden="true" />,
          }),
        ]}
      />
    </PanelSocketContext.Provider>
  );
}

/**
 * `/admin-panel` itself: the first section the viewer may open; for an admin, the first-run checklist while it
 * still has steps to do and was not put away, else Agents.
 */
export function AdminPanelHome() {
  const { t } = useTranslation();
  const session = useSession();
  const onboarding = useOnboarding({ enabled: session.isAdmin });
  // A section the viewer chose while the checklist was being read (its screen still loading) wins over the redirect.
  const choosing = useNavigation().state !== 'idle';
  if (!session.isAdmin) return <Navigate to="clients" replace />;
  if (onboarding.isPending || choosing) return <PageSpinner label={t('app.loading')} />;
  const gettingStarted = onboarding.data && checklistOpen(onboarding.data);
  return <Navigate to={gettingStarted ? 'get-started' : 'agents'} replace />;
}
