/**
 * Constants that need no zod, kept apart from the schemas beside which they are exported (common.ts, bubbles.ts):
 * the web's login screen imports them without downloading a schema library (web/vite.config.ts treats the
 * contract as side-effect free, so importing one constant brings only its own module).
 */

/** The languages the interface is translated into; the first is the fallback. */
export const LANGUAGES = ['en', 'af', 'bg', 'tr', 'es', 'ru', 'nl', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export const PRODUCT_NAME = 'KreeChat';
export const ACCENT_COLOUR = '#5cf6fc';
export const APP_VERSION = '1.0.0';
export const USER_GUIDE_PATH = '/user-guide/kreechat_user_guide_v1.0.pdf';

/** SPEC §9 timings shared by both sides. */
export const SESSION_RECHECK_MS = 10_000;
export const SESSION_WARNING_MS = 600_000;
export const RESET_REDIRECT_MS = 1_500;

/** SPEC §5: bubble previews are cut to 50 characters. */
export const BUBBLE_PREVIEW_LENGTH = 50;

export const ROLES = ['admin', 'moderator', 'agent'] as const;
export type Role = (typeof ROLES)[number];

/** Admins and moderators see every department's tickets; agents see their own department's. */
export const seesAllDepartments = (role: Role) => role === 'admin' || role === 'moderator';

/** Ticket answers the workspace's first screen tells apart (tickets.ts re-exports them). */
export const TICKET_ALREADY_ACCEPTED = 'This ticket has already been accepted';
export const TICKET_CLOSED = 'This ticket is closed';
export const NOT_TICKET_HANDLER = 'Only the agent handling this ticket can do this';

/** Closed tickets page by 10 (SPEC §9); the counter grows by 10 until a page comes back empty. */
export const CLOSED_TICKETS_PAGE = 10;

/** Monday first, as ISO 8601 numbers its days (1–7); `week` is keyed by these. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
