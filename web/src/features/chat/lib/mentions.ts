import { MENTION_TOKEN, mentionToken, type Mentionable } from '@kreechat/contract';

/** A note's text cut into plain runs and mentions, for rendering each mention as a name. */
export type NotePart = { kind: 'text'; text: string } | { kind: 'mention'; userid: string; name: string };

export function noteParts(text: string): NotePart[] {
  const parts: NotePart[] = [];
  let from = 0;
  for (const match of text.matchAll(MENTION_TOKEN)) {
    const at = match.index;
    if (at > from) parts.push({ kind: 'text', text: text.slice(from, at) });
    parts.push({ kind: 'mention', name: match[1]!, userid: match[2]! });
    from = at + match[0].length;
  }
  if (from < text.length) parts.push({ kind: 'text', text: text.slice(from) });
  return parts;
}

/**
 * A word being typed right before the caret that starts with `trigger` at the start of the text or after
 * whitespace (`@ann`, `/refund`): where it starts and what follows the trigger. Null when the caret is elsewhere,
 * so an e-mail address (`ann@shop`) or a URL's path never opens a menu.
 */
export function triggerAt(value: string, caret: number, trigger: '@' | '/'): { start: number; query: string } | null {
  const before = value.slice(0, caret);
  const match = (trigger === '@' ? /(^|\s)@([^\s@]{0,40})$/ : /(^|\s)\/([^\s/]{0,40})$/).exec(before);
  if (!match) return null;
  return { start: match.index + match[1]!.length, query: match[2]! };
}

/** Colleagues whose name has a word starting with the query (any case), in the list's order. */
export function filterMentionables(list: readonly Mentionable[], query: string): Mentionable[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...list];
  return list.filter((agent) =>
    agent.name
      .toLowerCase()
      .split(/\s+/)
      .some((word) => word.startsWith(needle)),
  );
}

/** `value` with `start..end` replaced by `text` (and a space after a mention), and where the caret goes. */
export function replaceRange(value: string, start: number, end: number, text: string) {
  const next = value.slice(0, start) + text + value.slice(end);
  return { value: next, caret: start + text.length };
}

/** What a picked colleague puts in the text: the token and a space to type on. */
export const mentionInsert = (agent: Mentionable) => `${mentionToken(agent.userid, agent.name)} `;
