export { NotificationsPanel, ClearNotificationsButton } from './components/NotificationsPanel';
export { NotificationBanner } from './components/NotificationBanner';
export { useNotificationsInbox } from './hooks/use-notifications-inbox';
