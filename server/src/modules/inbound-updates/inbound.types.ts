import type { Platform } from '@kreechat/contract';

/** A file a channel already fetched and stored (files/storage), or one it could not fetch because of its size. */
export type InboundFile =
  | { key: string; name: string; size: number; thumbnailKey: string | null }
  | { tooLarge: true; name: string; size: number | null };

/** What a client sent, in no channel's format: channels parse into this, client-messages takes only this. */
export type InboundContent =
  | { type: 'text'; text: string }
  | { type: 'image' | 'video' | 'audio' | 'document'; caption: string | null; file: InboundFile }
  | { type: 'location'; latitude: number; longitude: number };

export type InboundMessage = {
  /** The channel's id of the message (for reactions and replies), unique within the company. */
  externalId: string;
  sentAt: Date;
  content: InboundContent;
  /** The channel's id of the message this one answers, when the client replied to one. */
  replyToExternalId?: string | null;
};

/** Where an update came from: the company, the channel account (bot, number) and the client's channel identity. */
export type InboundOrigin = {
  companyId: string;
  platform: Platform;
  channelRef: string;
  /**
   * `email` where the channel knows one (a WordPress visitor's), kept on a client it creates. `verified` is false
   * only for a WordPress guest (their name and e-mail are what they typed; the identity row records it); every other
   * identity is vouched for by its channel, so absent means true. `username` is the public handle the channel reports
   * with this update (Telegram's @username without the @; null: the client has none now), kept on the identity;
   * absent where the update tells nothing of it, and then the stored one stays.
   */
  client: {
    externalId: string;
    name: string;
    language: string | null;
    email?: string | null;
    verified?: boolean;
    username?: string | null;
  };
  /**
   * The channel update this is, marked processed in the same transaction. With `payload`, it is also recorded
   * there (when it was not recorded before): one commit both records and processes it.
   */
  update?: { channelKey: string; updateId: string; payload?: unknown };
};
