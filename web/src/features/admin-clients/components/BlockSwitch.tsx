import type { Client } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useToggleBlock } from '../api/clients';
import styles from './admin-clients.module.css';

/** The blocked switch: optimistic for admins, shown but disabled for everyone else (blocking is an admin action). */
export function BlockSwitch({ client }: { client: Client }) {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const toggle = useToggleBlock();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={client.blocked_on}
      aria-label={t('adminClients.blockLabel', { name: client.client_name })}
      title={isAdmin ? undefined : t('adminClients.adminOnly')}
      disabled={!isAdmin}
      className={styles.switch}
      onClick={() => toggle.mutate(client)}
    >
      <span className={styles.switchThumb} aria-hidden="true" />
    </button>
  );
}
