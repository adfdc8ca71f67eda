import { Bell, BellOff, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/IconButton';
import { Spinner } from '@/components/Spinner';
import { useSession } from '@/lib/session';
import { usePushBell } from '@/features/workspace/hooks/use-push-bell';
import styles from './PushBell.module.css';

const HINT_ID = 'push-bell-hint';

/** The header's push toggle (SPEC §2 bell), with a short hint when the browser says no. */
export function PushBell() {
  const { t } = useTranslation();
  const session = useSession();
  const bell = usePushBell(session.isPushSubscribed);
  const hintText = bell.hint && t(`push.hint.${bell.hint}`);

  return (
    <span className={styles.wrapper} data-hint={hintText ? true : undefined}>
      <IconButton
        tone="ink"
        label={t('workspace.pushNotifications')}
        tooltip={
          !bell.supported
            ? t('push.hint.unsupported')
            : bell.on
              ? t('workspace.pushDisable')
              : t('workspace.pushEnable')
        }
        tooltipAlign="end"
        aria-pressed={bell.on}
        aria-busy={bell.busy || undefined}
        // Only while a hint shows: an undefined value would also drop the tooltip's own description.
        {...(hintText ? { 'aria-describedby': HINT_ID } : {})}
        onClick={() => void bell.toggle()}
      >
        {bell.busy ? (
          <Spinner size="sm" />
        ) : bell.on ? (
          <Bell size={20} aria-hidden="true" />
        ) : (
          <BellOff size={20} aria-hidden="true" />
        )}
      </IconButton>
      {/* The live region stays in the page so that a hint appearing is announced. */}
      <span role="status" className={styles.live}>
        {hintText && (
          <span className={styles.hint} id={HINT_ID}>
            <span>{hintText}</span>
            <button type="button" className={styles.dismiss} aria-label={t('push.dismiss')} onClick={bell.dismissHint}>
              <X size={14} aria-hidden="true" />
            </button>
          </span>
        )}
      </span>
    </span>
  );
}
