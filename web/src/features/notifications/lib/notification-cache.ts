import type { Notification, NotificationsResponse } from '@kreechat/contract';

/**
 * A live notification put at the top of its day (newest first); a refreshed one (same id: the next message of a
 * conversation already waiting) moves up instead of showing twice. `count` is the server's unseen count.
 */
export function upsertNotification(
  data: NotificationsResponse,
  notification: Notification,
  count: number,
  day: string,
): NotificationsResponse {
  const sections = data.sections
    .map((section) => ({
      ...section,
      notifications: section.notifications.filter((n) => n.id !== notification.id),
    }))
    .filter((section) => section.notifications.length > 0);
  const [first, ...rest] = sections;
  const next =
    first?.date === day
      ? [{ ...first, notifications: [notification, ...first.notifications] }, ...rest]
      : [{ date: day, notifications: [notification] }, ...sections];
  return { sections: next, count };
}

export type NotificationKind = 'clientMessage' | 'privateMessage' | 'rating' | 'mention';

/** What a notification is about, for its icon, text and where a click leads. */
export function kindOf(notification: Notification): NotificationKind {
  if (notification.type === 'rating') return 'rating';
  // A mention names its author in senderid too, but leads to the ticket, not to a private chat.
  if (notification.type === 'mention') return 'mention';
  return notification.senderid ? 'privateMessage' : 'clientMessage';
}
