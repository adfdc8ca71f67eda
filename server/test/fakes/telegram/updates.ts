/**
 * Builders of real-shaped Telegram Updates (channel-apis.md §1.5) for tests, typed against grammY's Bot API types so
 * a wrong shape fails to compile. Private chats only: `from` and `chat` share the id `chatId`. Dates are unix seconds.
 *
 *   await fake.pushUpdate(bot.token, textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 4242, text: 'hi' }));
 */
import type { Chat, Message, MessageEntity, ReactionTypeEmoji, Update, User } from 'grammy/types';

export type UserFields = {
  chatId: number;
  firstName?: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
};

export type MessageFields = UserFields & {
  updateId: number;
  /** Defaults to an id that increases across all builders of this module. */
  messageId?: number;
  /** Unix seconds; defaults to now. */
  date?: number;
};

export type BotIdentity = { id: number; first_name: string; username: string };

type IncomingMessage = Message & Update.NonChannel;

let lastMessageId = 1000;
let lastCallbackId = 4122903319558400n;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A file_unique_id derived from the file_id, so the same file keeps the same unique id across builders. */
export function uniqueIdFor(fileId: string): string {
  let hash = 0;
  for (const char of fileId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return `AgAD${hash.toString(36).padStart(7, '0')}`;
}

export function userOf(fields: UserFields): User {
  return {
    id: fields.chatId,
    is_bot: false,
    first_name: fields.firstName ?? 'Ana',
    ...(fields.lastName ? { last_name: fields.lastName } : {}),
    ...(fields.username ? { username: fields.username } : {}),
    ...(fields.languageCode ? { language_code: fields.languageCode } : {}),
  };
}

export function privateChatOf(fields: UserFields): Chat.PrivateChat {
  return {
    id: fields.chatId,
    first_name: fields.firstName ?? 'Ana',
    ...(fields.lastName ? { last_name: fields.lastName } : {}),
    ...(fields.username ? { username: fields.username } : {}),
    type: 'private',
  };
}

function incoming(fields: MessageFields, content: Omit<Message, 'message_id' | 'date' | 'chat'>): IncomingMessage {
  lastMessageId = Math.max(lastMessageId, fields.messageId ?? 0) + (fields.messageId === undefined ? 1 : 0);
  return {
    message_id: fields.messageId ?? lastMessageId,
    from: userOf(fields),
    chat: privateChatOf(fields),
    date: fields.date ?? nowSeconds(),
    ...content,
  };
}

const messageUpdate = (fields: MessageFields, content: Omit<Message, 'message_id' | 'date' | 'chat'>): Update => ({
  update_id: fields.updateId,
  message: incoming(fields, content),
});

/** `/start` and other commands carry a bot_command entity, as Telegram sends them. */
function commandEntities(text: string): { entities: MessageEntity[] } | Record<string, never> {
  const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text)?.[0];
  return command ? { entities: [{ offset: 0, length: command.length, type: 'bot_command' }] } : {};
}

const withCaption = (caption: string | undefined) => (caption ? { caption } : {});

export function textUpdate(fields: MessageFields & { text: string }): Update {
  return messageUpdate(fields, { text: fields.text, ...commandEntities(fields.text) });
}

export type PhotoSizeFields = {
  file_id: string;
  width: number;
  height: number;
  file_size: number;
  file_unique_id?: string;
};

export function photoUpdate(fields: MessageFields & { caption?: string; sizes: PhotoSizeFields[] }): Update {
  return messageUpdate(fields, {
    photo: fields.sizes.map((s) => ({
      file_id: s.file_id,
      file_unique_id: s.file_unique_id ?? uniqueIdFor(s.file_id),
      file_size: s.file_size,
      width: s.width,
      height: s.height,
    })),
    ...withCaption(fields.caption),
  });
}

export function documentUpdate(
  fields: MessageFields & {
    file_id: string;
    file_name: string;
    mime_type: string;
    /** Telegram may leave it out; so may a test. */
    file_size?: number;
    caption?: string;
  },
): Update {
  return messageUpdate(fields, {
    document: {
      file_name: fields.file_name,
      mime_type: fields.mime_type,
      file_id: fields.file_id,
      file_unique_id: uniqueIdFor(fields.file_id),
      ...(fields.file_size === undefined ? {} : { file_size: fields.file_size }),
    },
    ...withCaption(fields.caption),
  });
}

export function videoUpdate(
  fields: MessageFields & {
    file_id: string;
    width?: number;
    height?: number;
    duration?: number;
    file_name?: string;
    mime_type?: string;
    file_size?: number;
    caption?: string;
  },
): Update {
  return messageUpdate(fields, {
    video: {
      duration: fields.duration ?? 12,
      width: fields.width ?? 1280,
      height: fields.height ?? 720,
      ...(fields.file_name ? { file_name: fields.file_name } : {}),
      mime_type: fields.mime_type ?? 'video/mp4',
      file_id: fields.file_id,
      file_unique_id: uniqueIdFor(fields.file_id),
      file_size: fields.file_size ?? 1_834_211,
    },
    ...withCaption(fields.caption),
  });
}

export function audioUpdate(
  fields: MessageFields & {
    file_id: string;
    duration?: number;
    performer?: string;
    title?: string;
    file_name?: string;
    mime_type?: string;
    file_size?: number;
    caption?: string;
  },
): Update {
  return messageUpdate(fields, {
    audio: {
      duration: fields.duration ?? 184,
      ...(fields.file_name ? { file_name: fields.file_name } : {}),
      mime_type: fields.mime_type ?? 'audio/mpeg',
      ...(fields.title ? { title: fields.title } : {}),
      ...(fields.performer ? { performer: fields.performer } : {}),
      file_id: fields.file_id,
      file_unique_id: uniqueIdFor(fields.file_id),
      file_size: fields.file_size ?? 2_948_113,
    },
    ...withCaption(fields.caption),
  });
}

export function voiceUpdate(
  fields: MessageFields & { file_id: string; duration?: number; mime_type?: string; file_size?: number },
): Update {
  return messageUpdate(fields, {
    voice: {
      duration: fields.duration ?? 4,
      mime_type: fields.mime_type ?? 'audio/ogg',
      file_id: fields.file_id,
      file_unique_id: uniqueIdFor(fields.file_id),
      file_size: fields.file_size ?? 14_203,
    },
  });
}

export function locationUpdate(fields: MessageFields & { latitude: number; longitude: number }): Update {
  return messageUpdate(fields, { location: { latitude: fields.latitude, longitude: fields.longitude } });
}

/** A message kind KreeChat does not handle specially ("other kind"). */
export function stickerUpdate(
  fields: MessageFields & { file_id?: string; emoji?: string; set_name?: string; file_size?: number },
): Update {
  const fileId = fields.file_id ?? 'CAACAgIAAxkBAAIBP2cmZfVj3YkAAU7pOQABHxCqMmKrAAIFAAPANk8T-WpfmoJrTXU2BA';
  return messageUpdate(fields, {
    sticker: {
      width: 512,
      height: 512,
      emoji: fields.emoji ?? '👍',
      set_name: fields.set_name ?? 'HotCherry',
      is_animated: false,
      is_video: false,
      type: 'regular',
      file_id: fileId,
      file_unique_id: uniqueIdFor(fileId),
      file_size: fields.file_size ?? 18_334,
    },
  });
}

const DEFAULT_BOT: BotIdentity = { id: 7_000_000_001, first_name: 'Kree Test Bot', username: 'kree_test_bot' };

/** A tap on an inline button under the bot's message `messageId`. */
export function callbackUpdate(
  fields: UserFields & {
    updateId: number;
    data: string;
    messageId: number;
    callbackId?: string;
    /** The text of the bot's message that carried the keyboard. */
    messageText?: string;
    /** The bot that sent that message (`from` of the nested message). */
    bot?: BotIdentity;
    date?: number;
  },
): Update {
  lastCallbackId += 1n;
  const bot = fields.bot ?? DEFAULT_BOT;
  return {
    update_id: fields.updateId,
    callback_query: {
      id: fields.callbackId ?? String(lastCallbackId),
      from: userOf(fields),
      message: {
        message_id: fields.messageId,
        from: { id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username },
        chat: privateChatOf(fields),
        date: fields.date ?? nowSeconds(),
        text: fields.messageText ?? 'Resolved?',
      },
      chat_instance: String(-((Math.abs(fields.chatId) * 2_654_435_761) % 9_007_199_254_740_991)),
      data: fields.data,
    },
  };
}

const emojiReaction = (emoji: string): ReactionTypeEmoji => ({
  type: 'emoji',
  emoji: emoji as ReactionTypeEmoji['emoji'],
});

/**
 * A user's reaction to message `messageId`. `emoji: null` is a removal (`new_reaction: []`). Telegram sends these
 * only to bots that listed "message_reaction" in allowed_updates.
 */
export function reactionUpdate(
  fields: UserFields & {
    updateId: number;
    messageId: number;
    emoji: string | null;
    oldEmoji?: string | null;
    date?: number;
  },
): Update {
  return {
    update_id: fields.updateId,
    message_reaction: {
      chat: privateChatOf(fields),
      message_id: fields.messageId,
      user: userOf(fields),
      date: fields.date ?? nowSeconds(),
      old_reaction: fields.oldEmoji ? [emojiReaction(fields.oldEmoji)] : [],
      new_reaction: fields.emoji ? [emojiReaction(fields.emoji)] : [],
    },
  };
}

/** The user edited their text message `messageId` (sent at `date`, edited at `editDate`). */
export function editedTextUpdate(
  fields: UserFields & { updateId: number; messageId: number; text: string; date?: number; editDate?: number },
): Update {
  const editDate = fields.editDate ?? nowSeconds();
  return {
    update_id: fields.updateId,
    edited_message: {
      message_id: fields.messageId,
      from: userOf(fields),
      chat: privateChatOf(fields),
      date: fields.date ?? editDate - 60,
      edit_date: editDate,
      text: fields.text,
      ...commandEntities(fields.text),
    },
  };
}
