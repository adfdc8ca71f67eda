import { z } from 'zod';
import { AUTO_MESSAGE_KINDS } from './automatic-messages';
import { timestampSchema, uuidSchema } from './common';

export { MENTION_TOKEN, NOTE_MENTIONS_MAX, mentionToken, mentionedIds, plainNoteText } from './mentions';

export const MESSAGE_TYPES = [
  'text',
  'audio',
  'image',
  'document',
  'video',
  'rating',
  'close',
  'reopen',
  'location',
  /** An internal note: agents of the ticket read it, the client never does (no outbox row, no widget, no bot). */
  'note',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** received: from the client · pending: queued for the channel · sent: the channel took it · failed: it refused. */
/** Outbound: pending → sent → delivered → read, or failed (final). `delivered` and `read` come from WhatsApp's receipts. */
export const DELIVERY_STATUSES = ['received', 'pending', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Why a message was not delivered, as a code the web app translates (the server's own words would reach the
 * screen in English inside a translated sentence). The remote's own words, when it gave any, travel beside the code
 * as `delivery_error`.
 * - channelDisconnected: the bot, number or site it went through is no longer connected (or none is).
 * - channelReconnect: the channel must be connected again (its token was lost, expired or revoked).
 * - channelRestricted: the channel's account cannot send (blocked, locked, payment, permissions, registration).
 * - clientBlocked: the client blocked the bot.
 * - clientUnreachable: the client cannot be reached there (no such chat, account gone, not on WhatsApp).
 * - windowClosed: more than 24 hours since the client last wrote on WhatsApp; only a template may go.
 * - rateLimited: the channel held it back (too many messages).
 * - notSupported: the channel does not take this kind of message.
 * - templateRejected: the template does not match what WhatsApp approved.
 * - notAllowedRecipient: the client is not on a WhatsApp test number's allowed list.
 * - unreachable: the channel could not be reached, or kept failing on its side, until we gave up.
 * - internalError: sending failed on our side.
 * - refused: the channel refused it for another reason (its words in `delivery_error`).
 */
export const DELIVERY_FAILURE_CODES = [
  'channelDisconnected',
  'channelReconnect',
  'channelRestricted',
  'clientBlocked',
  'clientUnreachable',
  'windowClosed',
  'rateLimited',
  'notSupported',
  'templateRejected',
  'notAllowedRecipient',
  'unreachable',
  'internalError',
  'refused',
] as const;
export type DeliveryFailureCode = (typeof DELIVERY_FAILURE_CODES)[number];

/** A reply refused before it was queued: the ticket's client has no channel address to send to. */
export const CLIENT_UNREACHABLE = 'This client cannot be reached on its channel';
/** A WhatsApp template refused before it was queued: the ticket's number is no longer connected. */
export const WHATSAPP_NUMBER_GONE = 'The WhatsApp number is no longer connected';
/** A WhatsApp template refused before it was queued: it is not (or no longer) approved for the number. */
export const TEMPLATE_NOT_APPROVED = 'This template is not approved for this WhatsApp number';

export const messageSchema = z.object({
  messageid: z.string(),
  /** Monotonic order within the whole database: the chat's cursor. */
  seq: z.number().int(),
  ticketid: z.string(),
  type: z.enum(MESSAGE_TYPES),
  content: z.string(),
  created_on: timestampSchema,
  /** The agent's name for agent messages, the client's for client messages. */
  created_by: z.string().nullable(),
  isagent: z.boolean(),
  clientid: z.string().nullable(),
  senderid: z.string().nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().nullable(),
  /** URL of the file under /files, for every file type. */
  path: z.string().nullable(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  video_thumbnail: z.string().nullable(),
  /** "latitude,longitude" for a location. */
  region: z.string().nullable(),
  reaction: z.string().nullable(),
  delivery_status: z.enum(DELIVERY_STATUSES),
  /** Why it was not delivered (see DELIVERY_FAILURE_CODES); null otherwise, and for failures stored before codes. */
  delivery_failure: z.enum(DELIVERY_FAILURE_CODES).nullable(),
  /** The remote's own words about a failure, or, for a failure stored before codes, the whole reason as written. */
  delivery_error: z.string().nullable(),
  /** The key the sending browser gave, so it can match its optimistic copy exactly. */
  idempotencyKey: z.string().nullable(),
  /** The message this one answers, when the client replied to one on their channel (quoted above it). */
  reply_to: z
    .object({ messageid: z.string(), type: z.enum(MESSAGE_TYPES), content: z.string(), isagent: z.boolean() })
    .nullable(),
  /** The automatic message this is (greeting, out of hours…), sent by the desk itself; null for people's messages. */
  automatic: z.enum(AUTO_MESSAGE_KINDS).nullable(),
  /** Its client was erased: the text and file are gone, the row keeps its place in the chat. */
  erased: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** One day of a chat, in the viewer's time zone. */
export const chatSectionSchema = z.object({ date: z.string(), messages: z.array(messageSchema) });
export type ChatSection = z.infer<typeof chatSectionSchema>;

export const CHAT_PAGE_SIZE = 50;
export const chatParamsSchema = z.object({
  id: uuidSchema,
  /** 0 for the newest page; otherwise the `seq` to read before (the previous page's `nextCursor`). */
  index: z.coerce.number().int().min(0),
});
export const chatQuerySchema = z.object({
  created_on: z.string().optional(),
  /** The viewer's IANA time zone, for the day sections. */
  tz: z.string().max(64).optional(),
});
export const chatResponseSchema = z.object({
  sections: z.array(chatSectionSchema),
  /** Pass as `index` for older messages; null when this page reached the first message. */
  nextCursor: z.number().int().nullable(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const MESSAGE_MAX_LENGTH = 4096;
export const sendMessageBodySchema = z.object({
  content: z
    .string({ message: 'Cannot send an empty message' })
    .trim()
    .min(1, { message: 'Cannot send an empty message' })
    .max(MESSAGE_MAX_LENGTH, { message: `A message can have at most ${MESSAGE_MAX_LENGTH} characters` }),
  ticketid: uuidSchema,
  isagent: z.boolean().optional(),
  created_on: z.string().optional(),
  /** A key the browser makes per message, so a double submit sends once. */
  idempotencyKey: z.string().min(8).max(100).optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** Fields of the multipart POST /send-file besides `file`. */
export const sendFileFieldsSchema = z.object({
  ticketid: uuidSchema,
  ticketPlatform: z.string().optional(),
  created_on: z.string().optional(),
  idempotencyKey: z.string().min(8).max(100).optional(),
});

export const retryMessageBodySchema = z.object({ messageid: uuidSchema });

/** Largest upload an agent may send (Telegram's own cap for bots is 50 MB). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const messageResponseSchema = z.object({ message: messageSchema });

/** In-chat search (SPEC §5: at least 1 character); the newest matches first, at most this many. */
export const MESSAGE_SEARCH_LIMIT = 50;
export const MESSAGE_SEARCH_MAX_LENGTH = 200;
export const SEARCH_KEYWORD_REQUIRED = 'Type at least 1 character to search';
export const searchMessageQuerySchema = z.object({
  keyword: z
    .string({ message: SEARCH_KEYWORD_REQUIRED })
    .trim()
    .min(1, { message: SEARCH_KEYWORD_REQUIRED })
    .max(MESSAGE_SEARCH_MAX_LENGTH, { message: 'The search text is too long' }),
  ticketid: uuidSchema,
  created_on: z.string().optional(),
});
export const messageListSchema = z.array(messageSchema);

/** Messages on each side of the target in a chat slice (the jump to a pinned or found message). */
export const CHAT_SLICE_AROUND = 30;
/**
 * GET /get-chat-slice (SPEC §7). With `messageid`: the window around that message. With `scrollUp` or
 * `scrollDown` and `lastIndex` (a cursor of the previous answer): the page of {@link CHAT_PAGE_SIZE} messages
 * before or after it. The SPEC's other fields (created_on, isInitialClick, activeTicketCreatedDate) are accepted
 * and not needed: cursors carry the position.
 */
export const chatSliceQuerySchema = z.object({
  ticketid: uuidSchema,
  messageid: uuidSchema.optional(),
  lastIndex: z.coerce.number().int().min(0, { message: 'Invalid lastIndex' }).optional(),
  scrollUp: z.stringbool().optional(),
  scrollDown: z.stringbool().optional(),
  tz: z.string().max(64).optional(),
  created_on: z.string().optional(),
  isInitialClick: z.string().optional(),
  activeTicketCreatedDate: z.string().optional(),
});
export type ChatSliceQuery = z.input<typeof chatSliceQuerySchema>;
export const chatSliceResponseSchema = z.object({
  /** Index in `selectedSections` of the day holding the target; null for a scroll page. */
  targetSectionIndex: z.number().int().nullable(),
  selectedSections: z.array(chatSectionSchema),
  /** Cursor for older messages (as `index` of the chat call, or `lastIndex` with scrollUp); null at the start. */
  newIndex: z.number().int().nullable(),
  /** Cursor for newer messages (`lastIndex` with scrollDown); null when this reaches the latest message. */
  newerIndex: z.number().int().nullable(),
});
export type ChatSliceResponse = z.infer<typeof chatSliceResponseSchema>;

/*
 * Internal notes. A mention is kept in the note's text as `@[Name](user id)`: the id keeps it pointing at the same
 * colleague after a rename, the name keeps it readable where it is shown raw (a search hit, an old client).
 */
export const NOTE_MAX_LENGTH = MESSAGE_MAX_LENGTH;
export const sendNoteBodySchema = z.object({
  ticketid: uuidSchema,
  content: z
    .string({ message: 'Cannot save an empty note' })
    .trim()
    .min(1, { message: 'Cannot save an empty note' })
    .max(NOTE_MAX_LENGTH, { message: `A note can have at most ${NOTE_MAX_LENGTH} characters` }),
  /** A key the browser makes per note, so a double submit saves once. */
  idempotencyKey: z.string().min(8).max(100).optional(),
});
export type SendNoteBody = z.infer<typeof sendNoteBodySchema>;

/** GET /note-mentions: the colleagues who may see the ticket, whom a note in it can mention. */
export const noteMentionsQuerySchema = z.object({ ticketid: uuidSchema });
export const mentionableSchema = z.object({
  userid: z.string(),
  name: z.string(),
  department_name: z.string().nullable(),
});
export type Mentionable = z.infer<typeof mentionableSchema>;
export const noteMentionsResponseSchema = z.object({ agents: z.array(mentionableSchema) });
