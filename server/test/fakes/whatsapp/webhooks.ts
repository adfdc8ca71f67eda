/**
 * Builders of real-shaped WhatsApp Cloud API webhook payloads (channel-apis.md §2.2), typed so a wrong shape fails to
 * compile. They are pure: ids and timestamps default to fresh values, everything else comes from the caller, so a
 * test reads like the webhook it sends.
 *
 *   const payload = messagePayload(phone, textMessage({ from: '5511999990000', body: 'my screen broke' }), 'Ana');
 *   const raw = webhookBody(payload); // the exact bytes Meta would sign and post
 *
 * The fake Graph API (fake-graph-api.ts) wraps these with its own phone numbers and clock (`fake.inboundPayload`,
 * `fake.receive`, `fake.deliverStatus`), which also opens the 24-hour window; use the bare builders for fixtures.
 */
import { randomBytes, randomInt } from 'node:crypto';

// --- Wire types (§2.2) --------------------------------------------------------------------------------------------

export type WaError = {
  code: number;
  title: string;
  message?: string;
  error_data?: { details: string };
  href?: string;
};

export type Metadata = { display_phone_number: string; phone_number_id: string };

export type WaContact = { profile: { name: string }; wa_id: string };

/** A reply (`id` is the quoted message) or a tap on a button of one of our messages. */
export type MessageContext = { from: string; id: string; forwarded?: boolean; frequently_forwarded?: boolean };

export type Referral = {
  source_url: string;
  source_type: 'ad' | 'post';
  source_id: string;
  headline?: string;
  body?: string;
  media_type?: 'image' | 'video';
  ctwa_clid?: string;
};

/** What an inbound media object carries; the bytes are fetched with `GET /{id}` and then its `url`. */
export type MediaObject = { id: string; mime_type: string; sha256: string };

export type SharedContact = {
  name: { formatted_name: string; first_name?: string; last_name?: string; middle_name?: string };
  phones?: { phone: string; wa_id?: string; type?: string }[];
  emails?: { email: string; type?: string }[];
  org?: { company?: string; department?: string; title?: string };
  urls?: { url: string; type?: string }[];
  birthday?: string;
};

type MessageBase = {
  /** Digits only, no '+'. */
  from: string;
  /** `wamid.…` */
  id: string;
  /** Unix seconds, as a string. */
  timestamp: string;
  context?: MessageContext;
  referral?: Referral;
  errors?: WaError[];
};

export type InboundMessage = MessageBase &
  (
    | { type: 'text'; text: { body: string } }
    | { type: 'image'; image: MediaObject & { caption?: string } }
    | { type: 'video'; video: MediaObject & { caption?: string } }
    | { type: 'audio'; audio: MediaObject & { voice: boolean } }
    | { type: 'document'; document: MediaObject & { filename: string; caption?: string } }
    | { type: 'sticker'; sticker: MediaObject & { animated: boolean } }
    | {
        type: 'location';
        location: { latitude: number; longitude: number; name?: string; address?: string; url?: string };
      }
    | { type: 'contacts'; contacts: SharedContact[] }
    | { type: 'button'; button: { payload: string; text: string } }
    | {
        type: 'interactive';
        interactive:
          | { type: 'button_reply'; button_reply: { id: string; title: string } }
          | { type: 'list_reply'; list_reply: { id: string; title: string; description?: string } };
      }
    /** `emoji` is absent when the client removed its reaction (§2.13). */
    | { type: 'reaction'; reaction: { message_id: string; emoji?: string } }
    | { type: 'system'; system: { body: string; wa_id: string; type: 'user_changed_number' } }
    | { type: 'unsupported'; errors: WaError[] }
  );

export type StatusName = 'sent' | 'delivered' | 'read' | 'failed';

export type MessageStatus = {
  /** The wamid our send returned. */
  id: string;
  status: StatusName;
  timestamp: string;
  recipient_id: string;
  conversation?: { id: string; expiration_timestamp?: string; origin: { type: string } };
  pricing?: { billable: boolean; pricing_model: 'CBP' | 'PMP'; category: string };
  errors?: WaError[];
};

export type MessagesValue = {
  messaging_product: 'whatsapp';
  metadata: Metadata;
  contacts?: WaContact[];
  messages?: InboundMessage[];
  statuses?: MessageStatus[];
  errors?: WaError[];
};

export type TemplateStatusEvent =
  | 'APPROVED'
  | 'REJECTED'
  | 'PENDING'
  | 'PAUSED'
  | 'DISABLED'
  | 'FLAGGED'
  | 'REINSTATED'
  | 'PENDING_DELETION'
  | 'DELETED'
  | 'IN_APPEAL'
  | 'ARCHIVED'
  | 'UNARCHIVED'
  | 'LIMIT_EXCEEDED'
  | 'LOCKED';

export type TemplateStatusValue = {
  event: TemplateStatusEvent;
  /** A number on the wire, unlike the string ids of the Graph API's own answers. */
  message_template_id: number;
  message_template_name: string;
  message_template_language: string;
  /** 'NONE' unless rejected (e.g. 'INVALID_FORMAT', 'INCORRECT_CATEGORY'). */
  reason: string | null;
};

export type WebhookChange =
  { field: 'messages'; value: MessagesValue } | { field: 'message_template_status_update'; value: TemplateStatusValue };

export type WebhookEntry = { id: string; time?: number; changes: WebhookChange[] };

export type WebhookPayload = { object: 'whatsapp_business_account'; entry: WebhookEntry[] };

/** The business phone number a payload is about: its WABA (entry.id) and its metadata. */
export type BusinessPhone = { wabaId: string; phoneNumberId: string; displayPhoneNumber: string };

// --- Ids and times ------------------------------------------------------------------------------------------------

export const unixSeconds = (ms: number = Date.now()) => Math.floor(ms / 1000);

const timestampOf = (t: number | string | undefined) => (t === undefined ? String(unixSeconds()) : String(t));

/**
 * A wamid shaped like Meta's: base64 of a small binary record holding the client's number and a random 20-hex key
 * (so it starts with `HBg` and may end with `=`, which receivers storing it must keep byte for byte).
 */
export function wamid(waId = '15550000000'): string {
  const key = randomBytes(10).toString('hex').toUpperCase();
  const record = Buffer.concat([
    Buffer.from([0x1c, 0x18, waId.length]),
    Buffer.from(waId),
    Buffer.from([0x15, 0x02, 0x00, 0x12, 0x18, key.length]),
    Buffer.from(key),
    Buffer.from([0x00]),
  ]);
  return `wamid.${record.toString('base64')}`;
}

/** A Graph object id: a decimal string without a leading zero (WABAs, numbers, media: 15-16 digits). */
export const numericId = (length = 15) =>
  String(randomInt(1, 10)) + Array.from({ length: length - 1 }, () => randomInt(10)).join('');

export const mediaId = () => numericId(15);

// --- Inbound messages ---------------------------------------------------------------------------------------------

/** What every inbound message builder takes. `id` and `timestamp` (unix seconds) default to fresh values. */
export type From = {
  from: string;
  id?: string;
  timestamp?: number | string;
  context?: MessageContext;
  referral?: Referral;
};

function base(fields: From): MessageBase {
  return {
    from: fields.from,
    id: fields.id ?? wamid(fields.from),
    timestamp: timestampOf(fields.timestamp),
    ...(fields.context ? { context: fields.context } : {}),
    ...(fields.referral ? { referral: fields.referral } : {}),
  };
}

export const textMessage = (f: From & { body: string }): InboundMessage => ({
  ...base(f),
  type: 'text',
  text: { body: f.body },
});

export const imageMessage = (f: From & { media: MediaObject; caption?: string }): InboundMessage => ({
  ...base(f),
  type: 'image',
  image: { ...f.media, ...(f.caption !== undefined ? { caption: f.caption } : {}) },
});

export const videoMessage = (f: From & { media: MediaObject; caption?: string }): InboundMessage => ({
  ...base(f),
  type: 'video',
  video: { ...f.media, ...(f.caption !== undefined ? { caption: f.caption } : {}) },
});

/** An audio file the client attached (a voice note is `voiceMessage`: the same type with `voice: true`). */
export const audioMessage = (f: From & { media: MediaObject }): InboundMessage => ({
  ...base(f),
  type: 'audio',
  audio: { ...f.media, voice: false },
});

/** A push-to-talk recording: WhatsApp sends it as `type: 'audio'` with `voice: true` (usually audio/ogg; opus). */
export const voiceMessage = (f: From & { media: MediaObject }): InboundMessage => ({
  ...base(f),
  type: 'audio',
  audio: { ...f.media, voice: true },
});

export const documentMessage = (
  f: From & { media: MediaObject; filename: string; caption?: string },
): InboundMessage => ({
  ...base(f),
  type: 'document',
  document: { ...f.media, filename: f.filename, ...(f.caption !== undefined ? { caption: f.caption } : {}) },
});

export const stickerMessage = (f: From & { media: MediaObject; animated?: boolean }): InboundMessage => ({
  ...base(f),
  type: 'sticker',
  sticker: { ...f.media, animated: f.animated ?? false },
});

export const locationMessage = (
  f: From & { latitude: number; longitude: number; name?: string; address?: string; url?: string },
): InboundMessage => ({
  ...base(f),
  type: 'location',
  location: {
    latitude: f.latitude,
    longitude: f.longitude,
    ...(f.name !== undefined ? { name: f.name } : {}),
    ...(f.address !== undefined ? { address: f.address } : {}),
    ...(f.url !== undefined ? { url: f.url } : {}),
  },
});

/** A contact card as the contacts message carries it; `waId` is present only when that number is on WhatsApp. */
export function sharedContact(c: { name: string; phone: string; waId?: string; email?: string }): SharedContact {
  const [first, ...rest] = c.name.split(' ');
  return {
    name: {
      formatted_name: c.name,
      first_name: first ?? c.name,
      ...(rest.length ? { last_name: rest.join(' ') } : {}),
    },
    phones: [{ phone: c.phone, type: 'CELL', ...(c.waId ? { wa_id: c.waId } : {}) }],
    ...(c.email ? { emails: [{ email: c.email, type: 'WORK' }] } : {}),
  };
}

export const contactsMessage = (f: From & { contacts: SharedContact[] }): InboundMessage => ({
  ...base(f),
  type: 'contacts',
  contacts: f.contacts,
});

/** A tap on a template's quick-reply button: `type: 'button'`, with `context.id` the template message. */
export const templateButtonMessage = (
  f: From & { payload: string; text: string; context: MessageContext },
): InboundMessage => ({
  ...base(f),
  type: 'button',
  button: { payload: f.payload, text: f.text },
});

/** A tap on a reply button of our interactive message (`context.id` is that message's wamid). */
export const buttonReplyMessage = (
  f: From & { reply: { id: string; title: string }; context: MessageContext },
): InboundMessage => ({
  ...base(f),
  type: 'interactive',
  interactive: { type: 'button_reply', button_reply: f.reply },
});

/** A row chosen in our list message (`context.id` is that message's wamid). */
export const listReplyMessage = (
  f: From & { reply: { id: string; title: string; description?: string }; context: MessageContext },
): InboundMessage => ({
  ...base(f),
  type: 'interactive',
  interactive: { type: 'list_reply', list_reply: f.reply },
});

/** A reaction to `messageId`; leave `emoji` out for a removed reaction (it then arrives without `emoji`). */
export const reactionMessage = (f: From & { messageId: string; emoji?: string }): InboundMessage => ({
  ...base(f),
  type: 'reaction',
  reaction: { message_id: f.messageId, ...(f.emoji !== undefined ? { emoji: f.emoji } : {}) },
});

/** What WhatsApp sends for a message type the Cloud API cannot show (polls, view-once media, …). */
export const unsupportedMessage = (f: From): InboundMessage => ({
  ...base(f),
  type: 'unsupported',
  errors: [
    {
      code: 131051,
      title: 'Message type unknown',
      message: 'Message type unknown',
      error_data: { details: 'Message type is currently not supported.' },
    },
  ],
});

/** The client changed their number: `from` is the old one, `wa_id` the new. Arrives without `contacts`. */
export const userChangedNumberMessage = (f: From & { newWaId: string }): InboundMessage => ({
  ...base(f),
  type: 'system',
  system: {
    body: `User ${f.from} changed from ${f.from} to ${f.newWaId}`,
    wa_id: f.newWaId,
    type: 'user_changed_number',
  },
});

// --- Statuses -----------------------------------------------------------------------------------------------------

/** The error a `failed` status carries when a free-form message left outside the 24-hour window (§2.8). */
export const reEngagementError = (): WaError => ({
  code: 131047,
  title: 'Re-engagement message',
  message: 'Re-engagement message',
  error_data: {
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
});

/** 131026: not on WhatsApp, an old client, or the client has not accepted the terms. */
export const undeliverableError = (): WaError => ({
  code: 131026,
  title: 'Message undeliverable',
  message: 'Message undeliverable',
  error_data: { details: 'Message Undeliverable.' },
});

/**
 * One entry of `statuses[]`. `sent` carries `conversation` and `pricing` the way Meta did under conversation-based
 * pricing; pass `conversation: null` / `pricing: null` to leave them out. `failed` needs `errors`.
 */
export function messageStatus(s: {
  id: string;
  status: StatusName;
  recipientId: string;
  timestamp?: number | string;
  errors?: WaError[];
  conversation?: MessageStatus['conversation'] | null;
  pricing?: MessageStatus['pricing'] | null;
}): MessageStatus {
  const billed = s.status === 'sent' || s.status === 'delivered';
  const timestamp = timestampOf(s.timestamp);
  const conversation =
    s.conversation === undefined && billed
      ? {
          id: randomBytes(16).toString('hex'),
          expiration_timestamp: String(Number(timestamp) + 24 * 3600),
          origin: { type: 'service' },
        }
      : (s.conversation ?? undefined);
  const pricing =
    s.pricing === undefined && billed
      ? { billable: true, pricing_model: 'CBP' as const, category: 'service' }
      : (s.pricing ?? undefined);
  return {
    id: s.id,
    status: s.status,
    timestamp,
    recipient_id: s.recipientId,
    ...(conversation ? { conversation } : {}),
    ...(pricing ? { pricing } : {}),
    ...(s.errors ? { errors: s.errors } : {}),
  };
}

export const failedStatus = (s: {
  id: string;
  recipientId: string;
  error: WaError;
  timestamp?: number | string;
}): MessageStatus =>
  messageStatus({ id: s.id, status: 'failed', recipientId: s.recipientId, timestamp: s.timestamp, errors: [s.error] });

// --- Envelopes ----------------------------------------------------------------------------------------------------

const metadataOf = (phone: BusinessPhone): Metadata => ({
  display_phone_number: phone.displayPhoneNumber,
  phone_number_id: phone.phoneNumberId,
});

const envelope = (wabaId: string, change: WebhookChange, time?: number): WebhookPayload => ({
  object: 'whatsapp_business_account',
  entry: [{ id: wabaId, ...(time !== undefined ? { time } : {}), changes: [change] }],
});

/**
 * One `messages` change holding several inbound messages (an album arrives like this). `contacts` lists one profile
 * per distinct sender; `names` maps wa_id → profile name (default 'Ana'). System messages bring no contact.
 */
export function messagesPayload(
  phone: BusinessPhone,
  messages: InboundMessage[],
  names: Record<string, string> = {},
): WebhookPayload {
  const senders = [...new Set(messages.filter((m) => m.type !== 'system').map((m) => m.from))];
  const value: MessagesValue = {
    messaging_product: 'whatsapp',
    metadata: metadataOf(phone),
    ...(senders.length
      ? { contacts: senders.map((waId) => ({ profile: { name: names[waId] ?? 'Ana' }, wa_id: waId })) }
      : {}),
    messages,
  };
  return envelope(phone.wabaId, { field: 'messages', value });
}

/** A single inbound message from a client called `name`. */
export const messagePayload = (phone: BusinessPhone, message: InboundMessage, name = 'Ana'): WebhookPayload =>
  messagesPayload(phone, [message], { [message.from]: name });

/** Status updates for messages we sent. Several statuses may share one change (and arrive out of order). */
export function statusPayload(phone: BusinessPhone, statuses: MessageStatus[]): WebhookPayload {
  return envelope(phone.wabaId, {
    field: 'messages',
    value: { messaging_product: 'whatsapp', metadata: metadataOf(phone), statuses },
  });
}

/** A template review result. Unlike `messages`, the entry carries `time` (unix seconds). */
export function templateStatusPayload(t: {
  wabaId: string;
  event: TemplateStatusEvent;
  templateId: string | number;
  name: string;
  language: string;
  reason?: string | null;
  time?: number;
}): WebhookPayload {
  return envelope(
    t.wabaId,
    {
      field: 'message_template_status_update',
      value: {
        event: t.event,
        message_template_id: Number(t.templateId),
        message_template_name: t.name,
        message_template_language: t.language,
        reason: t.reason === undefined ? 'NONE' : t.reason,
      },
    },
    t.time ?? unixSeconds(),
  );
}

/** Several payloads batched into one POST, as Meta may do: entries of the same WABA share one entry. */
export function batchPayload(...payloads: WebhookPayload[]): WebhookPayload {
  const entries: WebhookEntry[] = [];
  for (const entry of payloads.flatMap((p) => p.entry)) {
    const same = entries.find((e) => e.id === entry.id && e.time === entry.time);
    if (same) same.changes.push(...entry.changes);
    else entries.push({ ...entry, changes: [...entry.changes] });
  }
  return { object: 'whatsapp_business_account', entry: entries };
}

// --- Serialization ------------------------------------------------------------------------------------------------

/**
 * The raw body as posted. With `escapeUnicode` (the fake's default), every non-ASCII character is written as a
 * \uXXXX escape, as Meta is reported to do (§2.2: "escaped-unicode" note, unverified): a receiver that re-serializes
 * the parsed JSON before checking the signature then fails, as it would against Meta.
 */
export function webhookBody(payload: WebhookPayload | object, options: { escapeUnicode?: boolean } = {}): string {
  const json = JSON.stringify(payload);
  if (!(options.escapeUnicode ?? true)) return json;
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
