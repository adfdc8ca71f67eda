/**
 * A local fake of Meta's Graph API for the WhatsApp Cloud API that speaks the real wire format (channel-apis.md §2),
 * so the server and its tests can onboard a number, send, receive media and take webhooks without the internet.
 * It listens on 127.0.0.1 only and connects to nothing but loopback (127.0.0.0/8, ::1, localhost): a callback URL
 * anywhere else is refused.
 *
 * Point the server at it with WHATSAPP_GRAPH_ROOT=`fake.root` and WHATSAPP_GRAPH_VERSION=`fake.version`.
 * Its error texts live in graph-errors.ts, its limits and request checks in graph-validation.ts, and the webhook
 * payload builders in webhooks.ts.
 *
 * Deliberate deviations from graph.facebook.com, all in the direction of "easier to test, same wire format":
 * - Only the configured version is served; another `/vXX.X/` answers code 100 "Unsupported version" (Meta serves
 *   every live version). The OAuth code exchange needs no Bearer token (it authenticates with client_secret, as at
 *   Meta); every other call does, as `Authorization: Bearer|OAuth <token>` or `?access_token=`. The resumable upload
 *   session (`POST /upload:…`) accepts only `Authorization: OAuth <token>`, the form Meta's guide shows.
 * - Code 190 answers HTTP 401 (channel-apis.md §2.10, a third-party mapping); public reports show Meta answering
 *   400 for it, so `authErrorStatus: 400` is offered to prove a receiver keys on `error.code`, not on the status.
 *   A missing token answers 400 code 104.
 * - Callback URLs may be http:// on loopback (Meta requires https). Setting an override (`subscribed_apps` or a
 *   number's `webhook_configuration`) performs the GET verification handshake at once, like Meta, and fails with
 *   code 2200 unless the receiver echoes the challenge (turn off with `verifyCallbacks: false`).
 * - Webhook delivery is driven by the test (`deliver`, `receive`, `deliverStatus`) or follows a send (a 131047
 *   failure, `autoStatuses`) or a template review. A delivery retries only until answered exactly 200, up to
 *   `delivery.attempts` times with a short backoff (Meta: days). Only the first entry of a payload decides where it
 *   goes: the number's override, else the WABA's, else the app's URL, and only while the app is subscribed to that
 *   WABA; template status updates always go to the app's URL (§2.13), and are skipped when none is configured.
 * - Bodies are serialized with non-ASCII escaped as \uXXXX (see webhooks.ts `webhookBody`); `escapeUnicode: false`
 *   posts plain UTF-8.
 * - 24-hour window (§2.8): opened when the fake builds or delivers an inbound message (not from the message's own
 *   timestamp), measured with the fake's clock. A free-form send outside it is accepted (200 with a wamid) and then
 *   fails with a `failed` status carrying 131047, as Meta usually does; `windowFailure: 'sync'` answers HTTP 400
 *   131047 instead. Templates never open a window.
 * - No throughput, pair-rate (one message per 6 s to a client), reach-tier or template-creation-rate limits are
 *   modelled: inject them with `failNextSends(130429 | 131056 | …)`. `link` media is never fetched (the fake would
 *   have to leave loopback). Sends to any well-formed number succeed; nobody is "not on WhatsApp" unless a test
 *   delivers a 131026 `failed` status itself.
 * - Validation covers what breaks real sends (limits of §2.3, §2.6, §2.13); `error_data.details` texts marked
 *   "verified" in ERRORS were seen in public reports of Meta's answers, the others are the fake's own wording.
 * - Media: `file_size` is a string (§2.4, `reportedSize` can misstate or omit it); `sha256` is hex in `GET /{id}` and
 *   base64 in webhook media objects (public samples show both forms). Download URLs live on the fake itself, need
 *   the Bearer token and expire after `mediaUrlTtlMs` (answer 403 then). Uploads live until deleted.
 * - Pagination: cursors are opaque offsets; `name=` on message_templates matches as a substring.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  failedStatus,
  mediaId as newMediaId,
  messagePayload,
  messageStatus,
  numericId,
  reEngagementError,
  statusPayload,
  templateStatusPayload,
  undeliverableError,
  unixSeconds,
  wamid as newWamid,
  webhookBody,
  type BusinessPhone,
  type InboundMessage,
  type MediaObject,
  type StatusName,
  type TemplateStatusEvent,
  type WaError,
  type WebhookPayload,
} from './webhooks';
import { ERRORS, GraphError, injectedError } from './graph-errors';
import {
  LIMITS,
  MEDIA_KINDS,
  PHONE_FIELDS,
  PROFILE_FIELDS,
  RESUMABLE_TYPES,
  TEMPLATE_FIELDS,
  isObject,
  mimeBase,
  requireMessagingProduct,
  requiredObject,
  requiredString,
  stringParam,
  validateMessage,
  validateProfileUpdate,
  validateTemplateCreation,
  type BusinessProfile,
  type Json,
} from './graph-validation';

export type { BusinessProfile, Json };

// --- Public types -------------------------------------------------------------------------------------------------

export type DeliveryOptions = {
  /** Attempts per delivery until one is answered 200 (default 4). */
  attempts?: number;
  /** Wait before attempt n+1 (default 20 ms doubling). */
  backoffMs?: number | ((attempt: number) => number);
  /** Per attempt (default 5000 ms). */
  timeoutMs?: number;
};

export type FakeGraphApiOptions = {
  /** Default 'v21.0'. */
  version?: string;
  /** The Meta app (its id is the OAuth client_id and owns resumable uploads). Random when left out. */
  appId?: string;
  /** OAuth client_secret and webhook signing key (one secret at Meta too). Random when left out. */
  appSecret?: string;
  appName?: string;
  /** The app's callback URL from its dashboard: the fallback target and where template statuses go (§2.13). */
  appCallbackUrl?: string;
  /** The fake's clock in ms (default Date.now); `advanceClock` shifts it further. */
  now?: () => number;
  /** Lifetime of an Embedded Signup code (default 30 s, §2.13). */
  codeTtlMs?: number;
  /** Lifetime of a media download URL (default 5 min, §2.4). */
  mediaUrlTtlMs?: number;
  /** Customer-service window (default 24 h, §2.8). */
  windowMs?: number;
  /** How a free-form send outside the window fails (default 'status': accepted, then a failed status webhook). */
  windowFailure?: 'status' | 'sync';
  /** HTTP status of code-190 errors (default 401). */
  authErrorStatus?: 400 | 401;
  /** Run the GET handshake when a callback override is set (default true). */
  verifyCallbacks?: boolean;
  /** Statuses delivered after every accepted send, in order (default none). */
  autoStatuses?: ('sent' | 'delivered' | 'read')[];
  /** Review new templates automatically after `afterMs` (default: only `approveTemplate`/`rejectTemplate`). */
  templateReview?: { afterMs: number; outcome?: 'APPROVED' | 'REJECTED'; reason?: string };
  delivery?: DeliveryOptions;
  /** Escape non-ASCII in webhook bodies as \uXXXX (default true). */
  escapeUnicode?: boolean;
};

/** A business number; pass it to the webhooks.ts builders as their `BusinessPhone`. */
export type FakePhoneNumber = BusinessPhone & { verifiedName: string };

/** A WABA with one number and a token scoped to it: what a finished Embedded Signup leaves behind. */
export type FakeBusiness = FakePhoneNumber & { token: string };

export type PhoneNumberFields = {
  id?: string;
  /** Digits only; shown formatted by the Graph API and as digits in webhook metadata. */
  displayPhoneNumber?: string;
  verifiedName?: string;
  codeVerificationStatus?: 'VERIFIED' | 'NOT_VERIFIED' | 'EXPIRED';
  qualityRating?: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
  throughput?: 'STANDARD' | 'HIGH';
  platformType?: 'CLOUD_API' | 'ON_PREMISE' | 'NOT_APPLICABLE';
  /** ISO-8601 like '2025-06-01T10:00:00+0000'. */
  lastOnboardedTime?: string;
  /** An already registered number keeps this two-step PIN: registering with another answers 133005. */
  pin?: string;
};

export type PhoneNumberState = {
  id: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  codeVerificationStatus: string;
  qualityRating: string;
  throughput: string;
  platformType: string;
  lastOnboardedTime: string;
  registered: boolean;
  pin?: string;
  /** Fake-clock times (ms) of every register call, accepted or not. */
  registerCalls: number[];
  webhookOverride?: { uri: string; verifyToken: string };
};

export type Subscription = { overrideCallbackUri?: string; verifyToken?: string };

export type TemplateRecord = {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  status: TemplateStatusEvent;
  components: Json[];
  rejectedReason?: string;
};

export type SentMessage = {
  wamid: string;
  phoneNumberId: string;
  wabaId: string;
  /** `to` exactly as the request gave it. */
  to: string;
  /** `to` as digits. */
  waId: string;
  type: string;
  /** The whole request body. */
  request: Json;
  /** Fake-clock ms. */
  at: number;
  /** Set when the send was accepted but then failed (131047 outside the window). */
  failure?: WaError;
};

export type ReadReceipt = { phoneNumberId: string; messageId: string; typingIndicator: boolean; at: number };

export type DeliveryAttempt = { status?: number; body?: string; error?: string; at: number };

export type DeliveryReport = {
  url?: string;
  field: string;
  /** The exact bytes posted (and signed). */
  body: string;
  signature: string | null;
  attempts: DeliveryAttempt[];
  delivered: boolean;
  /** Why nothing was posted (background deliveries only; `deliver` rejects instead). */
  skipped?: string;
};

export type DeliverOptions = DeliveryOptions & {
  /** Post here instead of the subscribed callback (must be loopback). */
  to?: string;
  /** Replace the X-Hub-Signature-256 header value, or `null` to leave the header out. */
  signature?: string | null;
  escapeUnicode?: boolean;
};

export type MediaDownload = { mediaId: string; status: number; at: number };

export type RecordedRequest = {
  method: string;
  /** Without the version, e.g. '/20000002/messages'. */
  path: string;
  params: Json;
  token?: string;
  /** 'Bearer', 'OAuth' or 'query'. */
  scheme?: string;
  status?: number;
  at: number;
};

export type Outage = 'reset' | 'unavailable' | 'hang';

export type FakeGraphApi = {
  /** e.g. 'http://127.0.0.1:43123' (no version). */
  root: string;
  version: string;
  appId: string;
  appSecret: string;

  addWaba(fields?: { id?: string; name?: string }): string;
  addPhoneNumber(wabaId: string, fields?: PhoneNumberFields): FakePhoneNumber;
  /** A WABA, one number in it and a token for it. */
  addBusiness(fields?: PhoneNumberFields & { wabaId?: string; wabaName?: string }): FakeBusiness;
  /** A business token for these WABAs (default: every WABA, like a system user's). */
  addToken(scope?: { wabaIds?: string[] }): string;
  /** An Embedded Signup code: single use, for `codeTtlMs`, exchanged for a token scoped to `wabaIds`. */
  issueCode(scope?: { wabaIds?: string[] }): string;
  /** The token now answers 190/460 (session invalidated). */
  revokeToken(token: string): void;
  /** The token now answers 190/463 (session expired). */
  expireToken(token: string): void;
  phoneNumber(phoneNumberId: string): PhoneNumberState;
  /** The app's subscription to the WABA, or undefined when not subscribed. */
  subscription(wabaId: string): Subscription | undefined;
  setAppCallbackUrl(url: string | undefined): void;
  businessProfile(phoneNumberId: string): BusinessProfile;

  templates(wabaId?: string): TemplateRecord[];
  /** Every language of the template becomes APPROVED; each delivers a signed status webhook to the app's URL. */
  approveTemplate(name: string, scope?: { language?: string; wabaId?: string }): Promise<DeliveryReport[]>;
  rejectTemplate(
    name: string,
    reason?: string,
    scope?: { language?: string; wabaId?: string },
  ): Promise<DeliveryReport[]>;
  setTemplateStatus(
    name: string,
    status: TemplateStatusEvent,
    scope?: { language?: string; wabaId?: string; reason?: string },
  ): Promise<DeliveryReport[]>;

  /** Accepted sends, oldest first (sync failures are only in `requests()`). */
  sent(filter?: { phoneNumberId?: string; to?: string; type?: string }): SentMessage[];
  /** The earliest sent message matching, or the next one; rejects after `timeoutMs` (default 5000). */
  waitForSent(predicate?: (m: SentMessage) => boolean, timeoutMs?: number): Promise<SentMessage>;
  reads(): ReadReceipt[];
  /** The next `times` (default 1) message sends fail synchronously with this code (130429 → 429, 131000 → 500). */
  failNextSends(code: number, times?: number): void;
  /** Every Graph request (and media download) until `setOutage(null)`: socket reset, 503 code 2, or no answer. */
  setOutage(mode: Outage | null): void;

  /** Inbound media a client sent: answers GET /{id} and its download URL. Returns the media id. */
  addMedia(
    bytes: Buffer,
    mimeType: string,
    options?: { id?: string; reportedSize?: number | string | null; phoneNumberId?: string },
  ): string;
  /** `{ id, mime_type, sha256 }` for the webhook builders (sha256 in base64, as webhooks carry it). */
  mediaRef(mediaId: string): MediaObject;
  /** Uploaded or added media (undefined once deleted). */
  media(mediaId: string): { bytes: Buffer; mimeType: string; phoneNumberId?: string } | undefined;
  downloads(): MediaDownload[];

  now(): number;
  advanceClock(ms: number): void;
  /** Opens (restarts) the 24-hour window without a webhook, e.g. to stage a conversation. */
  openWindow(phoneNumberId: string, waId: string): void;
  isWindowOpen(phoneNumberId: string, waId: string): boolean;

  /** A client's message as a webhook payload for this number; opens the window and makes its id readable. */
  inboundPayload(phoneNumberId: string, message: InboundMessage, name?: string): WebhookPayload;
  /** `inboundPayload` + `deliver`. */
  receive(
    phoneNumberId: string,
    message: InboundMessage,
    options?: DeliverOptions & { name?: string },
  ): Promise<DeliveryReport>;
  /**
   * Posts the payload, signed, to its callback (see the header) and retries until answered 200. Rejects when there
   * is nowhere to post. Inbound messages in it open their windows.
   */
  deliver(payload: WebhookPayload | object, options?: DeliverOptions): Promise<DeliveryReport>;
  /** The same bytes delivered `copies` times (default 2), one after the other or all at once. */
  deliverDuplicates(
    payload: WebhookPayload | object,
    options?: DeliverOptions & { copies?: number; concurrent?: boolean },
  ): Promise<DeliveryReport[]>;
  /** A status for a message we sent; `failed` carries `error` (default 131026). */
  deliverStatus(
    wamid: string,
    status: StatusName,
    options?: DeliverOptions & { error?: WaError; timestamp?: number },
  ): Promise<DeliveryReport>;
  /** Every delivery so far, including background ones (attempts keep growing while they retry). */
  deliveries(): DeliveryReport[];
  /** Meta's verification GET: `?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`. */
  verifyCallback(
    url: string,
    verifyToken: string,
    challenge?: string,
  ): Promise<{ status: number; body: string; challenge: string }>;
  /** `sha256=<hex HMAC-SHA256 of rawBody with the app secret>`, the X-Hub-Signature-256 value. */
  sign(rawBody: string | Buffer): string;
  /** Resolves when background deliveries (statuses, template reviews) have finished. */
  idle(): Promise<void>;
  requests(): RecordedRequest[];
  close(): Promise<void>;
};

// --- Internal state -----------------------------------------------------------------------------------------------

type TokenState = { wabaIds: Set<string> | 'all'; state: 'valid' | 'revoked' | 'expired'; changedAt: number };
type CodeState = { wabaIds?: string[]; issuedAt: number; used: boolean };
type WabaState = { id: string; name: string; subscription?: Subscription };
type PhoneState = PhoneNumberState & { profile: BusinessProfile };
type TemplateState = TemplateRecord & { createdAt: number };
type MediaState = {
  id: string;
  bytes: Buffer;
  mimeType: string;
  reportedSize: number | string | null;
  phoneNumberId?: string;
  wabaId?: string;
};
type UploadSession = { id: string; fileName: string; fileLength: number; fileType: string; bytes?: Buffer };
type Credentials = { scheme: 'Bearer' | 'OAuth' | 'query'; token: string };
type Ctx = {
  method: string;
  headers: IncomingHttpHeaders;
  segments: string[];
  params: Json;
  raw: Buffer;
  contentType: string;
  credentials?: Credentials;
  /** Work to start once the response has been written (a send's status webhooks). */
  after: (() => void)[];
};
type Node =
  | { kind: 'phone'; phone: PhoneState }
  | { kind: 'waba'; waba: WabaState }
  | { kind: 'media'; media: MediaState }
  | { kind: 'app' };

// --- Small helpers ------------------------------------------------------------------------------------------------

const fbtraceId = () => `A${randomBytes(16).toString('base64url').slice(0, 22)}`;

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Parses a callback URL and refuses anything the fake must not connect to. */
function loopbackUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`fake Graph API: ${raw} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`fake Graph API: ${raw} is not http(s)`);
  if (!isLoopback(url.hostname)) {
    throw new Error(`fake Graph API: refusing to connect to ${url.host}; it only connects to loopback`);
  }
  return url;
}

/** `fields=a,b,throughput{level}` → ['a', 'b', 'throughput']; undefined when absent. */
function requestedFields(params: Json): string[] | undefined {
  const raw = stringParam(params, 'fields');
  if (raw === undefined || raw.trim() === '') return undefined;
  const fields: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of raw) {
    if (c === '{') depth++;
    if (c === '}') depth--;
    if (c === ',' && depth === 0) {
      fields.push(current);
      current = '';
    } else current += c;
  }
  fields.push(current);
  return fields.map((f) => (f.split('{')[0] ?? '').split('.')[0]?.trim() ?? '').filter(Boolean);
}

function pickFields(all: Json, wanted: string[] | undefined, known: string[], nodeType: string): Json {
  if (!wanted) return all;
  const out: Json = {};
  for (const field of wanted) {
    if (!known.includes(field)) throw ERRORS.nonexistingField(field, nodeType);
    if (all[field] !== undefined) out[field] = all[field];
  }
  return out;
}

/** Graph paging: opaque cursors (base64 offsets), `limit` default 25, at most 100. */
function page<T>(items: T[], params: Json): { data: T[]; paging: Json } {
  const limit = Math.min(Math.max(Number(stringParam(params, 'limit') ?? 25) || 25, 1), 100);
  const decode = (c: string | undefined) => (c ? Number(Buffer.from(c, 'base64').toString()) : NaN);
  const after = decode(stringParam(params, 'after'));
  const before = decode(stringParam(params, 'before'));
  const start = Number.isInteger(after) ? after + 1 : Number.isInteger(before) ? Math.max(before - limit, 0) : 0;
  const data = items.slice(start, start + limit);
  const cursor = (i: number) => Buffer.from(String(i)).toString('base64');
  if (data.length === 0) return { data, paging: { cursors: {} } };
  return {
    data,
    paging: { cursors: { before: cursor(start), after: cursor(start + data.length - 1) } },
  };
}

/** '15550001111' → '+1 555-000-1111'; other countries keep their digits. */
function formatNumber(digits: string): string {
  if (/^1\d{10}$/.test(digits)) return `+1 ${digits.slice(1, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
  return `+${digits}`;
}

function isoGraphTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
}

// --- Body parsing -------------------------------------------------------------------------------------------------

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > LIMITS.bodyBytes) {
        req.destroy();
        reject(ERRORS.tooLarge());
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Form and query values that hold JSON (`webhook_configuration={"…"}`) are parsed, as Graph does. */
function parseJsonStrings(params: Json) {
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
      try {
        params[key] = JSON.parse(value);
      } catch {
        // Left as a string: the endpoint's own validation answers for it.
      }
    }
  }
}

function parseParams(url: URL, contentType: string, raw: Buffer): Json {
  const params: Json = Object.fromEntries(url.searchParams);
  if (contentType.startsWith('application/json') && raw.length > 0) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw ERRORS.invalidParameter('The request body is not valid JSON');
    }
    if (!isObject(parsed)) throw ERRORS.invalidParameter('The request body must be a JSON object');
    Object.assign(params, parsed);
  } else if (contentType.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(raw.toString('utf8'))));
  }
  delete params.access_token;
  parseJsonStrings(params);
  return params;
}

type FilePart = { name: string; filename: string; type: string; bytes: Buffer };

/** Multipart through the WHATWG Request parser built into Node (no dependency). */
async function parseMultipart(contentType: string, raw: Buffer): Promise<{ fields: Json; files: FilePart[] }> {
  let form: FormData;
  try {
    form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(raw),
    }).formData();
  } catch {
    throw ERRORS.invalidParameter('The multipart body could not be parsed');
  }
  const fields: Json = {};
  const files: FilePart[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else files.push({ name, filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return { fields, files };
}

function credentialsOf(req: IncomingMessage, url: URL): Credentials | undefined {
  const header = req.headers.authorization;
  const match = header ? /^(Bearer|OAuth)\s+(\S+)\s*$/i.exec(header) : null;
  if (match?.[1] && match[2]) {
    return { scheme: match[1].toLowerCase() === 'oauth' ? 'OAuth' : 'Bearer', token: match[2] };
  }
  const query = url.searchParams.get('access_token');
  return query ? { scheme: 'query', token: query } : undefined;
}

// --- Outbound HTTP (webhooks), loopback only ----------------------------------------------------------------------

function httpCall(
  url: URL,
  init: {
    method: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    timeoutMs: number;
    signal: AbortSignal;
  },
): Promise<{ status: number; body: string }> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      { method: init.method, headers: init.headers, agent: false, rejectUnauthorized: false, signal: init.signal },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(init.timeoutMs, () => req.destroy(new Error(`timed out after ${init.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

// --- The fake -----------------------------------------------------------------------------------------------------

export async function startFakeGraphApi(options: FakeGraphApiOptions = {}): Promise<FakeGraphApi> {
  const version = options.version ?? 'v21.0';
  const appId = options.appId ?? numericId(16);
  const appSecret = options.appSecret ?? randomBytes(16).toString('hex');
  const appName = options.appName ?? 'KreeChat Test App';
  let appCallbackUrl = options.appCallbackUrl;
  const codeTtlMs = options.codeTtlMs ?? 30_000;
  const mediaUrlTtlMs = options.mediaUrlTtlMs ?? 5 * 60_000;
  const windowMs = options.windowMs ?? 24 * 3600_000;
  const authStatus = options.authErrorStatus ?? 401;
  const verifyCallbacks = options.verifyCallbacks ?? true;
  const escapeUnicode = options.escapeUnicode ?? true;
  /** Signs media download URLs so a test cannot stretch their lifetime by editing them. */
  const urlKey = randomBytes(16);
  let clockOffset = 0;
  const now = () => (options.now ?? Date.now)() + clockOffset;

  const tokens = new Map<string, TokenState>();
  const codes = new Map<string, CodeState>();
  const wabas = new Map<string, WabaState>();
  const phones = new Map<string, PhoneState>();
  const templates: TemplateState[] = [];
  const mediaStore = new Map<string, MediaState>();
  const uploads = new Map<string, UploadSession>();
  const handles = new Map<string, { bytes: Buffer; type: string }>();
  const pictures = new Map<string, { bytes: Buffer; type: string }>();
  /** `${phoneNumberId}:${waId}` → fake-clock ms of the client's last message. */
  const windows = new Map<string, number>();
  /** `${phoneNumberId}:${wamid}` of inbound messages, which mark-as-read may name. */
  const inboundIds = new Set<string>();
  const sentLog: SentMessage[] = [];
  const sentWaiters = new Set<(m: SentMessage) => void>();
  const readLog: ReadReceipt[] = [];
  const downloadLog: MediaDownload[] = [];
  const requestLog: RecordedRequest[] = [];
  const deliveryLog: DeliveryReport[] = [];
  const injected: number[] = [];
  let outage: Outage | null = null;
  const hanging = new Set<ServerResponse>();
  const background = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const shutdown = new AbortController();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) replyJson(res, 500, { error: { message: String(error), type: 'FakeError', code: 1 } });
    });
  });

  // --- Request handling ---

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (outage) return applyOutage(req, res);
    if (url.pathname === '/whatsapp_business/attachments/') return serveMedia(req, url, res);
    if (url.pathname.startsWith('/profile-pictures/')) return servePicture(url, res);

    const [pathVersion, ...segments] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const contentType = (req.headers['content-type'] ?? '').toLowerCase();
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: `/${segments.join('/')}`,
      params: {},
      at: now(),
    };
    const credentials = credentialsOf(req, url);
    if (credentials) Object.assign(record, { token: credentials.token, scheme: credentials.scheme });
    requestLog.push(record);
    const ctx: Ctx = {
      method: record.method,
      headers: req.headers,
      segments,
      params: {},
      raw: Buffer.alloc(0),
      contentType,
      credentials,
      after: [],
    };
    try {
      if (pathVersion !== version) throw ERRORS.unsupportedVersion(String(pathVersion), version);
      ctx.raw = await readBody(req);
      const uploadSession = segments[0]?.startsWith('upload:') ?? false;
      if (!contentType.startsWith('multipart/') && !uploadSession) ctx.params = parseParams(url, contentType, ctx.raw);
      else ctx.params = Object.fromEntries(url.searchParams);
      record.params = ctx.params;
      const result = await route(ctx);
      record.status = 200;
      replyJson(res, 200, result);
      for (const task of ctx.after) track(new Promise<void>((done) => setImmediate(() => done(task()))));
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      record.status = error.status;
      replyJson(
        res,
        error.status,
        { error: { ...error.body, fbtrace_id: fbtraceId() } },
        error.body.code === 190
          ? { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${error.body.message}"` }
          : {},
      );
    }
  }

  function replyJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  }

  function applyOutage(req: IncomingMessage, res: ServerResponse) {
    switch (outage) {
      case 'reset':
        req.socket.destroy();
        return;
      case 'unavailable': {
        const error = ERRORS.unavailable();
        replyJson(res, error.status, { error: { ...error.body, fbtrace_id: fbtraceId() } });
        return;
      }
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      case null:
        return;
    }
  }

  async function route(ctx: Ctx): Promise<unknown> {
    const [id, edge, ...rest] = ctx.segments;
    if (id === 'oauth' && edge === 'access_token' && rest.length === 0) return exchangeCode(ctx.params);
    if (id?.startsWith('upload:') && edge === undefined) return uploadSessionRoute(ctx, id);
    const token = authenticate(ctx.credentials);
    if (!id) throw ERRORS.unknownPath('/');
    if (rest.length) throw ERRORS.unknownPath(`/${rest.join('/')}`);
    const node = resolveNode(id);
    if (!node || !canAccess(token, node)) throw ERRORS.unknownObject(ctx.method, id);
    switch (node.kind) {
      case 'phone':
        return phoneRoute(ctx, node.phone, edge);
      case 'waba':
        return wabaRoute(ctx, node.waba, edge);
      case 'media':
        return mediaRoute(ctx, node.media, edge);
      case 'app':
        return appRoute(ctx, edge);
    }
  }

  function unsupported(ctx: Ctx, id: string, edge: string | undefined, nodeType: string): never {
    if (ctx.method === 'GET' && edge) throw ERRORS.nonexistingField(edge, nodeType);
    throw ERRORS.unknownObject(ctx.method, id);
  }

  // --- Auth ---

  function authenticate(credentials: Credentials | undefined): TokenState {
    if (!credentials) throw ERRORS.missingToken();
    const token = tokens.get(credentials.token);
    if (!token) throw ERRORS.invalidToken(authStatus);
    if (token.state === 'expired') throw ERRORS.expiredToken(authStatus, token.changedAt);
    if (token.state === 'revoked') throw ERRORS.revokedToken(authStatus);
    return token;
  }

  function canAccessWaba(token: TokenState, wabaId: string | undefined) {
    return token.wabaIds === 'all' || wabaId === undefined || token.wabaIds.has(wabaId);
  }

  function canAccess(token: TokenState, node: Node): boolean {
    switch (node.kind) {
      case 'phone':
        return canAccessWaba(token, node.phone.wabaId);
      case 'waba':
        return canAccessWaba(token, node.waba.id);
      case 'media':
        return canAccessWaba(token, node.media.wabaId);
      case 'app':
        return true;
    }
  }

  function resolveNode(id: string): Node | undefined {
    const phone = phones.get(id);
    if (phone) return { kind: 'phone', phone };
    const waba = wabas.get(id);
    if (waba) return { kind: 'waba', waba };
    const media = mediaStore.get(id);
    if (media) return { kind: 'media', media };
    if (id === appId) return { kind: 'app' };
    return undefined;
  }

  function exchangeCode(params: Json) {
    const clientId = stringParam(params, 'client_id');
    if (!clientId) throw ERRORS.oauthMissingClientId();
    if (clientId !== appId) throw ERRORS.oauthBadClientId();
    const secret = stringParam(params, 'client_secret') ?? '';
    if (!safeEqual(secret, appSecret)) throw ERRORS.oauthBadSecret();
    const code = stringParam(params, 'code');
    if (!code) throw ERRORS.paramRequired('code');
    const state = codes.get(code);
    if (!state) throw ERRORS.oauthBadCode();
    if (state.used) throw ERRORS.oauthUsedCode();
    if (now() - state.issuedAt > codeTtlMs) throw ERRORS.oauthExpiredCode();
    state.used = true;
    return { access_token: newToken(state.wabaIds), token_type: 'bearer' };
  }

  function newToken(wabaIds: string[] | undefined): string {
    const token = `EAA${randomBytes(48).toString('base64url').replace(/[-_]/g, 'Z')}`;
    tokens.set(token, { wabaIds: wabaIds ? new Set(wabaIds) : 'all', state: 'valid', changedAt: now() });
    return token;
  }

  // --- WABA: subscriptions, numbers, templates ---

  async function wabaRoute(ctx: Ctx, waba: WabaState, edge: string | undefined): Promise<unknown> {
    switch (`${ctx.method} ${edge ?? ''}`) {
      case 'GET ':
        return pickFields(
          { id: waba.id, name: waba.name },
          requestedFields(ctx.params),
          ['id', 'name'],
          'WhatsAppBusinessAccount',
        );
      case 'GET subscribed_apps':
        return { data: waba.subscription ? [subscribedAppEntry(waba.subscription)] : [] };
      case 'POST subscribed_apps':
        return subscribe(waba, ctx.params);
      case 'DELETE subscribed_apps':
        waba.subscription = undefined;
        return { success: true };
      case 'GET phone_numbers':
        return listPhoneNumbers(waba, ctx.params);
      case 'GET message_templates':
        return listTemplates(waba, ctx.params);
      case 'POST message_templates':
        return createTemplate(waba, ctx.params);
      case 'DELETE message_templates':
        return deleteTemplates(waba, ctx.params);
      default:
        return unsupported(ctx, waba.id, edge, 'WhatsAppBusinessAccount');
    }
  }

  function subscribedAppEntry(subscription: Subscription): Json {
    return {
      whatsapp_business_api_data: { id: appId, link: `https://www.facebook.com/games/?app_id=${appId}`, name: appName },
      ...(subscription.overrideCallbackUri ? { override_callback_uri: subscription.overrideCallbackUri } : {}),
    };
  }

  /** A POST without override_callback_uri subscribes with the app's own URL (and drops an earlier override). */
  async function subscribe(waba: WabaState, params: Json) {
    const uri = stringParam(params, 'override_callback_uri');
    if (!uri) {
      waba.subscription = {};
      return { success: true };
    }
    const verifyToken = requiredString(params, 'verify_token');
    await verifyOverride(uri, verifyToken);
    waba.subscription = { overrideCallbackUri: uri, verifyToken };
    return { success: true };
  }

  /** Meta checks an override with the GET handshake before accepting it. */
  async function verifyOverride(uri: string, verifyToken: string) {
    try {
      loopbackUrl(uri);
    } catch (error) {
      throw ERRORS.callbackVerification((error as Error).message);
    }
    if (!verifyCallbacks) return;
    let answer: { status: number; body: string; challenge: string };
    try {
      answer = await handshake(uri, verifyToken);
    } catch (error) {
      throw ERRORS.callbackVerification(`Couldn't connect to server: ${(error as Error).message}`);
    }
    if (answer.status !== 200) {
      throw ERRORS.callbackVerification(
        `HTTP Status Code = ${answer.status}; HTTP Message = ${answer.body.slice(0, 100)}`,
      );
    }
    if (answer.body !== answer.challenge) {
      throw ERRORS.callbackVerification("The URL couldn't be validated. Response does not match challenge");
    }
  }

  function phoneJson(phone: PhoneState): Json {
    const waba = wabas.get(phone.wabaId);
    const webhook: Json = {
      ...(phone.webhookOverride ? { phone_number: phone.webhookOverride.uri } : {}),
      ...(waba?.subscription?.overrideCallbackUri
        ? { whatsapp_business_account: waba.subscription.overrideCallbackUri }
        : {}),
      ...(appCallbackUrl ? { application: appCallbackUrl } : {}),
    };
    return {
      verified_name: phone.verifiedName,
      code_verification_status: phone.codeVerificationStatus,
      display_phone_number: formatNumber(phone.displayPhoneNumber),
      quality_rating: phone.qualityRating,
      platform_type: phone.platformType,
      throughput: { level: phone.throughput },
      last_onboarded_time: phone.lastOnboardedTime,
      webhook_configuration: webhook,
      id: phone.id,
    };
  }

  function listPhoneNumbers(waba: WabaState, params: Json) {
    const fields = requestedFields(params);
    let numbers = [...phones.values()].filter((p) => p.wabaId === waba.id);
    const sort = stringParam(params, 'sort');
    if (sort?.startsWith('last_onboarded_time')) {
      const direction = sort.endsWith('.asc') ? 1 : -1;
      numbers = numbers.sort((a, b) => direction * a.lastOnboardedTime.localeCompare(b.lastOnboardedTime));
    }
    const { data, paging } = page(numbers, params);
    return {
      data: data.map((p) => ({
        ...pickFields(phoneJson(p), fields, PHONE_FIELDS, 'WhatsAppBusinessPhoneNumber'),
        id: p.id,
      })),
      paging,
    };
  }

  function templateJson(t: TemplateState): Json {
    return {
      name: t.name,
      components: t.components,
      language: t.language,
      status: t.status,
      category: t.category,
      id: t.id,
      ...(t.rejectedReason ? { rejected_reason: t.rejectedReason } : {}),
    };
  }

  function listTemplates(waba: WabaState, params: Json) {
    const name = stringParam(params, 'name');
    const status = stringParam(params, 'status');
    const language = stringParam(params, 'language');
    const fields = requestedFields(params);
    const matching = templates.filter(
      (t) =>
        t.wabaId === waba.id &&
        (name === undefined || t.name.includes(name)) &&
        (status === undefined || t.status === status) &&
        (language === undefined || t.language === language),
    );
    const { data, paging } = page(matching, params);
    return {
      data: data.map((t) => ({
        ...pickFields(templateJson(t), fields, TEMPLATE_FIELDS, 'WhatsAppMessageTemplate'),
        id: t.id,
      })),
      paging,
    };
  }

  function createTemplate(waba: WabaState, params: Json) {
    const valid = validateTemplateCreation(params);
    if (templates.some((t) => t.wabaId === waba.id && t.name === valid.name && t.language === valid.language)) {
      // Subcode as reported publicly for a duplicate name + language.
      throw ERRORS.templateInvalid(
        'Content in this language already exists',
        `A template named ${valid.name} already exists in ${valid.language}.`,
        2388024,
      );
    }
    const template: TemplateState = {
      ...valid,
      id: numericId(16),
      wabaId: waba.id,
      status: 'PENDING',
      createdAt: now(),
    };
    templates.push(template);
    scheduleReview(template);
    return { id: template.id, status: template.status, category: template.category };
  }

  function scheduleReview(template: TemplateState) {
    const review = options.templateReview;
    if (!review) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (template.status !== 'PENDING') return;
      track(changeTemplateStatus([template], review.outcome ?? 'APPROVED', review.reason));
    }, review.afterMs);
    timers.add(timer);
  }

  function deleteTemplates(waba: WabaState, params: Json) {
    const name = requiredString(params, 'name');
    const hsmId = stringParam(params, 'hsm_id');
    const doomed = templates.filter((t) => t.wabaId === waba.id && t.name === name && (!hsmId || t.id === hsmId));
    if (doomed.length === 0) throw ERRORS.templateInvalid('Message template not found', `No template named ${name}.`);
    for (const t of doomed) templates.splice(templates.indexOf(t), 1);
    return { success: true };
  }

  function findTemplates(name: string, scope: { language?: string; wabaId?: string }): TemplateState[] {
    const found = templates.filter(
      (t) =>
        t.name === name &&
        (scope.language === undefined || t.language === scope.language) &&
        (scope.wabaId === undefined || t.wabaId === scope.wabaId),
    );
    if (found.length === 0) throw new Error(`fake Graph API: no template ${name} ${JSON.stringify(scope)}`);
    return found;
  }

  /** Changes the status and delivers `message_template_status_update` to the app's URL for each template. */
  function changeTemplateStatus(list: TemplateState[], status: TemplateStatusEvent, reason?: string) {
    return Promise.all(
      list.map((t) => {
        t.status = status;
        t.rejectedReason = status === 'REJECTED' ? (reason ?? 'INVALID_FORMAT') : undefined;
        const payload = templateStatusPayload({
          wabaId: t.wabaId,
          event: status,
          templateId: t.id,
          name: t.name,
          language: t.language,
          reason: status === 'REJECTED' ? t.rejectedReason : (reason ?? 'NONE'),
          time: unixSeconds(now()),
        });
        return deliverPayload(payload, {}, false);
      }),
    );
  }

  // --- Phone number: settings, register, profile, messages, media ---

  async function phoneRoute(ctx: Ctx, phone: PhoneState, edge: string | undefined): Promise<unknown> {
    switch (`${ctx.method} ${edge ?? ''}`) {
      case 'GET ':
        return {
          ...pickFields(phoneJson(phone), requestedFields(ctx.params), PHONE_FIELDS, 'WhatsAppBusinessPhoneNumber'),
          id: phone.id,
        };
      case 'POST ':
        return updatePhone(phone, ctx.params);
      case 'POST register':
        return register(phone, ctx.params);
      case 'GET whatsapp_business_profile':
        return getProfile(phone, ctx.params);
      case 'POST whatsapp_business_profile':
        return updateProfile(phone, ctx.params);
      case 'POST messages':
        return sendMessage(ctx, phone);
      case 'POST media':
        return uploadMedia(ctx, phone);
      default:
        return unsupported(ctx, phone.id, edge, 'WhatsAppBusinessPhoneNumber');
    }
  }

  async function updatePhone(phone: PhoneState, params: Json) {
    const config = requiredObject(params, 'webhook_configuration');
    const uri = stringParam(config, 'override_callback_uri');
    if (uri === undefined) throw ERRORS.paramRequired("webhook_configuration['override_callback_uri']");
    if (uri === '') {
      phone.webhookOverride = undefined;
      return { success: true };
    }
    const verifyToken = requiredString(config, 'verify_token', "webhook_configuration['verify_token']");
    await verifyOverride(uri, verifyToken);
    phone.webhookOverride = { uri, verifyToken };
    return { success: true };
  }

  function register(phone: PhoneState, params: Json) {
    requireMessagingProduct(params);
    const at = now();
    phone.registerCalls.push(at);
    const recent = phone.registerCalls.filter((t) => at - t < LIMITS.registerWindowMs);
    if (recent.length > LIMITS.registerCalls) throw ERRORS.registerLimit();
    const pin = requiredString(params, 'pin');
    if (!/^\d{6}$/.test(pin)) throw ERRORS.invalidParameter('Param pin must be a 6-digit number');
    if (phone.pin !== undefined && phone.pin !== pin) throw ERRORS.pinMismatch();
    phone.pin = pin;
    phone.registered = true;
    return { success: true };
  }

  function getProfile(phone: PhoneState, params: Json) {
    const profile = pickFields(
      { ...phone.profile },
      requestedFields(params),
      PROFILE_FIELDS,
      'WhatsAppBusinessProfile',
    );
    return { data: [{ ...profile, messaging_product: 'whatsapp' }] };
  }

  function updateProfile(phone: PhoneState, params: Json) {
    const { profile_picture_handle: handle, ...changes } = validateProfileUpdate(params);
    if (handle !== undefined) {
      const picture = handles.get(handle);
      if (!picture) throw ERRORS.invalidParameter('Param profile_picture_handle is not a valid upload handle');
      const key = `${phone.id}-${randomBytes(6).toString('hex')}`;
      pictures.set(key, picture);
      changes.profile_picture_url = `${root}/profile-pictures/${key}`;
    }
    Object.assign(phone.profile, changes);
    return { success: true };
  }

  function windowKey(phoneNumberId: string, waId: string) {
    return `${phoneNumberId}:${waId}`;
  }

  function windowOpen(phoneNumberId: string, waId: string) {
    const last = windows.get(windowKey(phoneNumberId, waId));
    return last !== undefined && now() - last < windowMs;
  }

  async function sendMessage(ctx: Ctx, phone: PhoneState) {
    const params = ctx.params;
    requireMessagingProduct(params);
    if (params.status !== undefined) return markRead(phone, params);
    const failure = injected.shift();
    if (failure !== undefined) throw injectedError(failure);
    const to = requiredString(params, 'to');
    const waId = to.replace(/[\s()+-]/g, '');
    if (!/^\d{7,15}$/.test(waId)) throw ERRORS.invalidParameter(`Param to is not a valid phone number: ${to}`);
    const type = validateMessage(params, {
      mediaExists: (id) => mediaStore.has(id),
      template: (name, language) =>
        templates.find((t) => t.wabaId === phone.wabaId && t.name === name && t.language === language),
    });
    const outside = type !== 'template' && !windowOpen(phone.id, waId);
    if (outside && options.windowFailure === 'sync') throw ERRORS.reEngagement();
    const message: SentMessage = {
      wamid: newWamid(waId),
      phoneNumberId: phone.id,
      wabaId: phone.wabaId,
      to,
      waId,
      type,
      request: params,
      at: now(),
      ...(outside ? { failure: reEngagementError() } : {}),
    };
    sentLog.push(message);
    for (const waiter of [...sentWaiters]) waiter(message);
    ctx.after.push(() => followUp(message));
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: waId }],
      // Template sends also say they were accepted (not delivered) since 2023.
      messages: [{ id: message.wamid, ...(type === 'template' ? { message_status: 'accepted' } : {}) }],
    };
  }

  /** After the answer: the 131047 failure, or the configured statuses, as webhooks. */
  function followUp(message: SentMessage) {
    const phone = phones.get(message.phoneNumberId);
    if (!phone) return;
    const statuses = message.failure
      ? [
          failedStatus({
            id: message.wamid,
            recipientId: message.waId,
            error: message.failure,
            timestamp: unixSeconds(now()),
          }),
        ]
      : (options.autoStatuses ?? []).map((status) =>
          messageStatus({ id: message.wamid, status, recipientId: message.waId, timestamp: unixSeconds(now()) }),
        );
    if (statuses.length === 0) return;
    track(
      (async () => {
        for (const status of statuses) await deliverPayload(statusPayload(identity(phone), [status]), {}, false);
      })(),
    );
  }

  function markRead(phone: PhoneState, params: Json) {
    if (params.status !== 'read') throw ERRORS.invalidParameter("Param status must be 'read'");
    const messageId = requiredString(params, 'message_id');
    if (!inboundIds.has(`${phone.id}:${messageId}`)) {
      throw ERRORS.invalidParameter(`Param message_id is not a message this number received: ${messageId}`);
    }
    const typing = params.typing_indicator;
    if (typing !== undefined && !(isObject(typing) && typing.type === 'text')) {
      throw ERRORS.invalidParameter("Param typing_indicator must be {type: 'text'}");
    }
    readLog.push({ phoneNumberId: phone.id, messageId, typingIndicator: typing !== undefined, at: now() });
    return { success: true };
  }

  async function uploadMedia(ctx: Ctx, phone: PhoneState) {
    if (!ctx.contentType.startsWith('multipart/form-data')) throw ERRORS.paramRequired('file');
    const { fields, files } = await parseMultipart(ctx.contentType, ctx.raw);
    Object.assign(ctx.params, fields);
    requireMessagingProduct(fields);
    const file = files.find((f) => f.name === 'file');
    if (!file) throw ERRORS.paramRequired('file');
    const type = mimeBase(stringParam(fields, 'type') ?? file.type);
    if (!type) throw ERRORS.paramRequired('type');
    const kind = MEDIA_KINDS.find((k) => k.types.includes(type));
    if (!kind) throw ERRORS.mediaUpload(`Unsupported file type: ${type}`);
    if (file.bytes.length > kind.maxBytes) {
      throw ERRORS.mediaUpload(`File size too big. Max file size allowed for ${kind.kind}: ${kind.maxBytes} bytes`);
    }
    const id = newMediaId();
    mediaStore.set(id, {
      id,
      bytes: file.bytes,
      mimeType: type,
      reportedSize: String(file.bytes.length),
      phoneNumberId: phone.id,
      wabaId: phone.wabaId,
    });
    return { id };
  }

  // --- Media objects and downloads ---

  function mediaRoute(ctx: Ctx, media: MediaState, edge: string | undefined) {
    if (edge !== undefined) return unsupported(ctx, media.id, edge, 'WhatsAppBusinessApiMedia');
    const phoneFilter = stringParam(ctx.params, 'phone_number_id');
    if (phoneFilter !== undefined && media.phoneNumberId !== undefined && phoneFilter !== media.phoneNumberId) {
      throw ERRORS.unknownObject(ctx.method, media.id);
    }
    if (ctx.method === 'DELETE') {
      mediaStore.delete(media.id);
      return { success: true };
    }
    if (ctx.method !== 'GET') return unsupported(ctx, media.id, edge, 'WhatsAppBusinessApiMedia');
    return {
      messaging_product: 'whatsapp',
      url: mediaUrl(media.id),
      mime_type: media.mimeType,
      sha256: createHash('sha256').update(media.bytes).digest('hex'),
      ...(media.reportedSize === null ? {} : { file_size: media.reportedSize }),
      id: media.id,
    };
  }

  function mediaUrlHash(id: string, expires: number) {
    return createHmac('sha256', urlKey).update(`${id}:${expires}`).digest('base64url');
  }

  /** Shaped like lookaside.fbsbx.com's: the expiry (`ext`, unix seconds) is signed with `hash`. */
  function mediaUrl(id: string) {
    const expires = unixSeconds(now() + mediaUrlTtlMs);
    const query = new URLSearchParams({ mid: id, ext: String(expires), hash: mediaUrlHash(id, expires) });
    return `${root}/whatsapp_business/attachments/?${query}`;
  }

  function serveMedia(req: IncomingMessage, url: URL, res: ServerResponse) {
    const id = url.searchParams.get('mid') ?? '';
    const expires = Number(url.searchParams.get('ext'));
    const answer = (status: number, text: string) => {
      downloadLog.push({ mediaId: id, status, at: now() });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    };
    const media = mediaStore.get(id);
    if (!media || !Number.isInteger(expires) || url.searchParams.get('hash') !== mediaUrlHash(id, expires)) {
      return answer(404, 'Not Found');
    }
    const credentials = credentialsOf(req, url);
    const token = credentials && credentials.scheme !== 'query' ? tokens.get(credentials.token) : undefined;
    if (!token || token.state !== 'valid' || !canAccessWaba(token, media.wabaId)) return answer(401, 'Unauthorized');
    if (now() > expires * 1000) return answer(403, 'URL signature expired');
    downloadLog.push({ mediaId: id, status: 200, at: now() });
    res.writeHead(200, { 'content-type': media.mimeType, 'content-length': String(media.bytes.length) });
    res.end(media.bytes);
  }

  function servePicture(url: URL, res: ServerResponse) {
    const picture = pictures.get(url.pathname.slice('/profile-pictures/'.length));
    if (!picture) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': picture.type, 'content-length': String(picture.bytes.length) });
    res.end(picture.bytes);
  }

  // --- App: resumable upload (profile picture handles) ---

  function appRoute(ctx: Ctx, edge: string | undefined) {
    if (ctx.method === 'GET' && edge === undefined) return { id: appId, name: appName };
    if (ctx.method !== 'POST' || edge !== 'uploads') return unsupported(ctx, appId, edge, 'Application');
    const fileLength = Number(requiredString(ctx.params, 'file_length'));
    if (!Number.isInteger(fileLength) || fileLength <= 0)
      throw ERRORS.invalidParameter('Param file_length must be a positive integer');
    const fileType = requiredString(ctx.params, 'file_type');
    if (!RESUMABLE_TYPES.has(fileType))
      throw ERRORS.invalidParameter(`Param file_type must be one of ${[...RESUMABLE_TYPES].join(', ')}`);
    const id = `upload:${randomBytes(18).toString('base64url')}`;
    uploads.set(id, { id, fileName: stringParam(ctx.params, 'file_name') ?? '', fileLength, fileType });
    return { id };
  }

  /** `POST /upload:…` takes the whole file at `file_offset: 0` (no resuming in the fake); GET tells the offset. */
  function uploadSessionRoute(ctx: Ctx, id: string) {
    const credentials = ctx.credentials;
    if (credentials && credentials.scheme !== 'OAuth') throw ERRORS.uploadScheme(authStatus);
    authenticate(credentials);
    const session = uploads.get(id);
    if (!session) throw ERRORS.unknownObject(ctx.method, id);
    if (ctx.method === 'GET') return { id, file_offset: session.bytes?.length ?? 0 };
    if (ctx.method !== 'POST') throw ERRORS.unknownObject(ctx.method, id);
    if (Number(ctx.headers.file_offset) !== 0 || ctx.headers.file_offset === undefined)
      throw ERRORS.invalidParameter('The fake takes the whole file at file_offset 0');
    if (ctx.raw.length !== session.fileLength) {
      throw ERRORS.invalidParameter(`Received ${ctx.raw.length} bytes; file_length was ${session.fileLength}`);
    }
    session.bytes = ctx.raw;
    const handle = `4:${Buffer.from(session.fileName).toString('base64')}:${Buffer.from(session.fileType).toString('base64')}:${randomBytes(24).toString('base64url')}`;
    handles.set(handle, { bytes: ctx.raw, type: session.fileType });
    return { h: handle };
  }

  // --- Webhook delivery ---

  function identity(phone: PhoneState): FakePhoneNumber {
    return {
      wabaId: phone.wabaId,
      phoneNumberId: phone.id,
      displayPhoneNumber: phone.displayPhoneNumber,
      verifiedName: phone.verifiedName,
    };
  }

  function sign(raw: string | Buffer) {
    return `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
  }

  /** Where Meta would post this payload, or why it would post nowhere (see the header). */
  function callbackFor(payload: object): { url: string } | { skipped: string } {
    const entry = isObject(payload) && Array.isArray(payload.entry) ? payload.entry[0] : undefined;
    const change = isObject(entry) && Array.isArray(entry.changes) ? entry.changes[0] : undefined;
    if (!isObject(entry) || !isObject(change)) return { skipped: 'the payload has no entry[0].changes[0]' };
    if (change.field === 'message_template_status_update') {
      return appCallbackUrl
        ? { url: appCallbackUrl }
        : { skipped: 'template statuses go to the app URL, and none is set' };
    }
    const waba = wabas.get(String(entry.id));
    if (!waba) return { skipped: `unknown WABA ${String(entry.id)}` };
    if (!waba.subscription) return { skipped: `the app is not subscribed to WABA ${waba.id}` };
    const value = isObject(change.value) ? change.value : {};
    const phoneId = isObject(value.metadata) ? String(value.metadata.phone_number_id) : undefined;
    const url =
      (phoneId ? phones.get(phoneId)?.webhookOverride?.uri : undefined) ??
      waba.subscription.overrideCallbackUri ??
      appCallbackUrl;
    return url ? { url } : { skipped: `no callback URL for WABA ${waba.id}` };
  }

  /** Inbound messages in a payload open their windows and become readable (mark-as-read). */
  function learnInbound(payload: object) {
    const entries = isObject(payload) && Array.isArray(payload.entry) ? payload.entry : [];
    for (const entry of entries.filter(isObject)) {
      const changes = Array.isArray(entry.changes) ? entry.changes.filter(isObject) : [];
      for (const change of changes) {
        const value = isObject(change.value) ? change.value : {};
        const phoneId = isObject(value.metadata) ? String(value.metadata.phone_number_id) : '';
        const messages = Array.isArray(value.messages) ? value.messages.filter(isObject) : [];
        for (const message of messages) {
          inboundIds.add(`${phoneId}:${String(message.id)}`);
          if (message.type !== 'system') windows.set(windowKey(phoneId, String(message.from)), now());
        }
      }
    }
  }

  /**
   * Posts until answered 200 or out of attempts. With `strict`, a payload with nowhere to go rejects (a test asked
   * for it); otherwise the report records why it was skipped.
   */
  async function deliverPayload(payload: object, opts: DeliverOptions, strict: boolean): Promise<DeliveryReport> {
    learnInbound(payload);
    const body = webhookBody(payload, { escapeUnicode: opts.escapeUnicode ?? escapeUnicode });
    const signature = opts.signature === undefined ? sign(body) : opts.signature;
    const entry =
      isObject(payload) && Array.isArray(payload.entry) && isObject(payload.entry[0]) ? payload.entry[0] : {};
    const field = Array.isArray(entry.changes) && isObject(entry.changes[0]) ? String(entry.changes[0].field) : '';
    const report: DeliveryReport = { field, body, signature, attempts: [], delivered: false };
    deliveryLog.push(report);
    const target = opts.to ? { url: opts.to } : callbackFor(payload);
    let url: URL;
    try {
      if ('skipped' in target) throw new Error(`fake Graph API: nowhere to deliver: ${target.skipped}`);
      report.url = target.url;
      url = loopbackUrl(target.url);
    } catch (error) {
      report.skipped = (error as Error).message;
      if (strict) throw error;
      return report;
    }
    await postWithRetry(url, report, opts);
    return report;
  }

  async function postWithRetry(url: URL, report: DeliveryReport, opts: DeliveryOptions) {
    const attempts = opts.attempts ?? options.delivery?.attempts ?? 4;
    const backoff = opts.backoffMs ?? options.delivery?.backoffMs ?? ((n: number) => 20 * 2 ** (n - 1));
    const timeoutMs = opts.timeoutMs ?? options.delivery?.timeoutMs ?? 5000;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(report.body)),
      'user-agent': 'facebookexternalua',
      // Meta still sends the SHA-1 header beside the SHA-256 one; receivers must use the latter.
      'x-hub-signature': `sha1=${createHmac('sha1', appSecret).update(report.body).digest('hex')}`,
      ...(report.signature !== null ? { 'x-hub-signature-256': report.signature } : {}),
    };
    for (let attempt = 1; attempt <= attempts && !shutdown.signal.aborted; attempt++) {
      try {
        const answer = await httpCall(url, {
          method: 'POST',
          headers,
          body: report.body,
          timeoutMs,
          signal: shutdown.signal,
        });
        report.attempts.push({ status: answer.status, body: answer.body, at: now() });
        if (answer.status === 200) {
          report.delivered = true;
          return;
        }
      } catch (error) {
        report.attempts.push({ error: (error as Error).message, at: now() });
      }
      if (attempt < attempts) await sleep(typeof backoff === 'number' ? backoff : backoff(attempt));
    }
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
      shutdown.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }

  async function handshake(
    uri: string,
    verifyToken: string,
    challenge = String(randomInt(100_000_000, 2_000_000_000)),
  ) {
    const url = loopbackUrl(uri);
    url.searchParams.set('hub.mode', 'subscribe');
    url.searchParams.set('hub.challenge', challenge);
    url.searchParams.set('hub.verify_token', verifyToken);
    const answer = await httpCall(url, { method: 'GET', timeoutMs: 5000, signal: shutdown.signal });
    return { ...answer, challenge };
  }

  function track<T>(promise: Promise<T>) {
    const tracked = promise.catch(() => undefined).finally(() => background.delete(tracked));
    background.add(tracked);
  }

  // --- Start ---

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function wabaOf(id: string) {
    const waba = wabas.get(id);
    if (!waba) throw new Error(`fake Graph API: no WABA ${id}`);
    return waba;
  }

  function phoneOf(id: string) {
    const phone = phones.get(id);
    if (!phone) throw new Error(`fake Graph API: no phone number ${id}`);
    return phone;
  }

  const api: FakeGraphApi = {
    root,
    version,
    appId,
    appSecret,

    addWaba(fields = {}) {
      const id = fields.id ?? numericId(15);
      if (wabas.has(id)) throw new Error(`fake Graph API: WABA ${id} exists`);
      wabas.set(id, { id, name: fields.name ?? 'Kree Support' });
      return id;
    },

    addPhoneNumber(wabaId, fields = {}) {
      wabaOf(wabaId);
      const id = fields.id ?? numericId(15);
      if (phones.has(id)) throw new Error(`fake Graph API: phone number ${id} exists`);
      const phone: PhoneState = {
        id,
        wabaId,
        displayPhoneNumber: fields.displayPhoneNumber ?? `1555${numericId(7)}`,
        verifiedName: fields.verifiedName ?? 'Kree Support',
        codeVerificationStatus: fields.codeVerificationStatus ?? 'VERIFIED',
        qualityRating: fields.qualityRating ?? 'GREEN',
        throughput: fields.throughput ?? 'STANDARD',
        platformType: fields.platformType ?? 'CLOUD_API',
        lastOnboardedTime: fields.lastOnboardedTime ?? isoGraphTime(now()),
        registered: fields.pin !== undefined,
        ...(fields.pin !== undefined ? { pin: fields.pin } : {}),
        registerCalls: [],
        profile: {},
      };
      phones.set(id, phone);
      return identity(phone);
    },

    addBusiness(fields = {}) {
      const wabaId = api.addWaba({ id: fields.wabaId, name: fields.wabaName });
      const phone = api.addPhoneNumber(wabaId, fields);
      return { ...phone, token: newToken([wabaId]) };
    },

    addToken(scope = {}) {
      return newToken(scope.wabaIds);
    },

    issueCode(scope = {}) {
      const code = `AQ${randomBytes(96).toString('base64url')}`;
      codes.set(code, { wabaIds: scope.wabaIds, issuedAt: now(), used: false });
      return code;
    },

    revokeToken(token) {
      const state = tokens.get(token);
      if (!state) throw new Error('fake Graph API: unknown token');
      Object.assign(state, { state: 'revoked', changedAt: now() });
    },

    expireToken(token) {
      const state = tokens.get(token);
      if (!state) throw new Error('fake Graph API: unknown token');
      Object.assign(state, { state: 'expired', changedAt: now() });
    },

    phoneNumber(id) {
      const { profile: _profile, ...state } = phoneOf(id);
      return structuredClone(state);
    },

    subscription(wabaId) {
      const subscription = wabaOf(wabaId).subscription;
      return subscription ? { ...subscription } : undefined;
    },

    setAppCallbackUrl(url) {
      appCallbackUrl = url;
    },

    businessProfile(id) {
      return structuredClone(phoneOf(id).profile);
    },

    templates(wabaId) {
      return templates
        .filter((t) => wabaId === undefined || t.wabaId === wabaId)
        .map(({ createdAt: _createdAt, ...t }) => structuredClone(t));
    },

    async approveTemplate(name, scope = {}) {
      return changeTemplateStatus(findTemplates(name, scope), 'APPROVED');
    },

    async rejectTemplate(name, reason = 'INVALID_FORMAT', scope = {}) {
      return changeTemplateStatus(findTemplates(name, scope), 'REJECTED', reason);
    },

    async setTemplateStatus(name, status, scope = {}) {
      return changeTemplateStatus(findTemplates(name, scope), status, scope.reason);
    },

    sent(filter = {}) {
      return sentLog.filter(
        (m) =>
          (filter.phoneNumberId === undefined || m.phoneNumberId === filter.phoneNumberId) &&
          (filter.to === undefined || m.waId === filter.to.replace(/[\s()+-]/g, '')) &&
          (filter.type === undefined || m.type === filter.type),
      );
    },

    waitForSent(predicate = () => true, timeoutMs = 5000) {
      const already = sentLog.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = (m: SentMessage) => {
          if (!predicate(m)) return;
          clearTimeout(timer);
          sentWaiters.delete(waiter);
          resolve(m);
        };
        const timer = setTimeout(() => {
          sentWaiters.delete(waiter);
          const seen = sentLog.map((m) => `  ${m.type} to ${m.to}: ${JSON.stringify(m.request).slice(0, 200)}`);
          reject(
            new Error(
              `fake Graph API: no matching message sent within ${timeoutMs} ms; ` +
                (seen.length ? `sent:\n${seen.join('\n')}` : 'nothing was sent at all'),
            ),
          );
        }, timeoutMs);
        sentWaiters.add(waiter);
      });
    },

    reads: () => readLog.map((r) => ({ ...r })),

    failNextSends(code, times = 1) {
      for (let i = 0; i < times; i++) injected.push(code);
    },

    setOutage(mode) {
      outage = mode;
      if (mode !== 'hang') {
        for (const res of hanging) res.destroy();
        hanging.clear();
      }
    },

    addMedia(bytes, mimeType, extra = {}) {
      const id = extra.id ?? newMediaId();
      const phone = extra.phoneNumberId ? phoneOf(extra.phoneNumberId) : undefined;
      mediaStore.set(id, {
        id,
        bytes,
        mimeType,
        reportedSize: extra.reportedSize === undefined ? String(bytes.length) : extra.reportedSize,
        ...(phone ? { phoneNumberId: phone.id, wabaId: phone.wabaId } : {}),
      });
      return id;
    },

    mediaRef(id) {
      const media = mediaStore.get(id);
      if (!media) throw new Error(`fake Graph API: no media ${id}`);
      return { id, mime_type: media.mimeType, sha256: createHash('sha256').update(media.bytes).digest('base64') };
    },

    media(id) {
      const media = mediaStore.get(id);
      return media ? { bytes: media.bytes, mimeType: media.mimeType, phoneNumberId: media.phoneNumberId } : undefined;
    },

    downloads: () => downloadLog.map((d) => ({ ...d })),

    now,

    advanceClock(ms) {
      clockOffset += ms;
    },

    openWindow(phoneNumberId, waId) {
      windows.set(windowKey(phoneNumberId, waId), now());
    },

    isWindowOpen: windowOpen,

    inboundPayload(phoneNumberId, message, name) {
      const payload = messagePayload(identity(phoneOf(phoneNumberId)), message, name);
      learnInbound(payload);
      return payload;
    },

    receive(phoneNumberId, message, opts = {}) {
      return deliverPayload(api.inboundPayload(phoneNumberId, message, opts.name), opts, true);
    },

    deliver(payload, opts = {}) {
      return deliverPayload(payload, opts, true);
    },

    async deliverDuplicates(payload, opts = {}) {
      const copies = opts.copies ?? 2;
      if (opts.concurrent) {
        return Promise.all(Array.from({ length: copies }, () => deliverPayload(payload, opts, true)));
      }
      const reports: DeliveryReport[] = [];
      for (let i = 0; i < copies; i++) reports.push(await deliverPayload(payload, opts, true));
      return reports;
    },

    async deliverStatus(id, status, opts = {}) {
      const message = sentLog.find((m) => m.wamid === id);
      if (!message) throw new Error(`fake Graph API: no sent message ${id}`);
      const timestamp = unixSeconds(opts.timestamp ?? now());
      const entry =
        status === 'failed'
          ? failedStatus({ id, recipientId: message.waId, error: opts.error ?? undeliverableError(), timestamp })
          : messageStatus({ id, status, recipientId: message.waId, timestamp });
      return deliverPayload(statusPayload(identity(phoneOf(message.phoneNumberId)), [entry]), opts, true);
    },

    deliveries: () => deliveryLog.map((d) => ({ ...d, attempts: [...d.attempts] })),

    verifyCallback(url, verifyToken, challenge) {
      return handshake(url, verifyToken, challenge);
    },

    sign,

    async idle() {
      while (background.size) await Promise.all([...background]);
    },

    requests: () => requestLog.map((r) => ({ ...r })),

    /** Stops retries and timers, drops open connections; calling it again does nothing. */
    async close() {
      if (shutdown.signal.aborted) return;
      shutdown.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await api.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return api;
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
