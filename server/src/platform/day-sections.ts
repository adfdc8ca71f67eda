import type { ChatSection, Message } from '@kreechat/contract';
import { ValidationError } from './errors';

/** A formatter of calendar days (YYYY-MM-DD) in a time zone; unknown zones are refused. */
export function dayFormatter(timeZone = 'UTC'): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    throw new ValidationError('Unknown time zone');
  }
}

/**
 * Groups dated items into day sections in the viewer's time zone (ARCHITECTURE §3), keeping their order: oldest
 * first gives a chat's sections, newest first an inbox's.
 */
export function sectionsByDay<T extends { created_on: string }>(
  items: T[],
  timeZone?: string,
): { date: string; items: T[] }[] {
  const day = dayFormatter(timeZone);
  const sections: { date: string; items: T[] }[] = [];
  for (const item of items) {
    const date = day.format(new Date(item.created_on));
    const last = sections[sections.length - 1];
    if (last?.date === date) last.items.push(item);
    else sections.push({ date, items: [item] });
  }
  return sections;
}

/** Groups messages (oldest first) into a chat's day sections. */
export function groupByDay(messages: Message[], timeZone?: string): ChatSection[] {
  return sectionsByDay(messages, timeZone).map(({ date, items }) => ({ date, messages: items }));
}
