/**
 * Telegram Update → what KreeChat acts on. Pure: no network, no database, so it is tested on recorded fixtures.
 * Only private chats are support conversations; updates from groups and channels are skipped.
 */
import type { Update } from 'grammy/types';

export type TelegramFileRef = { fileId: string; name: string; size: number | null };

export type ParsedContent =
  | { type: 'text'; text: string }
  | { type: 'image' | 'video' | 'audio' | 'document'; caption: string | null; file: TelegramFileRef }
  | { type: 'location'; latitude: number; longitude: number };

/** `username`: the public @handle without the @, null when the client has none (or removed it). */
export type TelegramSender = { chatId: number; name: string; language: string | null; username: string | null };

export type ParsedUpdate =
  | {
      kind: 'message';
      sender: TelegramSender;
      messageId: number;
      date: Date;
      content: ParsedContent;
      /** The message of the same chat this one replies to. */
      replyTo: number | null;
    }
  | { kind: 'edited'; sender: TelegramSender; messageId: number; text: string }
  | { kind: 'callback'; sender: TelegramSender; callbackId: string; data: string; messageId: number | null }
  | { kind: 'reaction'; chatId: number; messageId: number; emoji: string | null }
  | { kind: 'skip'; reason: string };

type TgUser = { id: number; first_name: string; last_name?: string; username?: string; language_code?: string };

function senderOf(chatId: number, from: TgUser | undefined): TelegramSender {
  const name = from
    ? [from.first_name, from.last_name].filter(Boolean).join(' ') || from.username || `Telegram ${chatId}`
    : `Telegram ${chatId}`;
  return {
    chatId,
    name,
    language: from?.language_code?.slice(0, 2).toLowerCase() ?? null,
    username: from?.username || null,
  };
}

/** SPEC: the largest photo size. Telegram's order is not promised, so choose by area, then by bytes. */
function largestPhoto<T extends { width: number; height: number; file_size?: number }>(sizes: T[]): T | undefined {
  return [...sizes].sort(
    (a, b) => b.width * b.height - a.width * a.height || (b.file_size ?? 0) - (a.file_size ?? 0),
  )[0];
}

const ext = (mime: string | undefined, fallback: string) =>
  (mime?.split('/')[1]?.split(';')[0] ?? fallback).replace(/[^a-z0-9]/gi, '');

type TgMessage = NonNullable<Update['message']>;

function contentOf(m: TgMessage): ParsedContent {
  const caption = m.caption ?? null;
  if (m.text !== undefined) return { type: 'text', text: m.text };
  if (m.photo?.length) {
    const photo = largestPhoto(m.photo)!;
    return {
      type: 'image',
      caption,
      file: { fileId: photo.file_id, name: `photo-${m.message_id}.jpg`, size: photo.file_size ?? null },
    };
  }
  if (m.video) {
    const v = m.video;
    return {
      type: 'video',
      caption,
      file: {
        fileId: v.file_id,
        name: v.file_name ?? `video-${m.message_id}.${ext(v.mime_type, 'mp4')}`,
        size: v.file_size ?? null,
      },
    };
  }
  if (m.voice) {
    const v = m.voice;
    return {
      type: 'audio',
      caption,
      file: { fileId: v.file_id, name: `voice-${m.message_id}.${ext(v.mime_type, 'ogg')}`, size: v.file_size ?? null },
    };
  }
  if (m.audio) {
    const a = m.audio;
    return {
      type: 'audio',
      caption,
      file: {
        fileId: a.file_id,
        name: a.file_name ?? `audio-${m.message_id}.${ext(a.mime_type, 'mp3')}`,
        size: a.file_size ?? null,
      },
    };
  }
  if (m.document) {
    const d = m.document;
    return {
      type: 'document',
      caption,
      file: { fileId: d.file_id, name: d.file_name ?? `document-${m.message_id}`, size: d.file_size ?? null },
    };
  }
  if (m.location) return { type: 'location', latitude: m.location.latitude, longitude: m.location.longitude };
  return { type: 'text', text: `[${placeholderKind(m)}]${caption ? ` ${caption}` : ''}` };
}

/** A readable name for message kinds KreeChat does not show as such (SPEC: "a readable placeholder"). */
function placeholderKind(m: TgMessage): string {
  if (m.sticker) return `Sticker${m.sticker.emoji ? ` ${m.sticker.emoji}` : ''}`;
  if (m.animation) return 'GIF';
  if (m.video_note) return 'Video message';
  if (m.contact)
    return `Contact: ${[m.contact.first_name, m.contact.last_name].filter(Boolean).join(' ')} ${m.contact.phone_number}`;
  if (m.poll) return `Poll: ${m.poll.question}`;
  if (m.venue) return `Venue: ${m.venue.title}`;
  if (m.dice) return `Dice ${m.dice.emoji} ${m.dice.value}`;
  return 'Unsupported message';
}

export function parseUpdate(update: Update): ParsedUpdate {
  if (update.message) {
    const m = update.message;
    if (m.chat.type !== 'private') return { kind: 'skip', reason: 'not a private chat' };
    return {
      kind: 'message',
      sender: senderOf(m.chat.id, m.from),
      messageId: m.message_id,
      date: new Date(m.date * 1000),
      content: contentOf(m),
      replyTo: m.reply_to_message?.message_id ?? null,
    };
  }
  if (update.edited_message) {
    const m = update.edited_message;
    if (m.chat.type !== 'private') return { kind: 'skip', reason: 'not a private chat' };
    const text = m.text ?? m.caption;
    if (text === undefined) return { kind: 'skip', reason: 'edit without text' };
    return { kind: 'edited', sender: senderOf(m.chat.id, m.from), messageId: m.message_id, text };
  }
  if (update.callback_query) {
    const q = update.callback_query;
    const chatId = q.message?.chat.id ?? q.from.id;
    return {
      kind: 'callback',
      sender: senderOf(chatId, q.from),
      callbackId: q.id,
      data: q.data ?? '',
      messageId: q.message?.message_id ?? null,
    };
  }
  if (update.message_reaction) {
    const r = update.message_reaction;
    if (r.chat.type !== 'private') return { kind: 'skip', reason: 'not a private chat' };
    const emoji = r.new_reaction.find((x) => x.type === 'emoji');
    return {
      kind: 'reaction',
      chatId: r.chat.id,
      messageId: r.message_id,
      emoji: emoji && emoji.type === 'emoji' ? emoji.emoji : null,
    };
  }
  return { kind: 'skip', reason: 'update kind not used' };
}
