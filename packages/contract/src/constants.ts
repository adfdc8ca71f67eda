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
