import type { ChatSection, Message } from '@kreechat/contract';
import { ValidationError } from '../../platform/errors';

/** A formatter of calendar days (YYYY-MM-DD) in a time zone; unknown zones are refused. */
export function dayFormatter(timeZone = 'UTC'): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    throw new ValidationError('Unknown time zone');
  }
}

/** Groups messages (oldest first) into day sections in the viewer's time zone (ARCHITECTURE §3). */
export function groupByDay(messages: Message[], timeZone?: string): ChatSection[] {
  const day = dayFormatter(timeZone);
  const sections: ChatSection[] = [];
  for (const message of messages) {
    const date = day.format(new Date(message.created_on));
    const last = sections[sections.length - 1];
    if (last?.date === date) last.messages.push(message);
    else sections.push({ date, messages: [message] });
  }
  return sections;
}
