import { useState } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { IconButton } from '@/components/IconButton';
import styles from './WorkspaceShell.module.css';

/** Non-blocking notice that the session ends within SESSION_WARNING_MS (SPEC §4); the user may dismiss it. */
export function SessionWarning({ expires }: { expires: string }) {
  const { t } = useTranslation();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  if (dismissedFor === expires) return null;
  return (
    <div className={styles.banner}>
      <Alert
        tone="warning"
        title={t('workspace.sessionExpiring')}
        action={
          <IconButton label={t('common.dismiss')} tooltipAlign="end" onClick={() => setDismissedFor(expires)}>
            <X size={18} aria-hidden="true" />
          </IconButton>
        }
      >
        {t('workspace.sessionExpiringHint')}
      </Alert>
    </div>
  );
}
