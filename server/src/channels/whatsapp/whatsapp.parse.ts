/**
 * WhatsApp Cloud API webhook POST body → what KreeChat acts on. Pure: no network, no database, so it is tested on
 * recorded fixtures (channel-apis.md §2.2).
 *
 * One POST is a batch: entries (one per WhatsApp Business Account), each with changes, each value with several
 * messages or statuses. Every entry, change, message and status is parsed on its own, so a malformed piece becomes
 * a `skip` with its reason and never costs the rest of the batch (§2.12: a non-200 brings a full resend, and a
 * batch that always throws would be resent for seven days and then lost).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { DeliveryFailureCode } from '@kreechat/contract';

/** A client's file, known by its media id until it is fetched (`GET /{media-id}`, §2.4). */
export type WhatsAppMediaRef = {
  mediaId: string;
  mimeType: string | null;
  name: string;
  /** The webhook carries no size: it is known only once the media is looked up or downloaded. */
  size: number | null;
};

export type WhatsAppContent =
  | { type: 'text'; text: string }
  | { type: 'image' | 'video' | 'audio' | 'document'; caption: string | null; file: WhatsAppMediaRef }
  | { type: 'location'; latitude: number; longitude: number; name: string | null; address: string | null };

/** WhatsApp tells nothing of the client's language, hence `null`. */
export type WhatsAppSender = { waId: string; name: string; language: null };

export type WhatsAppDeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** One of a failed status's `errors[]` (or of a value's), as Graph gives it. */
export type WhatsAppStatusError = { code: number; title: string; message?: string; details?: string };

export type WhatsAppEvent =
  | {
      kind: 'message';
      wabaId: string;
      phoneNumberId: string;
      sender: WhatsAppSender;
      wamid: string;
      date: Date;
      /** `context.id`: the message this one answers, when the client replied to one. */
      replyTo: string | null;
      content: WhatsAppContent;
    }
  | {
      /** A tap on a reply button or list row (`interactive`), or on a template's quick-reply button (`button`). */
      kind: 'choice';
      wabaId: string;
      phoneNumberId: string;
      sender: WhatsAppSender;
      wamid: string;
      date: Date;
      /** The message that carried the buttons or the list. */
      replyTo: string | null;
      /** The button's or row's id (a template button's payload). */
      id: string;
      title: string;
    }
  | {
      kind: 'reaction';
      wabaId: string;
      phoneNumberId: string;
      sender: WhatsAppSender;
      /** The reaction's own id. */
      wamid: string;
      date: Date;
      targetWamid: string;
      /** `null`: the reaction was removed. */
      emoji: string | null;
    }
  | {
      kind: 'status';
      wabaId: string;
      phoneNumberId: string;
      /** The id of our own outbound message. */
      wamid: string;
      recipientWaId: string;
      status: WhatsAppDeliveryStatus;
      at: Date;
      errors: WhatsAppStatusError[];
    }
  | {
      kind: 'templateStatus';
      wabaId: string;
      templateId: string;
      name: string;
      language: string;
      /** The event: APPROVED, REJECTED, PAUSED, DISABLED, … (§2.7). */
      status: string;
      reason: string | null;
    }
  | { kind: 'skip'; wabaId: string | null; phoneNumberId: string | null; reason: string };

type Route = { wabaId: string; phoneNumberId: string };
type Skip = Extract<WhatsAppEvent, { kind: 'skip' }>;

const skip = (wabaId: string | null, phoneNumberId: string | null, reason: string): Skip => ({
  kind: 'skip',
  wabaId,
  phoneNumberId,
  reason,
});

/**
 * Graph ids are strings on the wire, yet some arrive as JSON numbers (a template's `message_template_id`): both are
 * kept as strings. Such numbers are below 2^53 in every sample seen, so JSON.parse keeps them exact.
 */
// Meta sends some ids as JSON numbers of 16 digits and more, past 2^53: JSON.parse has already rounded them, and
// zod's int() refuses them as unsafe. Any non-negative number is accepted; such an id is only ever shown.
const Id = z
  .union([z.string().min(1), z.number().nonnegative()])
  .transform((id) =>
    typeof id === 'number' ? id.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 }) : id,
  );
/** §2.2: unix seconds, as a string. */
const UnixSeconds = z
  .union([z.string().regex(/^\d+$/), z.number().int().nonnegative()])
  .transform((s) => new Date(Number(s) * 1000));

const Envelope = z.object({ object: z.literal('whatsapp_business_account'), entry: z.array(z.unknown()) });
const Entry = z.object({ id: Id, changes: z.array(z.unknown()) });
const Change = z.object({ field: z.string(), value: z.unknown() });

const MessagesValue = z.object({
  metadata: z.object({ phone_number_id: Id }),
  contacts: z.array(z.unknown()).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
  errors: z.array(z.unknown()).optional(),
});
const Contact = z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }) });

/** The fields every message has; the payload sits under the key named by `type`, so the rest is kept. */
const Message = z.looseObject({
  from: z.string().min(1),
  id: z.string().min(1),
  timestamp: UnixSeconds,
  type: z.string().min(1),
  // A forwarded message has a `context` without `id`: it answers nothing.
  context: z
    .object({ id: z.string().min(1) })
    .optional()
    .catch(undefined),
});
type Message = z.infer<typeof Message>;

const Text = z.object({ body: z.string() });
const Media = z.object({
  id: Id,
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  voice: z.boolean().optional(),
});
const Location = z.object({
  latitude: z.number(),
  longitude: z.number(),
  name: z.string().optional(),
  address: z.string().optional(),
});
const SharedContact = z.object({
  name: z
    .object({
      formatted_name: z.string().optional(),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
    })
    .optional()
    .catch(undefined),
  phones: z
    .array(z.object({ phone: z.string().optional(), wa_id: z.string().optional() }))
    .optional()
    .catch(undefined),
});
const Reply = z.object({ id: z.string(), title: z.string() });
const Interactive = z.discriminatedUnion('type', [
  z.object({ type: z.literal('button_reply'), button_reply: Reply }),
  z.object({ type: z.literal('list_reply'), list_reply: Reply }),
]);
const TemplateButton = z.object({ payload: z.string().optional(), text: z.string() });
const Reaction = z.object({ message_id: z.string().min(1), emoji: z.string().optional() });

const Status = z.object({
  id: z.string().min(1),
  status: z.string(),
  timestamp: UnixSeconds,
  recipient_id: z.string().min(1),
  errors: z.array(z.unknown()).optional(),
});
const DELIVERY_STATUSES: readonly string[] = ['sent', 'delivered', 'read', 'failed'] satisfies WhatsAppDeliveryStatus[];
const isDeliveryStatus = (s: string): s is WhatsAppDeliveryStatus => DELIVERY_STATUSES.includes(s);

const ErrorItem = z.object({
  code: z.number().int(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string() }).optional().catch(undefined),
});

const TemplateStatusValue = z.object({
  event: z.string().min(1),
  message_template_id: Id,
  message_template_name: z.string(),
  message_template_language: z.string(),
  reason: z.string().nullable().optional(),
});

/**
 * What splitting a batch into recorded items relies on (whatsapp.inbound.ts), checked before anything is recorded:
 * an entry's id, a messages change's phone number id, each message's and status's own fields — the schemas the
 * parser reads them with, so an item that passes here is one the parser understands. A signed body may still hold
 * anything where these go (an object for an id): such an item is skipped and logged, the rest of its batch kept.
 */
export const batchItemSchemas = {
  entry: Entry,
  messagesValue: MessagesValue,
  message: Message,
  status: Status,
} as const;

/**
 * Why a piece of a webhook did not pass its schema, for the log: the paths and zod's messages (expected string,
 * received object), never the values, which may be a client's words.
 */
export function describeIssues(error: z.ZodError): string {
  const shown = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(whole)'}: ${issue.message}`);
  return error.issues.length > 3 ? `${shown.join('; ')}; …` : shown.join('; ');
}

/**
 * Parses one webhook POST body (already signature-checked and JSON-parsed) into a flat list of events, in the
 * order of the batch. Never throws: whatever cannot be used becomes a `skip` with its reason.
 */
export function parseWhatsAppWebhook(body: unknown): WhatsAppEvent[] {
  const envelope = Envelope.safeParse(body);
  if (!envelope.success) return [skip(null, null, 'not a WhatsApp Business Account webhook')];
  return envelope.data.entry.flatMap((entry, index) => parseEntry(entry, index));
}

function parseEntry(raw: unknown, index: number): WhatsAppEvent[] {
  const entry = Entry.safeParse(raw);
  if (!entry.success) return [skip(null, null, `malformed entry at index ${index}`)];
  const wabaId = entry.data.id;
  return entry.data.changes.flatMap((change, changeIndex): WhatsAppEvent[] => {
    // Belt and braces: the schemas do not throw, but one change's surprise must not lose the rest of the batch.
    try {
      return parseChange(wabaId, change, changeIndex);
    } catch (error) {
      return [skip(wabaId, null, `change at index ${changeIndex} could not be parsed: ${String(error)}`)];
    }
  });
}

function parseChange(wabaId: string, raw: unknown, index: number): WhatsAppEvent[] {
  const change = Change.safeParse(raw);
  if (!change.success) return [skip(wabaId, null, `malformed change at index ${index}`)];
  const { field, value } = change.data;
  if (field === 'messages') return parseMessagesValue(wabaId, value);
  if (field === 'message_template_status_update') return [parseTemplateStatus(wabaId, value)];
  return [skip(wabaId, null, `field not used: ${field}`)];
}

function parseMessagesValue(wabaId: string, raw: unknown): WhatsAppEvent[] {
  const value = MessagesValue.safeParse(raw);
  if (!value.success) return [skip(wabaId, null, 'malformed messages value (no metadata.phone_number_id?)')];
  const route: Route = { wabaId, phoneNumberId: value.data.metadata.phone_number_id };
  const { messages = [], statuses = [], errors = [] } = value.data;
  if (messages.length === 0 && statuses.length === 0) {
    const reason = errors.length ? `errors only: ${errorsOf(errors).map(describeError).join('; ')}` : 'empty value';
    return [skip(wabaId, route.phoneNumberId, reason)];
  }
  const names = namesOf(value.data.contacts ?? []);
  return [
    ...messages.map((message, i) => parseMessage(route, names, message, i)),
    ...statuses.map((status, i) => parseStatus(route, status, i)),
  ];
}

/** `contacts[].profile.name` by `wa_id`; a malformed contact only costs its own name. */
function namesOf(contacts: unknown[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const raw of contacts) {
    const contact = Contact.safeParse(raw);
    if (contact.success && contact.data.profile.name.trim()) {
      names.set(contact.data.wa_id, contact.data.profile.name.trim());
    }
  }
  return names;
}

function parseMessage(route: Route, names: Map<string, string>, raw: unknown, index: number): WhatsAppEvent {
  const parsed = Message.safeParse(raw);
  if (!parsed.success) return skip(route.wabaId, route.phoneNumberId, `malformed message at index ${index}`);
  const m = parsed.data;
  // §2.2: `system` (e.g. user_changed_number) is WhatsApp speaking, not the client, and comes without `contacts`.
  if (m.type === 'system') return skip(route.wabaId, route.phoneNumberId, `system message ${m.id}`);
  const sender: WhatsAppSender = { waId: m.from, name: names.get(m.from) ?? `WhatsApp +${m.from}`, language: null };
  const common = { ...route, sender, wamid: m.id, date: m.timestamp };
  const replyTo = m.context?.id ?? null;

  if (m.type === 'reaction') {
    const reaction = Reaction.safeParse(m.reaction);
    if (!reaction.success) return skip(route.wabaId, route.phoneNumberId, `malformed reaction ${m.id}`);
    // §2.2, §2.13: a removed reaction comes with an empty `emoji`, or without one.
    return { kind: 'reaction', ...common, targetWamid: reaction.data.message_id, emoji: reaction.data.emoji || null };
  }
  if (m.type === 'interactive') {
    const interactive = Interactive.safeParse(m.interactive);
    if (interactive.success) {
      const reply =
        interactive.data.type === 'button_reply' ? interactive.data.button_reply : interactive.data.list_reply;
      return { kind: 'choice', ...common, replyTo, id: reply.id, title: reply.title };
    }
  }
  if (m.type === 'button') {
    const button = TemplateButton.safeParse(m.button);
    if (button.success) {
      const { payload, text } = button.data;
      return { kind: 'choice', ...common, replyTo, id: payload ?? text, title: text };
    }
  }
  return { kind: 'message', ...common, replyTo, content: contentOf(m) };
}

/** Every message the client sent is kept: what KreeChat cannot show as such becomes a readable placeholder. */
function contentOf(m: Message): WhatsAppContent {
  const payload: unknown = m[m.type];
  switch (m.type) {
    case 'text': {
      const text = Text.safeParse(payload);
      if (text.success) return { type: 'text', text: text.data.body };
      break;
    }
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const media = Media.safeParse(payload);
      if (media.success) return mediaContent(m.type, media.data);
      break;
    }
    case 'location': {
      const location = Location.safeParse(payload);
      if (location.success) {
        const { latitude, longitude, name, address } = location.data;
        return { type: 'location', latitude, longitude, name: name ?? null, address: address ?? null };
      }
      break;
    }
    case 'contacts':
      return { type: 'text', text: contactsText(payload) };
    // §2.2, §2.10 (131051): a type the Cloud API itself cannot pass on; older versions call it `unknown`.
    case 'unsupported':
    case 'unknown':
      return { type: 'text', text: '[Unsupported message]' };
  }
  return { type: 'text', text: `[Unsupported message: ${m.type}]` };
}

function mediaContent(
  type: 'image' | 'video' | 'audio' | 'document' | 'sticker',
  media: z.infer<typeof Media>,
): WhatsAppContent {
  const mimeType = media.mime_type ?? null;
  const generated = (prefix: string, fallback: string) => `${prefix}-${media.id}.${extensionOf(mimeType) ?? fallback}`;
  const file = (name: string): WhatsAppMediaRef => ({ mediaId: media.id, mimeType, name, size: null });
  // §2.2: audio and stickers carry no caption (§2.3: nor can they be sent with one).
  const caption = media.caption ?? null;
  switch (type) {
    case 'image':
      return { type: 'image', caption, file: file(generated('image', 'jpg')) };
    case 'sticker':
      return { type: 'image', caption: null, file: file(generated('sticker', 'webp')) };
    case 'video':
      return { type: 'video', caption, file: file(generated('video', 'mp4')) };
    case 'audio':
      return {
        type: 'audio',
        caption: null,
        file: file(media.voice ? generated('voice', 'ogg') : generated('audio', 'mp3')),
      };
    case 'document':
      return { type: 'document', caption, file: file(media.filename?.trim() || generated('document', 'bin')) };
  }
}

/** Extensions for the media types WhatsApp accepts; other types keep a short subtype, or none. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'text/plain': 'txt',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

function extensionOf(mimeType: string | null): string | undefined {
  // Voice notes come as `audio/ogg; codecs=opus`: the parameters do not change the extension.
  const essence = mimeType?.split(';')[0]?.trim().toLowerCase();
  if (!essence) return undefined;
  const known = EXTENSIONS[essence];
  if (known) return known;
  const subtype = essence.split('/')[1];
  return subtype && /^[a-z0-9]{1,5}$/.test(subtype) ? subtype : undefined;
}

/** Shared contacts as text an agent can read: `[Contact: Ivan Petrov +7 912 345-67-89, +7 495 000-00-00]`. */
function contactsText(payload: unknown): string {
  const contacts = Array.isArray(payload) ? payload : [];
  const lines = contacts.map((raw) => {
    const contact = SharedContact.safeParse(raw);
    if (!contact.success) return '[Contact]';
    const { name, phones = [] } = contact.data;
    const fullName =
      name?.formatted_name?.trim() || [name?.first_name, name?.last_name].filter(Boolean).join(' ').trim();
    const numbers = phones.flatMap((p) => p.phone?.trim() || (p.wa_id ? `+${p.wa_id}` : []));
    const text = [fullName, numbers.join(', ')].filter(Boolean).join(' ');
    return text ? `[Contact: ${text}]` : '[Contact]';
  });
  return lines.length ? lines.join('\n') : '[Contact]';
}

function parseStatus(route: Route, raw: unknown, index: number): WhatsAppEvent {
  const parsed = Status.safeParse(raw);
  if (!parsed.success) return skip(route.wabaId, route.phoneNumberId, `malformed status at index ${index}`);
  const s = parsed.data;
  if (!isDeliveryStatus(s.status)) {
    return skip(route.wabaId, route.phoneNumberId, `status not used: ${s.status} for ${s.id}`);
  }
  return {
    kind: 'status',
    ...route,
    wamid: s.id,
    recipientWaId: s.recipient_id,
    status: s.status,
    at: s.timestamp,
    errors: errorsOf(s.errors ?? []),
  };
}

/** Well-formed `errors[]` items; a malformed one is dropped rather than the status that carries it. */
function errorsOf(raw: unknown[]): WhatsAppStatusError[] {
  return raw.flatMap((item) => {
    const e = ErrorItem.safeParse(item);
    if (!e.success) return [];
    const { code, title, message, error_data } = e.data;
    return [
      {
        code,
        title: title ?? message ?? `Error ${code}`,
        ...(message !== undefined ? { message } : {}),
        ...(error_data ? { details: error_data.details } : {}),
      },
    ];
  });
}

const describeError = (e: WhatsAppStatusError) => `(#${e.code}) ${e.details ?? e.message ?? e.title}`;

function parseTemplateStatus(wabaId: string, raw: unknown): WhatsAppEvent {
  const parsed = TemplateStatusValue.safeParse(raw);
  if (!parsed.success) return skip(wabaId, null, 'malformed template status update');
  const v = parsed.data;
  return {
    kind: 'templateStatus',
    wabaId,
    templateId: v.message_template_id,
    name: v.message_template_name,
    language: v.message_template_language,
    status: v.event,
    // Meta's template webhook samples send the literal "NONE" (or null) when there is no reason.
    reason: v.reason && v.reason !== 'NONE' ? v.reason : null,
  };
}

const SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

/**
 * Checks `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>` (§2.2) against the raw bytes, in
 * constant time. False for a missing or malformed header, and for an empty app secret (anyone could sign with it).
 * Hex is accepted in either case: it is the same digest.
 */
export function verifyWhatsAppSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!appSecret || header === undefined) return false;
  const hex = SIGNATURE.exec(header.trim())?.[1];
  if (!hex) return false;
  const given = Buffer.from(hex, 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Graph's error object (§2.1), or one of a failed status's `errors[]` (§2.2), which has a `title` instead. */
export type GraphError = {
  code: number;
  error_subcode?: number;
  message?: string;
  title?: string;
  type?: string;
  error_data?: { messaging_product?: string; details?: string };
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  fbtrace_id?: string;
};

const GraphErrorBody = z.object({
  error: z.looseObject({
    code: z.number().int(),
    error_subcode: z.number().int().optional(),
    message: z.string().optional(),
    type: z.string().optional(),
    error_data: z.object({ messaging_product: z.string().optional(), details: z.string().optional() }).optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
    is_transient: z.boolean().optional(),
    fbtrace_id: z.string().optional(),
  }),
});

/** The `error` of a Graph error response body (§2.1), or null when the body is not one (a proxy's HTML page). */
export function graphErrorOf(body: unknown): GraphError | null {
  const parsed = GraphErrorBody.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}

/**
 * What to do about a Graph error:
 * - `retry`: the remote could not do it now; try again (after `afterMs` when Graph's limit tells how long).
 * - `refused`: the remote said no; store `reason` on the message and do not retry it as it is. `affects: 'channel'`
 *   means the number or the app itself is unusable (token, block, payment) and an admin must act.
 */
export type GraphErrorClass =
  | { kind: 'retry'; code: DeliveryFailureCode; reason: string; afterMs?: number }
  | { kind: 'refused'; code: DeliveryFailureCode; reason: string; affects: 'message' | 'channel' };

type Rule = GraphErrorClass | ((error: GraphError) => GraphErrorClass);

/** A try to repeat; if the tries run out, the message shows `unreachable`, or `rateLimited` for a limit's wait. */
const retry = (reason: string, afterMs?: number): GraphErrorClass =>
  afterMs === undefined
    ? { kind: 'retry', code: 'unreachable', reason }
    : { kind: 'retry', code: 'rateLimited', reason, afterMs };
/** A refusal: what the message shows is `code`; one that `affects` the channel shows `channelRestricted`. */
const refused = (
  reason: string,
  affects: 'message' | 'channel' = 'message',
  code: DeliveryFailureCode = affects === 'channel' ? 'channelRestricted' : 'refused',
): GraphErrorClass => ({ kind: 'refused', code, reason, affects });

const noPermission = refused('The app lacks permission for this WhatsApp account', 'channel');

/**
 * By Graph's `code`, never by HTTP status: 131047, for one, comes as a `failed` status with no HTTP answer at all
 * (§2.8), and one HTTP 400 holds both "fix the request" and "the window is closed". The waits are ours: Graph says
 * that a limit was hit, not for how long.
 */
const RULES = new Map<number, Rule>([
  // §2.10: 1 and 2 are not in the table; Graph's generic "API Unknown" / "API Service" codes, both temporary.
  [1, retry('WhatsApp had a temporary problem')],
  [2, retry('WhatsApp service is temporarily unavailable')],
  // §2.10: 4 (app) and 80007 (WABA) rate limits, "Back off". Their windows are long: wait a minute.
  [4, retry('Too many calls from this app to WhatsApp', 60_000)],
  [80007, retry('This WhatsApp Business Account hit its rate limit', 60_000)],
  // §2.10: 130429 throughput limit (about 80 msg/s per number, §2.11), HTTP 429, "Back off and retry".
  [130429, retry('Too many messages per second from this number', 1_000)],
  // §2.10: 131056 pair rate limit, "Delay for that recipient"; about one message per 6 s to one user (§2.11, §2.13).
  [131056, retry('Too many messages to this client in a short time', 6_000)],
  // §2.13: 131057 while the number's throughput is being upgraded (PYWA: "account in maintenance mode").
  [131057, retry('The WhatsApp number is in maintenance', 60_000)],
  // §2.10: 131000 unknown, HTTP 500, "Retry".
  [131000, retry('WhatsApp failed to send the message for an unknown reason')],
  // Not in §2.10's table: 131016 "a service is temporarily unavailable" (PYWA errors.py, §2.10's source).
  [131016, retry('WhatsApp service is temporarily unavailable')],
  // §2.10: 131052/131053 media download or upload failed, "Re-upload": a retry uploads the file again.
  [131052, retry('WhatsApp could not download the file')],
  [131053, retry('WhatsApp could not upload the file')],

  // §2.10: 131047, more than 24 h since the client's last message (§2.8), "Use a template".
  [
    131047,
    refused(
      'More than 24 hours have passed since the client last wrote: WhatsApp allows only an approved template now',
      'message',
      'windowClosed',
    ),
  ],
  // §2.10: 131026 undeliverable (not on WhatsApp, old client, terms not accepted), "Don't retry blindly".
  [
    131026,
    refused(
      'The message could not be delivered: the client may not use WhatsApp or may need to update it',
      'message',
      'clientUnreachable',
    ),
  ],
  // §2.10: 131048/131049 spam or marketing per-user limit, "Hold off": retrying now only makes it worse.
  [
    131048,
    refused('WhatsApp limited this number because earlier messages were flagged as spam', 'message', 'rateLimited'),
  ],
  [
    131049,
    refused('WhatsApp held this message back to keep the client from receiving too many', 'message', 'rateLimited'),
  ],
  // §2.10: 131051 unsupported message type.
  [131051, refused('WhatsApp does not support this message type', 'message', 'notSupported')],
  // §2.10: 132000/132001 template parameter mismatch, or no template for that name and language, "Fix the request".
  [132000, refused('The template got a different number of parameters than it has', 'message', 'templateRejected')],
  [132001, refused('The template does not exist in this language or is not approved', 'message', 'templateRejected')],
  // §2.10: 100, 131008, 131009 invalid, missing or bad parameter, HTTP 400, "Fix the request".
  [100, (e) => refused(`WhatsApp rejected the request: ${graphDetail(e)}`)],
  [131008, (e) => refused(`A required parameter is missing: ${graphDetail(e)}`)],
  [131009, (e) => refused(`A parameter is invalid: ${graphDetail(e)}`)],
  // §2.10: 131030 recipient not on the test number's allow-list, "Configuration".
  [131030, refused('The client is not on the allowed list of this test number', 'message', 'notAllowedRecipient')],

  // §2.10: 190 token expired (subcode 463) or invalid, HTTP 401, "Re-authorise".
  [
    190,
    (e) =>
      refused(
        e.error_subcode === 463
          ? 'The WhatsApp access token has expired: reconnect the number'
          : 'The WhatsApp access token is invalid: reconnect the number',
        'channel',
        'channelReconnect',
      ),
  ],
  // §2.10: 368 policy block, 131031 account locked, "Alert".
  [368, refused('WhatsApp blocked this account for a policy violation', 'channel')],
  [131031, refused('This WhatsApp Business Account is locked', 'channel')],
  // §2.9, §2.13: 133016, too many register attempts (10 per 72 h).
  [133016, refused('Too many attempts to register this number: try again in 72 hours', 'channel')],
  // Not in §2.10's table (PYWA errors.py): permissions, payment and registration problems of the account.
  [10, noPermission],
  [131005, noPermission],
  [131042, refused("A problem with the WhatsApp account's payment method", 'channel')],
  [131045, refused('The number is not registered correctly with WhatsApp', 'channel')],
]);

/** Graph's own words about an error, the most specific it gave. */
export function graphDetail(error: GraphError): string {
  return error.error_data?.details ?? error.error_user_msg ?? error.message ?? error.title ?? `code ${error.code}`;
}

/**
 * Classifies a Graph error, from an HTTP answer (§2.1) or a failed status (§2.2), by its `code` (§2.10). A code not
 * listed is retried only when Graph marks it transient; otherwise it is refused with Graph's own words.
 */
export function classifyGraphError(error: GraphError): GraphErrorClass {
  const rule = RULES.get(error.code);
  if (rule) return typeof rule === 'function' ? rule(error) : rule;
  // Not in §2.10: Graph's permission codes 200–299 (PYWA errors.py) mean the app lost a permission.
  if (error.code >= 200 && error.code < 300) return noPermission;
  const reason = `WhatsApp error ${error.code}: ${graphDetail(error)}`;
  return error.is_transient ? retry(reason) : refused(reason);
}
