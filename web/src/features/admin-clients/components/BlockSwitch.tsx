import type { Client } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/Switch';
import { useSession } from '@/lib/session';
import { useToggleBlock } from '@/features/admin-clients/api/clients';

/** The blocked switch: optimistic for admins, shown but disabled for everyone else (blocking is an admin action). */
export function BlockSwitch({ client }: { client: Client }) {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const toggle = useToggleBlock();
  return (
    <Switch
      checked={client.blocked_on}
      label={t('adminClients.blockLabel', { name: client.client_name })}
      title={isAdmin ? undefined : t('adminClients.adminOnly')}
      disabled={!isAdmin}
      onToggle={() => toggle.mutate(client)}
    />
  );
}
