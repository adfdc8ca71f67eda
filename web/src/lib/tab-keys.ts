/**
 * The WAI-ARIA tabs keyboard pattern: which tab an arrow, Home or End key moves to, or undefined for any other key.
 * It moves from the tab that has focus (`focused`, read off the event's target), not from the selected one in
 * state: a second key pressed before the first one's selection has rendered must still move on from where focus
 * already is.
 */
export function tabAfterKey<T extends string>(
  tabs: readonly T[],
  focused: T | undefined,
  selected: T,
  key: string,
): T | undefined {
  const index = tabs.indexOf(focused ?? selected);
  const move = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index }[key];
  if (move === undefined) return undefined;
  return tabs[(index + move + tabs.length) % tabs.length];
}

/** The tab among `refs` whose button is `target`, if any. */
export function tabOf<T extends string>(
  refs: Partial<Record<T, HTMLElement | null>>,
  target: EventTarget,
): T | undefined {
  return (Object.keys(refs) as T[]).find((name) => refs[name] === target);
}
