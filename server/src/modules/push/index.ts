export { createPushService, PUSH_TTL_SECONDS } from './push.service';
export type { PushService } from './push.service';
export { pushRoutes } from './push.routes';
export { withPushNotifications } from './push.events';
export { loadVapidKeys } from './vapid';
