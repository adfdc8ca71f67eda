export { createPrivacyService } from './privacy.service';
export type { PrivacyService, VisitorSessions } from './privacy.service';
export { privacyRoutes } from './privacy.routes';
