export { NotificationsPanel } from './components/NotificationsPanel.lazy';
export { ClearNotificationsButton } from './components/ClearNotificationsButton';
export { NotificationBanner } from './components/NotificationBanner';
export { useNotificationsInbox } from './hooks/use-notifications-inbox';
