import { Settings, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { PanelLayout } from './PanelLayout';

/**
 * The admin panel frame (SPEC §2). Only the sections that exist are listed (Agents, Clients and Tickets arrive
 * later); Settings is for admins, so agents have no sections yet.
 */
export function AdminPanelLayout() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <PanelLayout
      id="admin-panel-main"
      title={t('admin.adminPanel')}
      navLabel={t('admin.sections')}
      sections={[
        {
          to: '/admin-panel/tickets',
          label: t('adminTickets.section'),
          icon: <Ticket size={20} aria-hidden="true" />,
        },
        ...(session.isAdmin
          ? [
              {
                to: '/admin-panel/settings',
                label: t('admin.settings'),
                icon: <Settings size={20} aria-hidden="true" />,
              },
            ]
          : []),
      ]}
    />
  );
}
