import type { InfiniteData } from '@tanstack/react-query';
import type { PrivateChatResponse, PrivateMessage } from '@kreechat/contract';

/** Pages newest first; inside each, sections and messages oldest first. */
export type PrivateChatPages = InfiniteData<PrivateChatResponse, number | undefined>;

/** The other member of a private message, seen from `viewerId`. */
export const peerOf = (message: PrivateMessage, viewerId: string) =>
  message.senderid === viewerId ? message.receiverid : message.senderid;

/**
 * A live or just-sent message added to the newest page: at the end of its day's section (a new one when the day
 * changed). A message already shown (the sender's own, arriving both as the answer and as the event) is not added
 * twice.
 */
export function appendPrivateMessage(pages: PrivateChatPages, message: PrivateMessage, day: string): PrivateChatPages {
  const known = pages.pages.some((page) =>
    page.sections.some((section) => section.messages.some((m) => m.id === message.id)),
  );
  const [newest, ...older] = pages.pages;
  if (known || !newest) return pages;
  const sections = [...newest.sections];
  const last = sections[sections.length - 1];
  if (last?.date === day) sections[sections.length - 1] = { ...last, messages: [...last.messages, message] };
  else sections.push({ date: day, messages: [message] });
  return {
    ...pages,
    pages: [
      { ...newest, chatid: message.chatid, sections },
      ...older.map((page) => ({ ...page, chatid: message.chatid })),
    ],
  };
}
