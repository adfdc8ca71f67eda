import { MessageSquareText, UserRound } from 'lucide-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { PanelLayout } from './PanelLayout';

/** The user panel frame (SPEC §2): Profile and Bubbles. */
export function UserPanelLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const { username = session.username } = useParams();
  const base = `/profile/${encodeURIComponent(username)}`;
  return (
    <PanelLayout
      id="user-panel-main"
      title={t('profile.userPanel')}
      navLabel={t('profile.sections')}
      sections={[
        { to: base, end: true, label: t('profile.profile'), icon: <UserRound size={20} aria-hidden="true" /> },
        {
          to: `${base}/bubbles`,
          label: t('profile.bubbles'),
          icon: <MessageSquareText size={20} aria-hidden="true" />,
        },
      ]}
    />
  );
}
