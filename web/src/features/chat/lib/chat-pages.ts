import type { ChatResponse, Message } from '@kreechat/contract';
import type { OutboxItem } from './outbox';

/*
 * Pure updates of a loaded chat (pages newest first; sections and messages oldest first) and the flat rows the
 * message list renders. Messages are identified by messageid and ordered by seq.
 */

export interface Pages {
  pages: ChatResponse[];
  pageParams: number[];
}

/** Messages shown as centred notes rather than bubbles. */
export const SYSTEM_TYPES = new Set<Message['type']>(['close', 'reopen', 'rating']);

function mapMessages(data: Pages, change: (message: Message) => Message): { data: Pages; changed: boolean } {
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const sections = page.sections.map((section) => {
      let sectionChanged = false;
      const messages = section.messages.map((message) => {
        const next = change(message);
        if (next !== message) sectionChanged = true;
        return next;
      });
      if (!sectionChanged) return section;
      pageChanged = true;
      return { ...section, messages };
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, sections };
  });
  return { data: changed ? { ...data, pages } : data, changed };
}

function insertIntoPage(page: ChatResponse, message: Message, day: string): ChatResponse {
  const sections = [...page.sections];
  const index = sections.findIndex((section) => section.date === day);
  if (index >= 0) {
    const section = sections[index]!;
    const messages = [...section.messages];
    let position = messages.length;
    while (position > 0 && messages[position - 1]!.seq > message.seq) position--;
    messages.splice(position, 0, message);
    sections[index] = { ...section, messages };
  } else {
    let position = sections.length;
    while (position > 0 && sections[position - 1]!.date > day) position--;
    sections.splice(position, 0, { date: day, messages: [message] });
  }
  return { ...page, sections };
}

const holds = (data: Pages, messageid: string): boolean =>
  data.pages.some((p) => p.sections.some((s) => s.messages.some((m) => m.messageid === messageid)));

/**
 * Adds a message to the newest page in its day (`day` in the viewer's zone) unless it is already shown. A copy
 * that is already shown is never older than a creation answer or event: the HTTP answer of a send and the live
 * newMessage race each other and the later messageStatus, so the first copy wins and only status events change it.
 */
export function addMessage(data: Pages, message: Message, day: string): Pages {
  if (holds(data, message.messageid)) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  return { ...data, pages: [insertIntoPage(newest, message, day), ...older] };
}

/**
 * Replaces the message if it is loaded (a status change of a message outside the loaded pages is not shown), and
 * only while the loaded copy passes `when`.
 */
export function replaceMessage(data: Pages, message: Message, when: (shown: Message) => boolean = () => true): Pages {
  return mapMessages(data, (m) => (m.messageid === message.messageid && when(m) ? message : m)).data;
}

/** Sets a reaction on the message with this id, else (older servers) on the one created at that instant. */
export function setReaction(
  data: Pages,
  target: { messageid: string; created_on: string; reaction: string | null },
): Pages {
  const byId = mapMessages(data, (m) =>
    m.messageid === target.messageid && m.reaction !== target.reaction ? { ...m, reaction: target.reaction } : m,
  );
  if (
    byId.changed ||
    data.pages.some((p) => p.sections.some((s) => s.messages.some((m) => m.messageid === target.messageid)))
  ) {
    return byId.data;
  }
  return mapMessages(data, (m) =>
    m.created_on === target.created_on && m.reaction !== target.reaction ? { ...m, reaction: target.reaction } : m,
  ).data;
}

export type ChatRow =
  | { kind: 'start'; key: string }
  | { kind: 'day'; key: string; day: string }
  | { kind: 'message'; key: string; day: string; message: Message; continued: boolean }
  | { kind: 'outbox'; key: string; day: string; item: OutboxItem; continued: boolean };

/** Consecutive bubbles of one author within five minutes sit closer together. */
const CONTINUE_WITHIN_MS = 5 * 60_000;

interface Author {
  isagent: boolean;
  senderid: string | null;
  at: number;
}

function continues(previous: Author | null, next: Author): boolean {
  return (
    previous !== null &&
    previous.isagent === next.isagent &&
    previous.senderid === next.senderid &&
    next.at - previous.at < CONTINUE_WITHIN_MS
  );
}

/**
 * The rows of the message list: a start marker once the first message is loaded, a day row at each new day, the
 * messages once each, then the outbox (today).
 */
export function buildRows(
  pages: readonly ChatResponse[],
  outbox: readonly OutboxItem[],
  options: { today: string; reachedStart: boolean; viewerId: string },
): ChatRow[] {
  const rows: ChatRow[] = [];
  if (options.reachedStart) rows.push({ kind: 'start', key: 'start' });
  const seen = new Set<string>();
  let lastDay: string | null = null;
  let lastAuthor: Author | null = null;
  const openDay = (day: string) => {
    if (day === lastDay) return;
    rows.push({ kind: 'day', key: `day:${day}`, day });
    lastDay = day;
    lastAuthor = null;
  };
  for (let p = pages.length - 1; p >= 0; p--) {
    for (const section of pages[p]!.sections) {
      for (const message of section.messages) {
        if (seen.has(message.messageid)) continue;
        seen.add(message.messageid);
        openDay(section.date);
        if (SYSTEM_TYPES.has(message.type)) {
          rows.push({ kind: 'message', key: `m:${message.messageid}`, day: section.date, message, continued: false });
          lastAuthor = null;
          continue;
        }
        const author = { isagent: message.isagent, senderid: message.senderid, at: Date.parse(message.created_on) };
        rows.push({
          kind: 'message',
          key: `m:${message.messageid}`,
          day: section.date,
          message,
          continued: continues(lastAuthor, author),
        });
        lastAuthor = author;
      }
    }
  }
  for (const item of outbox) {
    openDay(options.today);
    const author = { isagent: true, senderid: options.viewerId, at: Date.parse(item.created_on) };
    rows.push({
      kind: 'outbox',
      key: `o:${item.key}`,
      day: options.today,
      item,
      continued: continues(lastAuthor, author),
    });
    lastAuthor = author;
  }
  return rows;
}

/** "lat,lon" of a location message, checked to be two finite coordinates in range. */
export function parseRegion(region: string | null): { lat: number; lon: number } | null {
  if (!region) return null;
  const [latText, lonText] = region.split(',').map((part) => part.trim());
  const lat = Number(latText);
  const lon = Number(lonText);
  if (!latText || !lonText || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

/** The OpenStreetMap page centred on a location. */
export const mapsUrl = ({ lat, lon }: { lat: number; lon: number }): string =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;

/** A rating message's stars out of 3 (SPEC §9), from its content. */
export const RATING_MAX = 3;
export function ratingStars(content: string): number | null {
  const text = content.trim();
  const drawn = [...text].filter((c) => c === '★' || c === '⭐').length;
  const value = drawn > 0 ? drawn : Number.parseInt(text, 10);
  if (!Number.isFinite(value)) return null;
  return Math.min(RATING_MAX, Math.max(0, value));
}
