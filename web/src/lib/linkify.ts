/**
 * Splits message text into plain runs and links. Only http(s) addresses become links — never `javascript:` or any
 * other scheme — and the text itself is always rendered as text, never as HTML (ARCHITECTURE §6).
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A scheme-ful http(s) URL or a bare www. host, up to whitespace or an angle bracket.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// Punctuation that usually ends a sentence rather than the address.
const TRAILING = /[.,;:!?'")\]}]+$/;

export function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let raw = match[0];
    // Keep a closing bracket that belongs to the URL, e.g. a Wikipedia "(disambiguation)".
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    let cut = trailing.length;
    if (trailing.startsWith(')') && raw.slice(0, raw.length - cut).includes('(')) cut = trailing.length - 1;
    raw = raw.slice(0, raw.length - cut);
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
