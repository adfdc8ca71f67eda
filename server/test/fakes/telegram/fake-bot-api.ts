/**
 * A local fake of the Telegram Bot API that speaks the real wire format (channel-apis.md §1), so the server and its
 * tests can drive grammY (`new Api(token, { apiRoot })`) without touching the internet. It listens on 127.0.0.1 only
 * and never connects anywhere but loopback.
 *
 * Deliberate deviations from api.telegram.org, all in the direction of "easier to test, same wire format":
 * - setWebhook accepts `http://` URLs on loopback hosts on any port (Telegram needs HTTPS on 443/80/88/8443 and
 *   refuses reserved IPs). HTTPS URLs that follow Telegram's rules are accepted too, but updates are only ever
 *   delivered to loopback: delivering to any other host rejects with an error instead of leaving the machine.
 * - Webhook delivery is driven by the test: `pushUpdate` posts once and reports the receiver's status; there is no
 *   automatic retry, no per-chat queue and no 24 h expiry. `queueWebhookUpdates` instead delivers as Telegram does
 *   (per chat in order, again until answered 2xx), only sooner and without ever giving up. Updates queued (for
 *   getUpdates) before setWebhook stay queued and count in `pending_update_count`; they are not flushed to the
 *   webhook.
 * - No 409 pacing (TDS sends at most one 409 per 3 s) and no 429 for a second setWebhook within 1 s.
 * - Sending with a URL as the file stores an empty placeholder instead of fetching it.
 * - Uploaded photos are not resized: every PhotoSize of a sent photo downloads the original bytes (and reports that
 *   size); dimensions are read from PNG/JPEG headers, falling back to 800x600.
 * - `reply_parameters` pointing at a message the fake has never seen is accepted without `reply_to_message`
 *   (Telegram answers 400 "message to be replied not found" unless allow_sending_without_reply).
 * - Unknown callback query ids are accepted by answerCallbackQuery (the fake cannot know callbacks that a test
 *   delivered to the server without going through it).
 * - parse_mode is checked only for the mistakes that break real sends (unsupported/unclosed HTML tags, unescaped
 *   MarkdownV2 reserved characters, unclosed entities); no `entities` are produced in the returned Message.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import Busboy, { type BusboyHeaders } from '@fastify/busboy';

export type FakeBot = { token: string; id: number; username: string; first_name: string };

export type FileDownload = {
  file_path: string;
  /** The file's real size. */
  size: number;
  /** Bytes handed to the socket before the response completed or the connection closed. */
  bytesSent: number;
  /** 'open' while streaming; 'complete' when every byte was written; 'aborted' when the downloader hung up first. */
  state: 'open' | 'complete' | 'aborted';
};

export type RecordedCall = {
  token: string;
  /** Lowercased, e.g. 'sendmessage'. */
  method: string;
  /**
   * Merged from the query string and the urlencoded, JSON or multipart body. Scalars keep their wire type (form
   * encodings send strings, JSON sends numbers); object params sent as JSON strings are parsed into objects.
   */
  params: Record<string, unknown>;
  /** Multipart file parts. `field` is the parameter the part was attached to (`photo` for `photo=attach://x`),
   * or the part's own name when no parameter points at it. */
  files: { field: string; filename: string; contentType: string; bytes: Buffer }[];
  at: number;
};

export type FakeBotApi = {
  /** e.g. 'http://127.0.0.1:43123' */
  apiRoot: string;
  /** Registers a valid token (default: random numeric id + 35-char secret, username 'kree_test_bot'). */
  addBot(bot?: Partial<FakeBot>): FakeBot;
  /** The token now answers 401 Unauthorized (a token never added answers 404 Not Found, like api.telegram.org). */
  revoke(token: string): void;
  /**
   * Queues an update for the bot (getUpdates), or, while a webhook is set, POSTs it to the webhook (with
   * X-Telegram-Bot-Api-Secret-Token when a secret was set) and resolves with the HTTP status the receiver answered
   * (no automatic retry; the test decides). Resolves undefined when the update was queued, or when the bot's
   * allowed_updates filter drops it. An update without `update_id` gets the next one. Rejects when the webhook
   * cannot be reached.
   */
  pushUpdate(token: string, update: object): Promise<number | undefined>;
  /**
   * POSTs one update to the webhook as Telegram would, optionally overriding (`secret: 'x'`) or omitting
   * (`secret: null`) the secret header; resolves with { status, body }. Ignores allowed_updates (the test asked).
   */
  deliverToWebhook(
    token: string,
    update: object,
    options?: { secret?: string | null },
  ): Promise<{ status: number; body: string }>;
  /** Increasing update ids for builders (always above any id pushed so far). */
  nextUpdateId(token: string): number;
  /** Everything the fake received (getUpdates/getMe only when asked for by `method`), oldest first. */
  calls(token?: string, method?: string): RecordedCall[];
  /**
   * The earliest recorded call of `method` for `token` matching `predicate`, or the next one to arrive. Rejects after
   * `timeoutMs` (default 5000) with the list of calls the bot did receive.
   */
  waitForCall(
    token: string,
    method: string,
    predicate?: (c: RecordedCall) => boolean,
    timeoutMs?: number,
  ): Promise<RecordedCall>;
  /**
   * The next `times` (default 1) calls of `method` for this token fail with this error (HTTP status = error_code;
   * 429 adds parameters.retry_after and the Retry-After header). Checked right after the token, before anything else.
   */
  failNext(
    token: string,
    method: string,
    error: { error_code: number; description: string; retry_after?: number },
    times?: number,
  ): void;
  /** Sending anything to this chat answers 403 'Forbidden: bot was blocked by the user'. */
  blockChat(token: string, chatId: number): void;
  /**
   * Makes a file downloadable: getFile(file_id) returns { file_id, file_unique_id, file_size, file_path } and
   * GET /file/bot<token>/<file_path> streams the bytes (in 64 KB writes that wait for the reader).
   *
   * To test a receiver that must not trust stated sizes, a file can misstate its own: `reported_size` is the
   * file_size getFile states — and that its "file is too big" check believes — where `null` omits it;
   * `chunked` serves the bytes without a Content-Length header, so only counting them tells their size.
   */
  addFile(
    token: string,
    file: {
      file_id: string;
      bytes: Buffer;
      file_path?: string;
      file_unique_id?: string;
      reported_size?: number | null;
      chunked?: boolean;
    },
  ): void;
  /**
   * Every download of the bot's files so far, oldest first: how many bytes the fake had written when the
   * response finished or the downloader dropped the connection, of how many.
   */
  downloads(token: string): FileDownload[];
  webhook(
    token: string,
  ): { url: string; secret_token?: string; allowed_updates?: string[]; max_connections?: number } | undefined;
  /**
   * Hands updates to the webhook the way the Bot API server does (telegram-bot-api's WebhookActor): up to the
   * webhook's max_connections requests at once, one at a time per chat in update_id order, and an update not
   * answered 2xx (an error status, a refused or dropped connection, a timeout) is sent again `retryMs` later
   * (default 100; Telegram waits longer) while the rest of its chat waits behind it. It keeps trying until the
   * fake closes. Returns the updates as queued (ids filled in). See `webhookDeliveries` for what happened.
   */
  queueWebhookUpdates(token: string, updates: object[], options?: { retryMs?: number }): { update_id: number }[];
  /** The webhook queue's tries so far (oldest first), the ids answered 2xx (in that order), and what is left. */
  webhookDeliveries(token: string): WebhookDeliveries;
  /** How many getUpdates requests are currently waiting (long polls) for this token. */
  activePolls(token: string): number;
  /**
   * Telegram down, for every token and method: `'badGateway'` answers 502 Bad Gateway (as the proxy in front of the
   * Bot API does), `'drop'` closes each connection before answering; `undefined` brings it back. Calls made while it
   * is down are not recorded (Telegram never saw them).
   */
  setOutage(kind: 'badGateway' | 'drop' | undefined): void;
  /**
   * Answers every call but getUpdates `ms` later (0: at once). The call takes effect before the wait, as a send
   * Telegram has done while its answer is still on the way: a caller that dies meanwhile sent it without knowing.
   */
  setLatency(ms: number): void;
  /** Calls received whose answer has not been written yet, oldest first. */
  inFlight(): RecordedCall[];
  close(): Promise<void>;
};

export type WebhookAttempt = {
  update_id: number;
  startedAt: number;
  endedAt: number;
  /** The receiver's HTTP status; null when no answer came (refused, reset, timed out). */
  status: number | null;
  error?: string;
};
export type WebhookDeliveries = {
  attempts: WebhookAttempt[];
  acknowledged: number[];
  /** Queued and not yet answered 2xx, in flight included. */
  waiting: number;
  inFlight: number;
};

// --- Limits (channel-apis.md §1.4) ---------------------------------------------------------------------------------

const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;
const MAX_CALLBACK_ANSWER = 200;
const MAX_CALLBACK_DATA_BYTES = 64;
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;
const MAX_POLL_TIMEOUT_S = 50;
const WEBHOOK_PORTS = new Set([443, 80, 88, 8443]);
const WEBHOOK_DELIVERY_TIMEOUT_MS = 10_000;
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
/** Update kinds a bot receives only when it lists them in allowed_updates (§1.5). */
const OFF_BY_DEFAULT = new Set(['message_reaction', 'message_reaction_count', 'chat_member']);
/** Params that form encodings carry as JSON strings. */
const JSON_PARAMS = new Set([
  'reply_markup',
  'allowed_updates',
  'reaction',
  'reply_parameters',
  'entities',
  'caption_entities',
  'link_preview_options',
  'media',
  'commands',
  'scope',
  'menu_button',
]);
/** The reactions a bot may set (ReactionTypeEmoji in the Bot API / grammY types), compared without U+FE0F. */
const REACTION_EMOJI = new Set(
  (
    '👍 👎 ❤ 🔥 🥰 👏 😁 🤔 🤯 😱 🤬 😢 🎉 🤩 🤮 💩 🙏 👌 🕊 🤡 🥱 🥴 😍 🐳 ❤‍🔥 🌚 🌭 💯 🤣 ⚡ 🍌 🏆 💔 🤨 😐 🍓 🍾 💋 🖕 😈 ' +
    '😴 😭 🤓 👻 👨‍💻 👀 🎃 🙈 😇 😨 🤝 ✍ 🤗 🫡 🎅 🎄 ☃ 💅 🤪 🗿 🆒 💘 🙉 🦄 😘 💊 🙊 😎 👾 🤷‍♂ 🤷 🤷‍♀ 😡'
  ).split(' '),
);

// --- Internal state -----------------------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}

const badRequest = (detail: string) => new ApiError(400, `Bad Request: ${detail}`);

type Json = Record<string, unknown>;
type Update = { update_id: number } & Json;
type Chat = { id: number; type: string } & Json;
type TgMessage = { message_id: number; date: number; chat: Chat; from?: Json; edit_date?: number } & Json;
type Part = { name: string; filename: string; contentType: string; bytes: Buffer };
type FileKind = 'photo' | 'document' | 'video' | 'audio' | 'voice' | 'sticker' | 'video_note' | 'animation';
type StoredFile = {
  file_id: string;
  file_unique_id: string;
  file_size: number;
  /** False when getFile omits file_size (a test's misstating file). */
  size_stated?: boolean;
  /** Served without Content-Length. */
  chunked?: boolean;
  file_path: string;
  /** Undefined for files the fake only saw in an update: their metadata is known but there is nothing to serve. */
  bytes?: Buffer;
  file_name?: string;
  mime_type?: string;
};
type Poll = { wake(): void; end(error: ApiError): void };
type Webhook = { url: string; secret_token?: string; allowed_updates?: string[]; max_connections: number };
type ChatState = { info?: Chat; lastMessageId: number; messages: Map<number, TgMessage> };
type Failure = { error: { error_code: number; description: string; retry_after?: number }; remaining: number };
type BotState = {
  bot: FakeBot;
  revoked: boolean;
  pending: Update[];
  lastUpdateId: number;
  /** Bot-wide like in TDS: set by getUpdates or setWebhook when given, kept otherwise. */
  allowedUpdates?: string[];
  webhook?: Webhook;
  lastWebhookError?: { date: number; message: string };
  polls: Set<Poll>;
  chats: Map<number, ChatState>;
  blocked: Set<number>;
  failures: Map<string, Failure[]>;
  files: Map<string, StoredFile>;
  filesByPath: Map<string, StoredFile>;
  downloads: FileDownload[];
  fileCounter: number;
};
type Outcome = { result: unknown; description?: string };
type Ctx = { state: BotState; params: Json; parts: Map<string, Part>; res?: ServerResponse };
type Handler = (ctx: Ctx) => Outcome | Promise<Outcome>;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const randomChars = (n: number) => Array.from(randomBytes(n), (b) => TOKEN_ALPHABET[b % 64]).join('');
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

// --- Param coercion (form encodings send everything as strings) ---------------------------------------------------

function intParam(params: Json, key: string): number | undefined {
  const v = params[key];
  if (typeof v === 'number' && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

function numberParam(params: Json, key: string): number | undefined {
  const v = params[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

function boolParam(params: Json, key: string): boolean {
  const v = params[key];
  return v === true || v === 'true' || v === '1' || v === 1;
}

function stringParam(params: Json, key: string): string | undefined {
  const v = params[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

function stringArrayParam(params: Json, key: string): string[] | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
    throw badRequest(`can't parse ${key} JSON array`);
  }
  return v;
}

function chatIdParam(params: Json): number {
  const raw = params.chat_id;
  if (raw === undefined || raw === '') throw badRequest('chat_id is empty');
  const id = intParam(params, 'chat_id');
  // "@channelusername" targets need a public channel, which the fake does not have.
  if (id === undefined || id === 0) throw badRequest('chat not found');
  return id;
}

// --- Formatting (parse_mode) --------------------------------------------------------------------------------------

const HTML_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'span',
  'tg-spoiler',
  'a',
  'code',
  'pre',
  'blockquote',
  'tg-emoji',
]);
const HTML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };
const byteOffset = (s: string, index: number) => Buffer.byteLength(s.slice(0, index));

function parseHtml(source: string): string {
  let out = '';
  let last = 0;
  for (const m of source.matchAll(/<(\/?)([^\s>/]*)[^>]*>|&([a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);|</g)) {
    const index = m.index;
    out += source.slice(last, index);
    last = index + m[0].length;
    if (m[0] === '<')
      throw badRequest(`can't parse entities: Unclosed start tag at byte offset ${byteOffset(source, index)}`);
    if (m[0].startsWith('<')) {
      const name = (m[2] ?? '').toLowerCase();
      if (!HTML_TAGS.has(name)) {
        const kind = m[1] ? 'end' : 'start';
        throw badRequest(
          `can't parse entities: Unsupported ${kind} tag "${name}" at byte offset ${byteOffset(source, index)}`,
        );
      }
      continue;
    }
    const entity = m[3] ?? '';
    if (entity.startsWith('#x')) out += String.fromCodePoint(parseInt(entity.slice(2), 16));
    else if (entity.startsWith('#')) out += String.fromCodePoint(parseInt(entity.slice(1), 10));
    else out += HTML_ENTITIES[entity.toLowerCase()] ?? m[0];
  }
  return out + source.slice(last);
}

function parseMarkdownV2(source: string): string {
  let out = '';
  const open = new Map<string, number>();
  const toggle = (marker: string, index: number) => {
    if (open.has(marker)) open.delete(marker);
    else open.set(marker, index);
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\\') {
      const next = source[i + 1];
      if (next !== undefined) out += next;
      i += 2;
      continue;
    }
    if (source.startsWith('```', i)) {
      if (open.has('```')) open.delete('```');
      else {
        open.set('```', i);
        const newline = source.indexOf('\n', i + 3);
        const close = source.indexOf('```', i + 3);
        if (newline !== -1 && (close === -1 || newline < close)) {
          i = newline + 1; // the language name is not part of the text
          continue;
        }
      }
      i += 3;
      continue;
    }
    if (open.has('```') || (open.has('`') && c !== '`')) {
      out += c;
      i += 1;
      continue;
    }
    if (source.startsWith('__', i) || source.startsWith('||', i)) {
      toggle(source.slice(i, i + 2), i);
      i += 2;
      continue;
    }
    if (c === '*' || c === '_' || c === '~' || c === '`') {
      toggle(c, i);
      i += 1;
      continue;
    }
    if (c === '[') {
      toggle('[', i);
      i += 1;
      continue;
    }
    if (c === ']' && open.has('[')) {
      open.delete('[');
      if (source[i + 1] === '(') {
        const close = source.indexOf(')', i + 2);
        if (close === -1) throw badRequest(`can't parse entities: Can't find end of a URL at byte offset ${i + 1}`);
        i = close + 1;
      } else i += 1;
      continue;
    }
    if (c === '!' && source[i + 1] === '[') {
      i += 1; // ![👍](tg://emoji?id=…), a custom emoji
      continue;
    }
    if (c === '>' && (i === 0 || source[i - 1] === '\n')) {
      i += 1; // a blockquote line
      continue;
    }
    if ('_*[]()~`>#+-=|{}.!'.includes(c)) {
      throw badRequest(
        `can't parse entities: Character '${c}' is reserved and must be escaped with the preceding '\\'`,
      );
    }
    out += c;
    i += 1;
  }
  const unclosed = [...open.values()].sort((a, b) => a - b)[0];
  if (unclosed !== undefined) {
    throw badRequest(
      `can't parse entities: Can't find end of the entity starting at byte offset ${byteOffset(source, unclosed)}`,
    );
  }
  return out;
}

function parseLegacyMarkdown(source: string): string {
  let out = '';
  let openAt: number | undefined;
  let marker = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (openAt === undefined && (c === '*' || c === '_' || c === '`')) {
      openAt = i;
      marker = c;
    } else if (openAt !== undefined && c === marker) openAt = undefined;
    else out += c;
  }
  if (openAt !== undefined) {
    throw badRequest(
      `can't parse entities: Can't find end of the entity starting at byte offset ${byteOffset(source, openAt)}`,
    );
  }
  return out;
}

function formatted(text: string, parseMode: string | undefined): string {
  switch ((parseMode ?? '').toLowerCase()) {
    case '':
      return text;
    case 'html':
      return parseHtml(text);
    case 'markdownv2':
      return parseMarkdownV2(text);
    case 'markdown':
      return parseLegacyMarkdown(text);
    default:
      throw badRequest(`unsupported parse_mode`);
  }
}

const codePoints = (s: string) => [...s].length;

// --- Reply markup -------------------------------------------------------------------------------------------------

const BUTTON_ACTIONS = [
  'url',
  'callback_data',
  'login_url',
  'web_app',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'copy_text',
  'callback_game',
  'pay',
];

/** Validates reply_markup; returns the inline keyboard to show on the Message (other markups are not echoed). */
function checkReplyMarkup(raw: unknown): Json | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) throw badRequest(`can't parse reply keyboard markup JSON object`);
  if (!('inline_keyboard' in raw)) return undefined;
  const rows = raw.inline_keyboard;
  if (!Array.isArray(rows)) throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array');
  for (const row of rows) {
    if (!Array.isArray(row)) throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array');
    for (const button of row) {
      if (!isObject(button) || typeof button.text !== 'string') {
        throw badRequest(`can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard`);
      }
      if (!BUTTON_ACTIONS.some((a) => button[a] !== undefined)) {
        throw badRequest('text buttons are unallowed in the inline keyboard');
      }
      if (button.callback_data !== undefined) {
        const data = button.callback_data;
        const bytes = typeof data === 'string' ? Buffer.byteLength(data) : 0;
        if (bytes < 1 || bytes > MAX_CALLBACK_DATA_BYTES) throw badRequest('BUTTON_DATA_INVALID');
      }
      if (button.url !== undefined && (typeof button.url !== 'string' || !/^(https?|tg):\/\/\S+$/i.test(button.url))) {
        throw badRequest('BUTTON_URL_INVALID');
      }
    }
  }
  return rows.some((row: unknown[]) => row.length > 0) ? { inline_keyboard: rows } : undefined;
}

// --- Files --------------------------------------------------------------------------------------------------------

const FILE_ID_PREFIX: Record<FileKind, string> = {
  photo: 'AgACAgIAAxkBAAI',
  document: 'BQACAgIAAxkBAAI',
  video: 'BAACAgIAAxkBAAI',
  audio: 'CQACAgIAAxkBAAI',
  voice: 'AwACAgIAAxkBAAI',
  sticker: 'CAACAgIAAxkBAAI',
  video_note: 'DQACAgIAAxkBAAI',
  animation: 'CgACAgIAAxkBAAI',
};
const FILE_DIR: Record<FileKind, [string, string]> = {
  photo: ['photos', '.jpg'],
  document: ['documents', ''],
  video: ['videos', '.mp4'],
  audio: ['music', '.mp3'],
  voice: ['voice', '.oga'],
  sticker: ['stickers', '.webp'],
  video_note: ['video_notes', '.mp4'],
  animation: ['animations', '.mp4'],
};
const MIME_BY_EXT: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/x-wav',
};

function mimeFor(filename: string, contentType: string, fallback: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  const byExt = ext ? MIME_BY_EXT[ext] : undefined;
  if (byExt) return byExt;
  return contentType && contentType !== 'application/octet-stream' ? contentType : fallback;
}

/** Width and height from a PNG or JPEG header, if the bytes are one. */
function imageSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length && bytes[i] === 0xff) {
      const marker = bytes[i + 1] as number;
      const length = bytes.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: bytes.readUInt16BE(i + 7), height: bytes.readUInt16BE(i + 5) };
      }
      i += 2 + length;
    }
  }
  return undefined;
}

/** Real file_ids start with a kind marker (AgAC… photo, BQAC… document, …); anything else counts as a document. */
function kindOfFileId(fileId: string): FileKind {
  const kind = (Object.keys(FILE_ID_PREFIX) as FileKind[]).find((k) =>
    fileId.startsWith(FILE_ID_PREFIX[k].slice(0, 4)),
  );
  return kind ?? 'document';
}

type InputFile = { stored: StoredFile; filename: string; contentType: string; reused: boolean };

// --- Updates ------------------------------------------------------------------------------------------------------

const updateKind = (update: Update) => Object.keys(update).find((k) => k !== 'update_id') ?? '';

function isAllowed(kind: string, allowed: string[] | undefined): boolean {
  return allowed && allowed.length > 0 ? allowed.includes(kind) : !OFF_BY_DEFAULT.has(kind);
}

const MESSAGE_KEYS = [
  'message',
  'edited_message',
  'channel_post',
  'edited_channel_post',
  'business_message',
  'edited_business_message',
];

// --- The server ---------------------------------------------------------------------------------------------------

export async function startFakeBotApi(): Promise<FakeBotApi> {
  const bots = new Map<string, BotState>();
  const recorded: RecordedCall[] = [];
  const waiters = new Set<(call: RecordedCall) => void>();
  let outage: 'badGateway' | 'drop' | undefined;
  let latencyMs = 0;
  const unanswered = new Set<RecordedCall>();

  function stateFor(token: string): BotState {
    const state = bots.get(token);
    if (!state) throw new Error(`fake Telegram: unknown token ${JSON.stringify(token)} (call addBot first)`);
    return state;
  }

  function chatState(state: BotState, chatId: number): ChatState {
    let chat = state.chats.get(chatId);
    if (!chat) {
      chat = { lastMessageId: 0, messages: new Map() };
      state.chats.set(chatId, chat);
    }
    return chat;
  }

  const botUser = (bot: FakeBot) => ({ id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username });

  function chatObject(state: BotState, chatId: number): Chat {
    const known = state.chats.get(chatId)?.info;
    if (known) return { ...known };
    const type = chatId > 0 ? 'private' : String(chatId).startsWith('-100') ? 'supergroup' : 'group';
    return { id: chatId, type };
  }

  function registerFile(state: BotState, kind: FileKind, init: Partial<StoredFile> & { bytes?: Buffer }): StoredFile {
    state.fileCounter += 1;
    const [dir, ext] = FILE_DIR[kind];
    const nameExt = kind === 'document' ? (/\.[a-z0-9]+$/i.exec(init.file_name ?? '')?.[0] ?? '') : ext;
    const file: StoredFile = {
      file_id: init.file_id ?? `${FILE_ID_PREFIX[kind]}${randomChars(48)}`,
      file_unique_id: init.file_unique_id ?? `AQAD${randomChars(12)}`,
      file_size: init.file_size ?? init.bytes?.length ?? 0,
      file_path: init.file_path ?? `${dir}/file_${state.fileCounter}${nameExt}`,
      ...(init.size_stated === false ? { size_stated: false } : {}),
      ...(init.chunked ? { chunked: true } : {}),
      ...(init.bytes ? { bytes: init.bytes } : {}),
      ...(init.file_name ? { file_name: init.file_name } : {}),
      ...(init.mime_type ? { mime_type: init.mime_type } : {}),
    };
    state.files.set(file.file_id, file);
    state.filesByPath.set(file.file_path, file);
    return file;
  }

  /** What the fake learns from an update it hands out: chats, message ids, and file ids the bot may now reuse. */
  function learn(state: BotState, update: Update) {
    state.lastUpdateId = Math.max(state.lastUpdateId, update.update_id);
    const messages: unknown[] = MESSAGE_KEYS.map((k) => update[k]);
    if (isObject(update.callback_query)) messages.push(update.callback_query.message);
    for (const m of messages) {
      if (!isObject(m) || !isObject(m.chat) || typeof m.chat.id !== 'number' || typeof m.message_id !== 'number') {
        continue;
      }
      const message = m as TgMessage;
      const chat = chatState(state, message.chat.id);
      if (message.chat.type === 'private' && message.chat.first_name) chat.info = { ...message.chat };
      chat.lastMessageId = Math.max(chat.lastMessageId, message.message_id);
      if (message.date !== 0) chat.messages.set(message.message_id, message);
      const files: [FileKind, unknown][] = [
        ...(Array.isArray(message.photo) ? message.photo.map((p): [FileKind, unknown] => ['photo', p]) : []),
        ...(['document', 'video', 'audio', 'voice', 'sticker', 'video_note', 'animation'] as const).map(
          (k): [FileKind, unknown] => [k, message[k]],
        ),
      ];
      for (const [kind, f] of files) {
        if (!isObject(f) || typeof f.file_id !== 'string' || state.files.has(f.file_id)) continue;
        registerFile(state, kind, {
          file_id: f.file_id,
          file_unique_id: typeof f.file_unique_id === 'string' ? f.file_unique_id : undefined,
          file_size: typeof f.file_size === 'number' ? f.file_size : 0,
          file_name: typeof f.file_name === 'string' ? f.file_name : undefined,
          mime_type: typeof f.mime_type === 'string' ? f.mime_type : undefined,
        });
      }
    }
  }

  function normalizeUpdate(state: BotState, update: object): Update {
    const u = { ...(update as Json) };
    if (typeof u.update_id !== 'number') u.update_id = nextUpdateId(state.bot.token);
    return u as Update;
  }

  function nextUpdateId(token: string): number {
    const state = stateFor(token);
    state.lastUpdateId += 1;
    return state.lastUpdateId;
  }

  function endPolls(state: BotState, error: ApiError) {
    for (const poll of [...state.polls]) poll.end(error);
  }

  // --- Messages ---

  function sendMessageObject(state: BotState, chatId: number, params: Json, content: Json): TgMessage {
    const markup = checkReplyMarkup(params.reply_markup);
    const chat = chatState(state, chatId);
    chat.lastMessageId += 1;
    const message: TgMessage = {
      message_id: chat.lastMessageId,
      from: botUser(state.bot),
      chat: chatObject(state, chatId),
      date: nowSeconds(),
      ...replyTo(chat, params),
      ...content,
      ...(markup ? { reply_markup: markup } : {}),
    };
    chat.messages.set(message.message_id, message);
    return structuredClone(message);
  }

  function replyTo(chat: ChatState, params: Json): Json {
    const reply = isObject(params.reply_parameters) ? params.reply_parameters : undefined;
    const id = reply ? intParam(reply, 'message_id') : intParam(params, 'reply_to_message_id');
    const target = id === undefined ? undefined : chat.messages.get(id);
    if (!target) return {};
    const { reply_to_message: _nested, ...flat } = target;
    return { reply_to_message: structuredClone(flat) };
  }

  function textContent(params: Json, key: 'text' | 'caption'): Json {
    const raw = stringParam(params, key);
    if (key === 'caption' && (raw === undefined || raw === '')) return {};
    const text = formatted(raw ?? '', stringParam(params, 'parse_mode'));
    if (key === 'text') {
      if (text.trim() === '') throw badRequest('message text is empty');
      if (codePoints(text) > MAX_TEXT) throw badRequest('message is too long');
    } else if (codePoints(text) > MAX_CAPTION) throw badRequest('message caption is too long');
    return text.trim() === '' ? {} : { [key]: text };
  }

  function inputFile(ctx: Ctx, field: string, kind: FileKind): InputFile {
    const value = ctx.params[field];
    let part: Part | undefined;
    if (typeof value === 'string' && value.startsWith('attach://')) {
      part = ctx.parts.get(value.slice('attach://'.length));
      if (!part) throw badRequest('wrong file identifier/HTTP URL specified');
    } else if (value === undefined) {
      part = ctx.parts.get(field);
      if (!part) throw badRequest(`there is no ${field} in the request`);
    }
    if (part) {
      if (part.bytes.length === 0) throw badRequest('file must be non-empty');
      const stored = registerFile(ctx.state, kind, {
        bytes: part.bytes,
        file_name: part.filename,
        mime_type: mimeFor(part.filename, part.contentType, 'application/octet-stream'),
      });
      return { stored, filename: part.filename, contentType: part.contentType, reused: false };
    }
    if (typeof value !== 'string' || value === '') throw badRequest(`there is no ${field} in the request`);
    const known = ctx.state.files.get(value);
    if (known) {
      return {
        stored: known,
        filename: known.file_name ?? '',
        contentType: known.mime_type ?? 'application/octet-stream',
        reused: true,
      };
    }
    if (/^https?:\/\//i.test(value)) {
      // Telegram would fetch the URL; the fake must not leave the machine, so it stores an empty placeholder.
      const filename = decodeURIComponent(new URL(value).pathname.split('/').pop() ?? '') || `${kind}.dat`;
      const stored = registerFile(ctx.state, kind, { bytes: Buffer.alloc(0), file_name: filename });
      return { stored, filename, contentType: 'application/octet-stream', reused: false };
    }
    throw badRequest('wrong file identifier/HTTP URL specified');
  }

  const fileRef = (f: StoredFile) => ({ file_id: f.file_id, file_unique_id: f.file_unique_id });

  function mediaContent(ctx: Ctx, kind: 'photo' | 'document' | 'video' | 'audio' | 'voice' | 'sticker'): Json {
    const input = inputFile(ctx, kind, kind);
    const { stored } = input;
    const p = ctx.params;
    const name = stored.file_name ?? input.filename;
    const size = { file_size: stored.file_size };
    switch (kind) {
      case 'photo': {
        const dims = (stored.bytes && imageSize(stored.bytes)) ?? { width: 800, height: 600 };
        const scale = (max: number) => Math.min(1, max / Math.max(dims.width, dims.height));
        const sized = (max: number) => ({
          width: Math.max(1, Math.round(dims.width * scale(max))),
          height: Math.max(1, Math.round(dims.height * scale(max))),
        });
        const sizes: Json[] = [];
        if (!input.reused && Math.max(dims.width, dims.height) > 90) {
          // A thumbnail sibling, as Telegram returns; the fake serves it the original bytes.
          const thumb = registerFile(ctx.state, 'photo', { ...(stored.bytes ? { bytes: stored.bytes } : {}) });
          sizes.push({ ...fileRef(thumb), file_size: thumb.file_size, ...sized(90) });
        }
        sizes.push({ ...fileRef(stored), ...size, ...sized(1280) });
        return { photo: sizes };
      }
      case 'document':
        return {
          document: {
            ...(name ? { file_name: name } : {}),
            mime_type: stored.mime_type ?? mimeFor(name, input.contentType, 'application/octet-stream'),
            ...fileRef(stored),
            ...size,
          },
        };
      case 'video':
        return {
          video: {
            ...fileRef(stored),
            width: intParam(p, 'width') ?? 0,
            height: intParam(p, 'height') ?? 0,
            duration: intParam(p, 'duration') ?? 0,
            ...(name ? { file_name: name } : {}),
            mime_type: mimeFor(name, input.contentType, 'video/mp4'),
            ...size,
          },
        };
      case 'audio':
        return {
          audio: {
            ...fileRef(stored),
            duration: intParam(p, 'duration') ?? 0,
            ...(stringParam(p, 'performer') ? { performer: stringParam(p, 'performer') } : {}),
            ...(stringParam(p, 'title') ? { title: stringParam(p, 'title') } : {}),
            ...(name ? { file_name: name } : {}),
            mime_type: mimeFor(name, input.contentType, 'audio/mpeg'),
            ...size,
          },
        };
      case 'voice':
        return {
          voice: {
            ...fileRef(stored),
            duration: intParam(p, 'duration') ?? 0,
            mime_type: mimeFor(name, input.contentType, 'audio/ogg'),
            ...size,
          },
        };
      case 'sticker':
        return {
          sticker: {
            ...fileRef(stored),
            type: 'regular',
            width: 512,
            height: 512,
            is_animated: false,
            is_video: false,
            ...(stringParam(p, 'emoji') ? { emoji: stringParam(p, 'emoji') } : {}),
            ...size,
          },
        };
    }
  }

  const sendMedia =
    (kind: 'photo' | 'document' | 'video' | 'audio' | 'voice' | 'sticker'): Handler =>
    (ctx) => {
      const chatId = chatIdParam(ctx.params);
      const content = { ...mediaContent(ctx, kind), ...(kind === 'sticker' ? {} : textContent(ctx.params, 'caption')) };
      return { result: sendMessageObject(ctx.state, chatId, ctx.params, content) };
    };

  /** The bot's own message addressed by chat_id + message_id, for edits. */
  function ownMessage(ctx: Ctx, notFound: string): TgMessage | undefined {
    if (ctx.params.inline_message_id !== undefined) return undefined;
    const chatId = chatIdParam(ctx.params);
    const messageId = intParam(ctx.params, 'message_id');
    if (messageId === undefined) throw badRequest('message identifier is not specified');
    const message = ctx.state.chats.get(chatId)?.messages.get(messageId);
    if (!message) throw badRequest(notFound);
    if (message.from?.id !== ctx.state.bot.id) throw badRequest("message can't be edited");
    return message;
  }

  function applyEdit(ctx: Ctx, message: TgMessage, change: Json): Outcome {
    const markup = checkReplyMarkup(ctx.params.reply_markup);
    const next: TgMessage = { ...message, ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete next[key];
    delete next.reply_markup;
    if (markup) next.reply_markup = markup;
    const same = (a: TgMessage) =>
      JSON.stringify([a.text, a.caption, a.reply_markup ?? null]) ===
      JSON.stringify([next.text, next.caption, next.reply_markup ?? null]);
    if (same(message)) {
      throw badRequest(
        'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      );
    }
    next.edit_date = nowSeconds();
    chatState(ctx.state, message.chat.id).messages.set(message.message_id, next);
    return { result: structuredClone(next) };
  }

  // --- Methods ---

  const ok = (result: unknown = true, description?: string): Outcome =>
    description === undefined ? { result } : { result, description };

  const methods: Record<string, Handler> = {
    getme: ({ state }) =>
      ok({
        ...botUser(state.bot),
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
      }),

    getupdates: (ctx) => getUpdates(ctx),

    setwebhook: ({ state, params }) => {
      const url = stringParam(params, 'url') ?? '';
      const drop = boolParam(params, 'drop_pending_updates');
      if (url === '') return removeWebhook(state, drop);
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw badRequest('bad webhook: Wrong URL host');
      }
      if (parsed.protocol === 'http:' && !isLoopback(parsed.hostname)) {
        throw badRequest('bad webhook: HTTPS url must be provided for webhook');
      } else if (parsed.protocol === 'https:') {
        const port = parsed.port === '' ? 443 : Number(parsed.port);
        if (!WEBHOOK_PORTS.has(port) && !isLoopback(parsed.hostname)) {
          throw badRequest('bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443');
        }
      } else if (parsed.protocol !== 'http:') {
        throw badRequest('bad webhook: HTTPS url must be provided for webhook');
      }
      const secret = stringParam(params, 'secret_token') ?? '';
      if (secret !== '' && !SECRET_TOKEN.test(secret)) {
        throw badRequest('secret token contains unallowed characters');
      }
      const allowed = stringArrayParam(params, 'allowed_updates');
      const max = Math.min(100, Math.max(1, intParam(params, 'max_connections') ?? 40));
      const next: Webhook = {
        url,
        max_connections: max,
        ...(secret ? { secret_token: secret } : {}),
      };
      if (allowed) state.allowedUpdates = allowed;
      if (state.allowedUpdates?.length) next.allowed_updates = state.allowedUpdates;
      if (drop) state.pending = [];
      endPolls(state, new ApiError(409, 'Conflict: terminated by setWebhook request'));
      const unchanged = state.webhook && JSON.stringify(state.webhook) === JSON.stringify(next);
      state.webhook = next;
      if (!unchanged) delete state.lastWebhookError;
      return ok(true, unchanged ? 'Webhook is already set' : 'Webhook was set');
    },

    deletewebhook: ({ state, params }) => removeWebhook(state, boolParam(params, 'drop_pending_updates')),

    getwebhookinfo: ({ state }) => {
      const hook = state.webhook;
      return ok({
        url: hook?.url ?? '',
        has_custom_certificate: false,
        pending_update_count: state.pending.length,
        ...(hook && state.lastWebhookError
          ? { last_error_date: state.lastWebhookError.date, last_error_message: state.lastWebhookError.message }
          : {}),
        ...(hook ? { max_connections: hook.max_connections } : {}),
        ...(hook?.allowed_updates ? { allowed_updates: hook.allowed_updates } : {}),
      });
    },

    sendmessage: ({ state, params }) => {
      const chatId = chatIdParam(params);
      return ok(sendMessageObject(state, chatId, params, textContent(params, 'text')));
    },
    sendphoto: sendMedia('photo'),
    senddocument: sendMedia('document'),
    sendvideo: sendMedia('video'),
    sendaudio: sendMedia('audio'),
    sendvoice: sendMedia('voice'),
    sendsticker: sendMedia('sticker'),
    sendlocation: ({ state, params }) => {
      const chatId = chatIdParam(params);
      const latitude = numberParam(params, 'latitude');
      const longitude = numberParam(params, 'longitude');
      if (latitude === undefined || Math.abs(latitude) > 90) throw badRequest('wrong latitude specified');
      if (longitude === undefined || Math.abs(longitude) > 180) throw badRequest('wrong longitude specified');
      return ok(sendMessageObject(state, chatId, params, { location: { latitude, longitude } }));
    },
    sendchataction: ({ params }) => {
      chatIdParam(params);
      if (!stringParam(params, 'action')) throw badRequest('action is empty');
      return ok();
    },

    getfile: ({ state, params }) => {
      const fileId = stringParam(params, 'file_id') ?? '';
      const file = state.files.get(fileId);
      if (!file) throw badRequest('invalid file_id');
      if (file.size_stated !== false && file.file_size > MAX_DOWNLOAD_BYTES) throw badRequest('file is too big');
      return ok({
        file_id: fileId,
        file_unique_id: file.file_unique_id,
        ...(file.size_stated === false ? {} : { file_size: file.file_size }),
        file_path: file.file_path,
      });
    },

    answercallbackquery: ({ params }) => {
      if (!stringParam(params, 'callback_query_id')) {
        throw badRequest('query is too old and response timeout expired or query ID is invalid');
      }
      const text = stringParam(params, 'text') ?? '';
      if (codePoints(text) > MAX_CALLBACK_ANSWER) throw badRequest('MESSAGE_TOO_LONG');
      return ok();
    },

    setmessagereaction: ({ params }) => {
      chatIdParam(params);
      if (intParam(params, 'message_id') === undefined) throw badRequest('message identifier is not specified');
      const reaction = params.reaction ?? [];
      if (!Array.isArray(reaction)) throw badRequest(`can't parse reaction types JSON object`);
      if (reaction.length > 1) throw badRequest('REACTIONS_TOO_MANY');
      for (const r of reaction) {
        if (!isObject(r)) throw badRequest(`can't parse reaction types JSON object`);
        if (r.type === 'emoji') {
          const emoji = typeof r.emoji === 'string' ? r.emoji.replace(/\uFE0F/g, '') : '';
          if (!REACTION_EMOJI.has(emoji)) throw badRequest('REACTION_INVALID');
        } else if (r.type !== 'custom_emoji' && r.type !== 'paid') {
          throw badRequest('REACTION_INVALID');
        }
      }
      return ok();
    },

    editmessagetext: (ctx) => {
      const message = ownMessage(ctx, 'message to edit not found');
      const content = textContent(ctx.params, 'text');
      if (!message) return ok();
      if (message.text === undefined) throw badRequest('there is no text in the message to edit');
      return applyEdit(ctx, message, content);
    },
    editmessagecaption: (ctx) => {
      const message = ownMessage(ctx, 'message to edit not found');
      const content = textContent(ctx.params, 'caption');
      if (!message) return ok();
      if (message.text !== undefined || message.location !== undefined) {
        throw badRequest('there is no caption in the message to edit');
      }
      return applyEdit(ctx, message, { caption: undefined, ...content });
    },
    editmessagereplymarkup: (ctx) => {
      const message = ownMessage(ctx, 'message to edit not found');
      if (!message) return ok();
      return applyEdit(ctx, message, {});
    },
    deletemessage: ({ state, params }) => {
      const chatId = chatIdParam(params);
      const messageId = intParam(params, 'message_id');
      const chat = state.chats.get(chatId);
      if (messageId === undefined || !chat?.messages.delete(messageId)) {
        throw badRequest('message to delete not found');
      }
      return ok();
    },

    setmycommands: () => ok(),
    deletemycommands: () => ok(),
    getmycommands: () => ok([]),
    setmydescription: () => ok(),
    setmyshortdescription: () => ok(),
    setmyname: () => ok(),
    setchatmenubutton: () => ok(),
  };

  function removeWebhook(state: BotState, drop: boolean): Outcome {
    if (drop) state.pending = [];
    if (!state.webhook) return ok(true, 'Webhook is already deleted');
    delete state.webhook;
    delete state.lastWebhookError;
    return ok(true, 'Webhook was deleted');
  }

  function getUpdates(ctx: Ctx): Outcome | Promise<Outcome> {
    const { state, params } = ctx;
    if (state.webhook) {
      throw new ApiError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    const offset = intParam(params, 'offset') ?? 0;
    const rawLimit = intParam(params, 'limit') ?? 100;
    const limit = rawLimit < 1 || rawLimit > 100 ? 100 : rawLimit;
    const timeout = Math.min(MAX_POLL_TIMEOUT_S, Math.max(0, intParam(params, 'timeout') ?? 0));
    const allowed = stringArrayParam(params, 'allowed_updates');
    if (allowed) state.allowedUpdates = allowed;

    endPolls(
      state,
      new ApiError(
        409,
        'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      ),
    );

    // offset = last+1 confirms (deletes) every lower id; -N keeps only the newest N (§1.4).
    if (offset > 0) state.pending = state.pending.filter((u) => u.update_id >= offset);
    else if (offset < 0) state.pending = state.pending.slice(offset);

    const take = (): Update[] => {
      // Kinds the bot did not ask for are dropped, as Telegram never stores them for this bot.
      state.pending = state.pending.filter((u) => isAllowed(updateKind(u), state.allowedUpdates));
      return state.pending.slice(0, limit).map((u) => structuredClone(u));
    };
    const ready = take();
    if (ready.length > 0 || timeout === 0) return ok(ready);

    return new Promise<Outcome>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        state.polls.delete(poll);
      };
      const poll: Poll = {
        wake() {
          const updates = take();
          if (updates.length === 0) return;
          finish();
          resolve(ok(updates));
        },
        end(error) {
          finish();
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        finish();
        resolve(ok([]));
      }, timeout * 1000);
      state.polls.add(poll);
      // A client that gives up (aborts, disconnects) no longer counts as a poller.
      ctx.res?.on('close', () => {
        if (state.polls.has(poll)) finish();
      });
    });
  }

  // --- Dispatch ---

  async function invoke(call: RecordedCall, parts: Map<string, Part>, res?: ServerResponse): Promise<Outcome> {
    const state = bots.get(call.token);
    // api.telegram.org answers 404 for a token it does not know; a revoked one gets 401 (§1.2).
    if (!state) throw new ApiError(404, 'Not Found');
    if (state.revoked) throw new ApiError(401, 'Unauthorized');

    const queue = state.failures.get(call.method);
    const failure = queue?.[0];
    if (queue && failure) {
      failure.remaining -= 1;
      if (failure.remaining <= 0) queue.shift();
      const { error_code, description, retry_after } = failure.error;
      const retry =
        error_code === 429 ? (retry_after ?? Number(/retry after (\d+)/.exec(description)?.[1] ?? 1)) : undefined;
      throw new ApiError(error_code, description, retry === undefined ? undefined : { retry_after: retry });
    }

    const handler = methods[call.method];
    if (!handler) throw new ApiError(404, 'Not Found: method not found');

    const targetsChat = /^(send|edit|copy|forward)/.test(call.method) || call.method === 'setmessagereaction';
    if (targetsChat && state.blocked.has(intParam(call.params, 'chat_id') ?? NaN)) {
      throw new ApiError(403, 'Forbidden: bot was blocked by the user');
    }
    return handler({ state, params: call.params, parts, ...(res ? { res } : {}) });
  }

  function record(call: RecordedCall) {
    recorded.push(call);
    for (const waiter of [...waiters]) waiter(call);
  }

  // --- HTTP ---

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      reply(res, 500, { ok: false, error_code: 500, description: `Internal Server Error: ${message}` });
    });
  });

  function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    if (res.writableEnded || res.destroyed) return;
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  }

  function replyError(res: ServerResponse, error: ApiError) {
    const retry = error.parameters?.retry_after;
    reply(
      res,
      error.errorCode,
      {
        ok: false,
        error_code: error.errorCode,
        description: error.description,
        ...(error.parameters ? { parameters: error.parameters } : {}),
      },
      typeof retry === 'number' ? { 'retry-after': String(retry) } : {},
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (download) return serveFile(res, decodeURIComponent(download[1] ?? ''), decodeURIComponent(download[2] ?? ''));

    if (outage === 'drop') return void req.socket.destroy();
    if (outage === 'badGateway') return replyError(res, new ApiError(502, 'Bad Gateway'));
    const route = /^\/bot([^/]*)\/([^/]*)$/.exec(url.pathname);
    if (!route) return replyError(res, new ApiError(404, 'Not Found'));
    const token = decodeURIComponent(route[1] ?? '');
    const method = decodeURIComponent(route[2] ?? '').toLowerCase();

    let body: { params: Json; parts: Part[] };
    try {
      body = await readParams(req, url);
    } catch (error) {
      return replyError(res, error instanceof ApiError ? error : badRequest(String(error)));
    }
    const parts = new Map(body.parts.map((p) => [p.name, p]));
    const attachedTo = new Map<string, string>();
    for (const [key, value] of Object.entries(body.params)) {
      if (typeof value === 'string' && value.startsWith('attach://')) attachedTo.set(value.slice(9), key);
    }
    const call: RecordedCall = {
      token,
      method,
      params: body.params,
      files: body.parts.map((p) => ({
        field: attachedTo.get(p.name) ?? p.name,
        filename: p.filename,
        contentType: p.contentType,
        bytes: p.bytes,
      })),
      at: Date.now(),
    };
    record(call);

    unanswered.add(call);
    try {
      const outcome = await invoke(call, parts, res);
      if (latencyMs > 0 && method !== 'getupdates') await new Promise((r) => setTimeout(r, latencyMs));
      reply(res, 200, {
        ok: true,
        result: outcome.result,
        ...(outcome.description ? { description: outcome.description } : {}),
      });
    } catch (error) {
      if (error instanceof ApiError) replyError(res, error);
      else throw error;
    } finally {
      unanswered.delete(call);
    }
  }

  function serveFile(res: ServerResponse, token: string, filePath: string) {
    const state = bots.get(token);
    if (!state) return replyError(res, new ApiError(404, 'Not Found'));
    if (state.revoked) return replyError(res, new ApiError(401, 'Unauthorized'));
    const file = state.filesByPath.get(filePath);
    if (!file?.bytes) return replyError(res, new ApiError(404, 'Not Found'));
    const bytes = file.bytes;
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      ...(file.chunked ? {} : { 'content-length': String(bytes.length) }),
    });
    const download: FileDownload = { file_path: filePath, size: bytes.length, bytesSent: 0, state: 'open' };
    state.downloads.push(download);
    res.on('close', () => {
      if (download.state === 'open') download.state = res.writableFinished ? 'complete' : 'aborted';
    });
    // Written chunk by chunk, each after the reader took the previous one (backpressure), so bytesSent tells how
    // far a reader that stops early let the file come.
    const CHUNK = 64 * 1024;
    const writeFrom = (offset: number) => {
      let at = offset;
      while (at < bytes.length) {
        if (res.destroyed) return;
        const chunk = bytes.subarray(at, at + CHUNK);
        at += chunk.length;
        download.bytesSent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', () => writeFrom(at));
          return;
        }
      }
      res.end();
    };
    writeFrom(0);
  }

  async function readParams(req: IncomingMessage, url: URL): Promise<{ params: Json; parts: Part[] }> {
    const params: Json = Object.fromEntries(url.searchParams);
    const contentType = (req.headers['content-type'] ?? '').toLowerCase();
    let parts: Part[] = [];
    if (contentType.startsWith('multipart/form-data')) {
      const multipart = await readMultipart(req);
      Object.assign(params, multipart.fields);
      parts = multipart.parts;
    } else {
      const raw = await readBody(req);
      if (contentType.startsWith('application/json') && raw.length > 0) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest("can't parse JSON object");
        }
        if (!isObject(parsed)) throw badRequest("can't parse JSON object");
        Object.assign(params, parsed);
      } else if (contentType.startsWith('application/x-www-form-urlencoded')) {
        Object.assign(params, Object.fromEntries(new URLSearchParams(raw.toString('utf8'))));
      }
    }
    for (const key of Object.keys(params)) {
      const value = params[key];
      if (JSON_PARAMS.has(key) && typeof value === 'string' && /^\s*[[{]/.test(value)) {
        try {
          params[key] = JSON.parse(value);
        } catch {
          // Left as a string: the method's own validation answers with Telegram's error for it.
        }
      }
    }
    return { params, parts };
  }

  function readBody(req: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  }

  function readMultipart(req: IncomingMessage): Promise<{ fields: Json; parts: Part[] }> {
    return new Promise((resolve, reject) => {
      const fields: Json = {};
      const files: Promise<Part>[] = [];
      let tooLarge = false;
      const bb = Busboy({
        headers: req.headers as BusboyHeaders,
        limits: { fieldSize: MAX_UPLOAD_BYTES, fileSize: MAX_UPLOAD_BYTES },
      });
      bb.on('field', (name, value) => {
        fields[name] = value;
      });
      bb.on('file', (name, stream, filename, _encoding, mimeType) => {
        files.push(
          new Promise<Part>((done, fail) => {
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c));
            stream.on('limit', () => {
              tooLarge = true;
            });
            stream.on('error', fail);
            stream.on('end', () =>
              done({ name, filename: filename ?? '', contentType: mimeType, bytes: Buffer.concat(chunks) }),
            );
          }),
        );
      });
      bb.on('error', reject);
      bb.on('finish', () => {
        Promise.all(files).then((parts) => {
          if (tooLarge) reject(new ApiError(413, 'Request Entity Too Large'));
          else resolve({ fields, parts });
        }, reject);
      });
      req.pipe(bb);
    });
  }

  // --- Webhook delivery ---

  async function postToWebhook(state: BotState, update: Update, secret: string | null | undefined) {
    const hook = state.webhook;
    if (!hook) throw new Error(`fake Telegram: no webhook is set for @${state.bot.username}`);
    const target = new URL(hook.url);
    if (!isLoopback(target.hostname)) {
      throw new Error(`fake Telegram: refusing to deliver to ${hook.url}; webhooks are only delivered on loopback`);
    }
    const header = secret === undefined ? hook.secret_token : (secret ?? undefined);
    const body = JSON.stringify(update);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = send(
        target,
        {
          method: 'POST',
          agent: false,
          rejectUnauthorized: false,
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            ...(header ? { 'x-telegram-bot-api-secret-token': header } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.setTimeout(WEBHOOK_DELIVERY_TIMEOUT_MS, () => req.destroy(new Error('Timeout expired')));
      req.on('error', (error) => {
        state.lastWebhookError = { date: nowSeconds(), message: error.message };
        reject(new Error(`fake Telegram: webhook ${hook.url} could not be reached: ${error.message}`));
      });
      req.end(body);
    });
    if (answer.status < 200 || answer.status > 299) {
      state.lastWebhookError = { date: nowSeconds(), message: `Wrong response from the webhook: ${answer.status}` };
    } else {
      await runWebhookReply(state, answer.body);
    }
    return answer;
  }

  /** A 2xx body like {"method":"sendMessage",…} is executed; its result goes nowhere (§1.6). */
  async function runWebhookReply(state: BotState, body: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return;
    }
    if (!isObject(parsed) || typeof parsed.method !== 'string') return;
    const { method, ...params } = parsed;
    const call: RecordedCall = {
      token: state.bot.token,
      method: method.toLowerCase(),
      params,
      files: [],
      at: Date.now(),
    };
    record(call);
    await invoke(call, new Map()).catch(() => undefined);
  }

  // --- Webhook queue (queueWebhookUpdates) ---

  type HookQueue = {
    chats: Map<string, Update[]>;
    busy: Set<string>;
    inFlight: number;
    retryMs: number;
    attempts: WebhookAttempt[];
    acknowledged: number[];
  };
  const hookQueues = new Map<string, HookQueue>();

  /** telegram-bot-api's queue id: the chat (or the user, for a callback without its message), else the update. */
  function hookChatOf(update: Update): string {
    for (const key of [...MESSAGE_KEYS, 'message_reaction']) {
      const m = update[key];
      if (isObject(m) && isObject(m.chat) && typeof m.chat.id === 'number') return `chat:${m.chat.id}`;
    }
    const callback = update.callback_query;
    if (isObject(callback)) {
      if (isObject(callback.message) && isObject(callback.message.chat))
        return `chat:${String(callback.message.chat.id)}`;
      if (isObject(callback.from)) return `chat:${String(callback.from.id)}`;
    }
    return `update:${update.update_id}`;
  }

  function pumpWebhook(state: BotState, q: HookQueue) {
    if (!server.listening) return; // closed: the queue stops with the fake
    const max = state.webhook?.max_connections ?? 40;
    for (const [chat, updates] of q.chats) {
      if (q.inFlight >= max) return;
      const update = updates[0];
      if (!update || q.busy.has(chat)) continue;
      q.busy.add(chat);
      q.inFlight += 1;
      const startedAt = Date.now();
      void postToWebhook(state, update, undefined)
        .then(
          (answer): Pick<WebhookAttempt, 'status' | 'error'> => ({ status: answer.status }),
          (error: Error): Pick<WebhookAttempt, 'status' | 'error'> => ({ status: null, error: error.message }),
        )
        .then((outcome) => {
          q.inFlight -= 1;
          q.attempts.push({ update_id: update.update_id, startedAt, endedAt: Date.now(), ...outcome });
          const release = () => {
            q.busy.delete(chat);
            pumpWebhook(state, q);
          };
          if (outcome.status !== null && outcome.status >= 200 && outcome.status <= 299) {
            updates.shift();
            q.acknowledged.push(update.update_id);
            if (!updates.length) q.chats.delete(chat);
            release();
          } else {
            // Not acknowledged: the same update again later, and its chat's next ones only after it.
            setTimeout(release, q.retryMs).unref();
            pumpWebhook(state, q);
          }
        });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,

    addBot(bot = {}) {
      const id = bot.id ?? Number(/^(\d+):/.exec(bot.token ?? '')?.[1] ?? randomInt(1_000_000_000, 8_999_999_999));
      const full: FakeBot = {
        id,
        token: bot.token ?? `${id}:AA${randomChars(33)}`,
        username: bot.username ?? 'kree_test_bot',
        first_name: bot.first_name ?? 'Kree Test Bot',
      };
      if (bots.has(full.token)) throw new Error(`fake Telegram: token ${full.token} is already registered`);
      bots.set(full.token, {
        bot: full,
        revoked: false,
        pending: [],
        lastUpdateId: randomInt(100_000_000, 800_000_000),
        polls: new Set(),
        chats: new Map(),
        blocked: new Set(),
        failures: new Map(),
        files: new Map(),
        filesByPath: new Map(),
        downloads: [],
        fileCounter: 0,
      });
      return { ...full };
    },

    revoke(token) {
      const state = stateFor(token);
      state.revoked = true;
      endPolls(state, new ApiError(401, 'Unauthorized'));
    },

    async pushUpdate(token, update) {
      const state = stateFor(token);
      const u = normalizeUpdate(state, update);
      learn(state, u);
      if (state.webhook) {
        if (!isAllowed(updateKind(u), state.allowedUpdates)) return undefined;
        return (await postToWebhook(state, u, undefined)).status;
      }
      const at = state.pending.findIndex((p) => p.update_id > u.update_id);
      if (at === -1) state.pending.push(u);
      else state.pending.splice(at, 0, u);
      for (const poll of [...state.polls]) poll.wake();
      return undefined;
    },

    deliverToWebhook(token, update, options = {}) {
      const state = stateFor(token);
      const u = normalizeUpdate(state, update);
      learn(state, u);
      return postToWebhook(state, u, options.secret);
    },

    nextUpdateId,

    calls(token, method) {
      const wanted = method?.toLowerCase();
      return recorded.filter(
        (c) =>
          (token === undefined || c.token === token) &&
          (wanted === undefined ? c.method !== 'getupdates' && c.method !== 'getme' : c.method === wanted),
      );
    },

    waitForCall(token, method, predicate = () => true, timeoutMs = 5000) {
      const wanted = method.toLowerCase();
      const matches = (c: RecordedCall) => {
        try {
          return c.token === token && c.method === wanted && predicate(c);
        } catch {
          return false; // a predicate that trips over an unrelated call's params simply does not match it
        }
      };
      const already = recorded.find(matches);
      if (already) return Promise.resolve(already);
      return new Promise<RecordedCall>((resolve, reject) => {
        const waiter = (c: RecordedCall) => {
          if (!matches(c)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(c);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = recorded
            .filter((c) => c.token === token)
            .map((c) => `  ${c.method} ${JSON.stringify(c.params).slice(0, 200)}`);
          const who = bots.get(token)?.bot.username ?? `unknown token ${token}`;
          reject(
            new Error(
              `fake Telegram: no matching ${wanted} call for @${who} within ${timeoutMs} ms; ` +
                (seen.length ? `calls received:\n${seen.join('\n')}` : 'it received no calls at all'),
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },

    failNext(token, method, error, times = 1) {
      const state = stateFor(token);
      const key = method.toLowerCase();
      const queue = state.failures.get(key) ?? [];
      queue.push({ error, remaining: times });
      state.failures.set(key, queue);
    },

    blockChat(token, chatId) {
      stateFor(token).blocked.add(chatId);
    },

    addFile(token, file) {
      const state = stateFor(token);
      const previous = state.files.get(file.file_id);
      if (previous) state.filesByPath.delete(previous.file_path);
      registerFile(state, kindOfFileId(file.file_id), {
        file_id: file.file_id,
        bytes: file.bytes,
        file_size: file.reported_size === undefined ? file.bytes.length : (file.reported_size ?? 0),
        size_stated: file.reported_size !== null,
        chunked: file.chunked ?? false,
        file_unique_id: file.file_unique_id ?? previous?.file_unique_id,
        file_path: file.file_path ?? previous?.file_path,
        file_name: previous?.file_name,
        mime_type: previous?.mime_type,
      });
    },

    downloads(token) {
      return stateFor(token).downloads.map((d) => ({ ...d }));
    },

    webhook(token) {
      const hook = stateFor(token).webhook;
      return hook ? structuredClone(hook) : undefined;
    },

    queueWebhookUpdates(token, updates, options = {}) {
      const state = stateFor(token);
      let q = hookQueues.get(token);
      if (!q) {
        q = { chats: new Map(), busy: new Set(), inFlight: 0, retryMs: 100, attempts: [], acknowledged: [] };
        hookQueues.set(token, q);
      }
      if (options.retryMs !== undefined) q.retryMs = options.retryMs;
      const queued: Update[] = [];
      for (const raw of updates) {
        const u = normalizeUpdate(state, raw);
        learn(state, u);
        if (!isAllowed(updateKind(u), state.allowedUpdates)) continue;
        const chat = hookChatOf(u);
        const list = q.chats.get(chat) ?? [];
        const at = list.findIndex((p) => p.update_id > u.update_id);
        if (at === -1) list.push(u);
        else list.splice(at, 0, u);
        q.chats.set(chat, list);
        queued.push(u);
      }
      pumpWebhook(state, q);
      return queued.map((u) => structuredClone(u));
    },

    webhookDeliveries(token) {
      stateFor(token);
      const q = hookQueues.get(token);
      if (!q) return { attempts: [], acknowledged: [], waiting: 0, inFlight: 0 };
      let waiting = 0;
      for (const list of q.chats.values()) waiting += list.length;
      return {
        attempts: q.attempts.map((a) => ({ ...a })),
        acknowledged: [...q.acknowledged],
        waiting,
        inFlight: q.inFlight,
      };
    },

    activePolls(token) {
      return stateFor(token).polls.size;
    },

    setOutage(kind) {
      outage = kind;
    },

    setLatency(ms) {
      latencyMs = ms;
    },

    inFlight() {
      return [...unanswered];
    },

    async close() {
      for (const state of bots.values()) {
        for (const poll of [...state.polls]) poll.end(new ApiError(500, 'Internal Server Error: fake closed'));
      }
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
