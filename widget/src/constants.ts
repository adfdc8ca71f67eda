/**
 * The few plain constants the widget shares with `packages/contract/src/widget.ts` and `messages.ts`. They are
 * copied, not imported: the contract's modules build zod schemas at load time, and importing any value from them
 * puts zod into the bundle (about 20 kB gzip of the 35 kB budget). constants.test.ts compares them with the
 * contract's values, so a change there fails the unit tests until it is made here too.
 */

/** Mirrors WIDGET_BASE. */
export const WIDGET_BASE = '/api/widget';
/** Mirrors WIDGET_SOCKET_PATH. */
export const WIDGET_SOCKET_PATH = '/api/widget/live';
/** Mirrors WIDGET_POLL_MS. */
export const WIDGET_POLL_MS = 4000;
/** Mirrors WIDGET_IDENTITY_CHECK_MESSAGE: a 401 that asks the site to prove the signed-in visitor again. */
export const WIDGET_IDENTITY_CHECK_MESSAGE = 'Your sign-in needs checking again';
/** Mirrors LANGUAGES (common.ts): the widget speaks the same 8 languages as the desk. */
export const LANGUAGES = ['en', 'af', 'bg', 'tr', 'es', 'ru', 'nl', 'ja'] as const;
/** Mirrors MAX_UPLOAD_BYTES (messages.ts): the server's upload limit. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Mirrors MESSAGE_MAX_LENGTH (messages.ts). */
export const MESSAGE_MAX_LENGTH = 4096;
