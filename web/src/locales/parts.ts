/**
 * Each locale file is fetched in three parts (vite.config.ts serves `xx.json?texts=<part>`): `public`, the texts of
 * the screens anyone can open (login, registration, password reset, the 404 page, and what every screen shares:
 * the app's frame, errors, the connection banner, the server's coded errors), loaded before the first screen shows;
 * `admin`, the admin panel's sections, loaded with the admin panel's layout; and `signedIn`, all the others, loaded
 * with the session guard before any signed-in screen shows. So /login does not download the texts of the workspace,
 * nor the workspace those of the admin panel. parts.test.ts holds the public screens' code to the `public` part and
 * the screens outside the admin panel to `public` and `signedIn`.
 */
export const TEXT_PARTS = ['public', 'signedIn', 'admin'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];

/** The top-level keys of the `public` part; `signedIn` has those neither it nor `admin` names. */
export const PUBLIC_TEXTS: readonly string[] = [
  'app',
  'common',
  'auth',
  'errors',
  'connection',
  'notFound',
  'serverErrors',
  // Registration and reset say where the code went when no mail server is set up.
  'firstRun',
];

/** The top-level keys of the `admin` part: texts only the admin panel's sections show. */
export const ADMIN_TEXTS: readonly string[] = [
  'admin',
  'settings',
  'openingHours',
  'autoMessages',
  'retention',
  'storage',
  'agentErase',
  'adminClients',
  'adminTickets',
  'responseTimes',
];

export const isTextPart = (part: string): part is TextPart => (TEXT_PARTS as readonly string[]).includes(part);

/** The part of a locale file's tree that `part` names. */
export function textsOf<T extends Record<string, unknown>>(tree: T, part: TextPart): Partial<T> {
  const partOf = (key: string): TextPart =>
    PUBLIC_TEXTS.includes(key) ? 'public' : ADMIN_TEXTS.includes(key) ? 'admin' : 'signedIn';
  const wanted = (key: string) => partOf(key) === part;
  return Object.fromEntries(Object.entries(tree).filter(([key]) => wanted(key))) as Partial<T>;
}
