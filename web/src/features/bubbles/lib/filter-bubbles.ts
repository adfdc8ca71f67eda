/** Bubbles whose name or content holds every word typed, in the list's order. */
export function filterBubbles<T extends { name: string; content: string }>(bubbles: T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return bubbles;
  return bubbles.filter((b) => {
    const text = `${b.name}\n${b.content}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
