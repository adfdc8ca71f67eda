import { BellRing } from 'lucide-react';
import type { Notification } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { displayUsername } from '@/lib/format';
import { kindOf, type NotificationKind } from '@/features/notifications/lib/notification-cache';
import styles from './notifications.module.css';

/**
 * The transient status banner (SPEC §2, about 1 s) for a notification that arrived while the panel was closed. The
 * live region stays mounted so screen readers announce each one.
 */
export function NotificationBanner({ notification }: { notification: Notification | null }) {
  const { t } = useTranslation();
  const bannerText = (kind: NotificationKind, name: string) =>
    kind === 'mention' ? t('notes.mentionedYou', { name }) : t(`notifications.${kind}`, { name });
  return (
    <div className={styles.bannerRegion} role="status" aria-live="polite">
      {notification && (
        <div className={styles.banner} key={notification.id + notification.created_on}>
          <BellRing size={16} aria-hidden="true" />
          {bannerText(kindOf(notification), displayUsername(notification.name))}
        </div>
      )}
    </div>
  );
}
