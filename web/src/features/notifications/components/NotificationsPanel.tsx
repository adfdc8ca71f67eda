import { AtSign, BellDot, MessageSquare, Star, UsersRound } from 'lucide-react';
import type { Notification } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { clockTime, dayKey, dayTitle } from '@/lib/dates';
import { displayUsername, previewText } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useNotifications } from '@/features/notifications/api/notifications';
import { kindOf, type NotificationKind } from '@/features/notifications/lib/notification-cache';
import styles from './notifications.module.css';

/** SPEC §9: ratings are out of 3. */
const RATING_MAX = 3;

interface NotificationsPanelProps {
  /**
   * Opens the ticket of a client message or of a note; `note`: the viewer was mentioned in a note there, so they
   * will most likely answer with a note (the ticket is often a colleague's, its Reply closed to them). False when
   * it is not among the viewer's tickets.
   */
  onOpenTicket: (ticketid: string, opening: { note: boolean }) => boolean;
  /** Opens the private chat with the colleague who wrote. */
  onOpenChat: (notification: Notification) => void;
  /** The panel should close (after an entry was opened). */
  onDone: () => void;
}

/** The notifications panel body (SPEC §2): grouped by day, newest first; an entry opens what it is about. */
export function NotificationsPanel({ onOpenTicket, onOpenChat, onDone }: NotificationsPanelProps) {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const lang = currentLanguage();
  const today = dayKey(new Date());

  if (notifications.isPending) {
    return (
      <div className={styles.loading} aria-busy="true" aria-label={t('notifications.loading')}>
        <Skeleton height={44} />
        <Skeleton height={44} />
      </div>
    );
  }
  const sections = notifications.data?.sections ?? [];
  if (sections.length === 0) {
    return (
      <EmptyState
        size="sm"
        icon={<BellDot size={22} />}
        title={t('notifications.empty')}
        description={t('notifications.emptyHint')}
      />
    );
  }

  const titleOf = (day: string) => {
    const title = dayTitle(day, lang, today);
    return title.kind === 'today' ? t('chat.today') : title.kind === 'yesterday' ? t('chat.yesterday') : title.text;
  };

  const headline = (kind: NotificationKind, name: string) =>
    kind === 'mention' ? t('notes.mentionedYou', { name }) : t(`notifications.${kind}`, { name });

  const open = (notification: Notification) => {
    const kind = kindOf(notification);
    if (kind === 'privateMessage') onOpenChat(notification);
    else if (notification.ticketid && !onOpenTicket(notification.ticketid, { note: kind === 'mention' })) return;
    onDone();
  };

  return (
    <ol className={styles.sections}>
      {sections.map((section) => (
        <li key={section.date}>
          <h3 className={styles.day}>{titleOf(section.date)}</h3>
          <ul className={styles.items}>
            {section.notifications.map((notification) => {
              const kind = kindOf(notification);
              const name = displayUsername(notification.name);
              return (
                <li key={notification.id}>
                  <button type="button" className={styles.item} onClick={() => open(notification)}>
                    <span className={styles.icon} data-kind={kind} aria-hidden="true">
                      {kind === 'rating' ? (
                        <Star size={16} />
                      ) : kind === 'privateMessage' ? (
                        <UsersRound size={16} />
                      ) : kind === 'mention' ? (
                        <AtSign size={16} />
                      ) : (
                        <MessageSquare size={16} />
                      )}
                    </span>
                    <span className={styles.text}>
                      <span className={styles.headline}>{headline(kind, name)}</span>
                      {kind === 'rating' ? (
                        <span
                          className={styles.stars}
                          role="img"
                          aria-label={t('notifications.stars', { rating: notification.rating ?? 0, max: RATING_MAX })}
                        >
                          {Array.from({ length: RATING_MAX }, (_, i) => (
                            <Star
                              key={i}
                              size={14}
                              aria-hidden="true"
                              className={i < (notification.rating ?? 0) ? styles.starOn : styles.starOff}
                            />
                          ))}
                        </span>
                      ) : (
                        notification.content && (
                          <span className={styles.preview}>{previewText(notification.content)}</span>
                        )
                      )}
                    </span>
                    <time className={styles.time} dateTime={notification.created_on}>
                      {clockTime(notification.created_on, lang)}
                    </time>
                  </button>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
