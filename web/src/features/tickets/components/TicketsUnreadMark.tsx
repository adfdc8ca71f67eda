import { useTranslation } from 'react-i18next';
import { useUnreadTotal } from '@/features/tickets/hooks/use-unread-tickets';
import styles from './tickets.module.css';

/**
 * The dot on the narrow layout's Tickets tab while another view shows and messages wait unread. Its own component,
 * so a new message re-renders this dot, not the workspace around it.
 */
export function TicketsUnreadMark() {
  const { t } = useTranslation();
  const unread = useUnreadTotal();
  if (unread === 0) return null;
  return (
    <span className={styles.unreadDot}>
      <span className="visually-hidden">{t('reassign.unreadMessages', { unread })}</span>
    </span>
  );
}
