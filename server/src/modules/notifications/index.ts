export { createMentionInbox, createNotificationService } from './notification.service';
export type { ClientMessageNote, MentionInbox, NotificationService } from './notification.service';
export { notificationRoutes } from './notification.routes';
export { notificationRepo } from './notification.repo';
