export { createNotificationService } from './notification.service';
export type { ClientMessageNote, NotificationService } from './notification.service';
export { notificationRoutes } from './notification.routes';
