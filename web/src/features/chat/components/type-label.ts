import type { MessageType } from '@kreechat/contract';

/** The translation key naming a message's type, for a pin or a result with neither text nor file name. */
export const TYPE_LABEL_KEYS = {
  text: 'chat.message',
  audio: 'chat.audio',
  image: 'chat.image',
  document: 'chat.document',
  video: 'chat.video',
  location: 'chat.location',
  rating: 'chat.message',
  close: 'chat.closed',
  reopen: 'chat.reopened',
  note: 'notes.note',
} as const satisfies Record<MessageType, string>;
