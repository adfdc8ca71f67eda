import { plainNoteText, type Message, type PinnedMessage } from '@kreechat/contract';
import { previewText } from '@/lib/format';

/*
 * A ticket's pins as the panel keeps them: oldest first, one per message, changed alike by the viewer's own
 * pin/unpin answers and by the live events (which may arrive before or after those answers).
 */

const byPinTime = (a: PinnedMessage, b: PinnedMessage) =>
  a.created_on === b.created_on ? a.pinid.localeCompare(b.pinid) : a.created_on < b.created_on ? -1 : 1;

/** Adds a pin unless its message is pinned already (an event and an answer race each other). */
export function addPin(pins: readonly PinnedMessage[], pin: PinnedMessage): PinnedMessage[] {
  if (pins.some((p) => p.messageid === pin.messageid)) return pins as PinnedMessage[];
  return [...pins, pin].sort(byPinTime);
}

export function removePin(pins: readonly PinnedMessage[], messageid: string): PinnedMessage[] {
  return pins.some((p) => p.messageid === messageid)
    ? pins.filter((p) => p.messageid !== messageid)
    : (pins as PinnedMessage[]);
}

/**
 * What a pin or a search result shows: its text cut as SPEC §5 says (over 100 characters → the first 150 and an
 * ellipsis), else the file's name; null when there is neither (the caller names the type).
 */
export function messagePreview(message: {
  content: string;
  type?: Message['type'];
  fileName?: string | null;
  file_name?: string | null;
}) {
  const text = (message.type === 'note' ? plainNoteText(message.content) : message.content).trim();
  if (text) return previewText(text);
  const file = message.fileName ?? message.file_name ?? null;
  return file ? previewText(file) : null;
}

/** What Copy puts on the clipboard: the text (a note's mentions as @Name), else the file's name. */
export const copyableText = (message: Message): string =>
  (message.type === 'note' ? plainNoteText(message.content) : message.content) || message.file_name || '';

/**
 * The text split around the case-insensitive matches of `keyword`, for highlighting search results. Parts at odd
 * positions are matches.
 */
export function splitByMatch(text: string, keyword: string): string[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [text];
  const parts: string[] = [];
  const haystack = text.toLowerCase();
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) break;
    parts.push(text.slice(from, at), text.slice(at, at + needle.length));
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return parts;
}
