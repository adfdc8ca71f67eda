/**
 * Each locale file is fetched in two parts (vite.config.ts serves `xx.json?texts=<part>`): `public`, the texts of
 * the screens anyone can open (login, registration, password reset, the 404 page, and what every screen shares:
 * the app's frame, errors, the connection banner, the server's coded errors), loaded before the first screen shows;
 * and `signedIn`, all the others, loaded with the session guard before any signed-in screen shows. So /login does
 * not download the texts of the workspace and the admin panel. parts.test.ts holds the public screens' code to the
 * `public` part.
 */
export const TEXT_PARTS = ['public', 'signedIn'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];

/** The top-level keys of the `public` part; `signedIn` has every other. */
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

export const isTextPart = (part: string): part is TextPart => (TEXT_PARTS as readonly string[]).includes(part);

/** The part of a locale file's tree that `part` names. */
export function textsOf<T extends Record<string, unknown>>(tree: T, part: TextPart): Partial<T> {
  const wanted = (key: string) => PUBLIC_TEXTS.includes(key) === (part === 'public');
  return Object.fromEntries(Object.entries(tree).filter(([key]) => wanted(key))) as Partial<T>;
}
