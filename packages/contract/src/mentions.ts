/**
 * Mentions in internal notes, apart from messages.ts's schemas (which re-exports them): the ticket list shows a
 * note as plain text on the first screen without downloading zod.
 */

/** A mention token; the name may not hold brackets or line breaks, the id is a uuid. */
export const MENTION_TOKEN = /@\[([^[\]\n]{1,80})\]\(([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/g;
/** How many colleagues one note may mention (more are ignored). */
export const NOTE_MENTIONS_MAX = 20;

/** The token the composer inserts for a colleague (brackets and line breaks in a name would end it early). */
export const mentionToken = (userId: string, name: string) =>
  `@[${
    name
      .replace(/[[\]\n]/g, ' ')
      .trim()
      .slice(0, 80) || '?'
  }](${userId})`;

/** The ids a note mentions, each once, in order of first mention. */
export function mentionedIds(text: string): string[] {
  const ids = new Set<string>();
  for (const match of text.matchAll(MENTION_TOKEN)) ids.add(match[2]!);
  return [...ids];
}

/** A note as plain text: every mention as `@Name` (the ticket card, the inbox, a push). */
export const plainNoteText = (text: string) => text.replace(MENTION_TOKEN, (_, name: string) => `@${name}`);
