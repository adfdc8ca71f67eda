export { createAuthService, INVALID_LOGIN, ACCOUNT_DISABLED } from './auth.service';
export type { AuthService, SessionMeta } from './auth.service';
export { authRoutes, PER_IP_LIMIT } from './auth.routes';
export { createSessionService } from './session.service';
export type { SessionService } from './session.service';
