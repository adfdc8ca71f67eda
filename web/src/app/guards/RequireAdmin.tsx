import { ShieldX } from 'lucide-react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/Button';
import { EmptyState } from '@/components/EmptyState';
import { useSession } from '@/lib/session';

/**
 * Admin-only screens (SPEC §6: Agents and Settings). Others get a plain answer and a way back; the server refuses
 * their calls with 403 anyway.
 */
export function RequireAdmin() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.isAdmin) return <Outlet />;
  return (
    <EmptyState
      titleAs="h1"
      icon={<ShieldX size={32} />}
      title={t('admin.noAccess')}
      description={t('admin.noAccessHint')}
      action={<ButtonLink to="/">{t('admin.backToWorkspace')}</ButtonLink>}
    />
  );
}
