/**
 * `value` with `snippet` in place of the selection [start, end) — at the caret when nothing is selected — cut so
 * the result stays within `maxLength` (counted in UTF-16 units, like a text area's maxLength, without splitting a
 * character). Returns the new value and where the caret goes: right after what was inserted.
 */
export function insertText(
  value: string,
  selection: { start: number; end: number },
  snippet: string,
  maxLength: number,
): { value: string; caret: number } {
  const start = Math.max(0, Math.min(selection.start, value.length));
  const end = Math.max(start, Math.min(selection.end, value.length));
  const room = maxLength - (value.length - (end - start));
  let piece = '';
  for (const char of snippet) {
    if (piece.length + char.length > room) break;
    piece += char;
  }
  return { value: value.slice(0, start) + piece + value.slice(end), caret: start + piece.length };
}
