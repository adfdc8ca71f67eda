import { z } from 'zod';
import { LANGUAGES, timestampSchema, uuidSchema } from './common';
import { MESSAGE_MAX_LENGTH, MESSAGE_TYPES } from './messages';

/**
 * The WordPress chat widget's API (`/api/widget/…`), called from the company's site, cross-origin: every call
 * but creating a session carries `Authorization: Bearer <session>`, never a cookie. The widget bundle imports
 * only the types of this file (no zod at run time), so it stays small.
 */

export const WIDGET_BASE = '/api/widget';
/** Socket.IO path of the widget's live connection (its own server: foreign origins, bearer auth). */
export const WIDGET_SOCKET_PATH = '/api/widget/live';
/** How often the widget asks for new messages while its socket cannot connect. */
export const WIDGET_POLL_MS = 4000;

export const widgetGuestSchema = z.object({
  name: z.string({ message: 'Enter your name' }).trim().min(1, { message: 'Enter your name' }).max(100),
  email: z
    .string({ message: 'Enter a valid e-mail' })
    .trim()
    .toLowerCase()
    .pipe(z.string().email({ message: 'Enter a valid e-mail' }).max(254)),
});

/** POST /api/widget/sessions: a logged-in WordPress user's signed identity, or a guest's own name and e-mail. */
export const createWidgetSessionBodySchema = z
  .object({
    tokenId: z.string().regex(/^wpt_[A-Za-z0-9_-]{16,40}$/, { message: 'Invalid token' }),
    identity: z.string().max(4096).optional(),
    guest: widgetGuestSchema.optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((b) => Boolean(b.identity) !== Boolean(b.guest), { message: 'Give an identity or a guest, not both' });
export type CreateWidgetSessionBody = z.input<typeof createWidgetSessionBodySchema>;

export const widgetDepartmentSchema = z.object({ id: z.string(), name: z.string() });
export type WidgetDepartment = z.infer<typeof widgetDepartmentSchema>;

export const widgetVisitorSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** True only for an identity the site signed; a guest's e-mail is what they typed. */
  verified: z.boolean(),
});
export type WidgetVisitor = z.infer<typeof widgetVisitorSchema>;

export const widgetSessionSchema = z.object({
  visitor: widgetVisitorSchema,
  language: z.enum(LANGUAGES),
  /** The departments a first message may go to; empty when the company has one (it goes there). */
  departments: z.array(widgetDepartmentSchema),
});
export type WidgetSession = z.infer<typeof widgetSessionSchema>;
export const createdWidgetSessionSchema = widgetSessionSchema.extend({ session: z.string() });
export type CreatedWidgetSession = z.infer<typeof createdWidgetSessionSchema>;

/**
 * A signed-in visitor's session stands on the site's word for at most WIDGET_IDENTITY_CHECK_S: after that every call
 * of it is refused (401) with WIDGET_IDENTITY_CHECK_MESSAGE until the site proves the same e-mail again with a fresh
 * signed identity (POST /api/widget/session/identity), so a session does not outlive its WordPress login by long.
 * Guests have nothing to prove. Ending the session (POST /end) is always allowed.
 */
export const WIDGET_IDENTITY_CHECK_S = 60 * 60;
export const WIDGET_IDENTITY_CHECK_MESSAGE = 'Your sign-in needs checking again';
/** POST /api/widget/session/identity: a fresh signed identity of the session's own visitor; answers WidgetSession. */
export const proveWidgetIdentityBodySchema = z.object({ identity: z.string().min(1).max(4096) });
export type ProveWidgetIdentityBody = z.input<typeof proveWidgetIdentityBodySchema>;

/**
 * What the company tells a client whose ticket closed (Settings → Automatic messages), in the client's language with
 * the variables filled in, as Telegram and WhatsApp get it: each null when switched off. No rating question, no stars.
 */
export const widgetClosingSchema = z.object({
  text: z.string().nullable(),
  ratingQuestion: z.string().nullable(),
  ratingThanks: z.string().nullable(),
});
export type WidgetClosing = z.infer<typeof widgetClosingSchema>;

export const widgetTicketSchema = z.object({
  id: z.string(),
  stage: z.enum(['pending', 'accepted', 'closed']),
  rating: z.number().int().nullable(),
  /** Null while the ticket is open. */
  closing: widgetClosingSchema.nullable(),
});
export type WidgetTicket = z.infer<typeof widgetTicketSchema>;

export const widgetFileSchema = z.object({
  name: z.string(),
  size: z.number().nullable(),
  kind: z.enum(['image', 'video', 'audio', 'document']),
  /** Relative to the KreeChat address; fetched with the bearer. */
  url: z.string(),
});

export const widgetMessageSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  ticketId: z.string(),
  type: z.enum(MESSAGE_TYPES),
  text: z.string(),
  from: z.enum(['visitor', 'agent', 'system']),
  agentName: z.string().nullable(),
  createdAt: timestampSchema,
  file: widgetFileSchema.nullable(),
  /** The key the widget sent it with, so it can replace its optimistic copy. */
  clientMessageId: z.string().nullable(),
});
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;

export const WIDGET_PAGE_SIZE = 50;
/** GET /api/widget/messages: the newest page, `before` a seq for older ones, `after` a seq for newer (polling). */
export const widgetMessagesQuerySchema = z.object({
  before: z.coerce.number().int().min(0).optional(),
  after: z.coerce.number().int().min(0).optional(),
});
export const widgetMessagesSchema = z.object({
  messages: z.array(widgetMessageSchema),
  hasMore: z.boolean(),
  ticket: widgetTicketSchema.nullable(),
  /** Messages written before a department was chosen: the widget shows them and asks again. */
  held: z.array(z.object({ text: z.string(), createdAt: timestampSchema })),
});
export type WidgetMessages = z.infer<typeof widgetMessagesSchema>;

export const sendWidgetMessageBodySchema = z.object({
  text: z
    .string({ message: 'Cannot send an empty message' })
    .trim()
    .min(1, { message: 'Cannot send an empty message' })
    .max(MESSAGE_MAX_LENGTH, { message: `At most ${MESSAGE_MAX_LENGTH} characters` }),
  clientMessageId: uuidSchema,
  /** With no open ticket and several departments: where it goes. Without it the message waits for the choice. */
  departmentId: uuidSchema.optional(),
});
export type SendWidgetMessageBody = z.input<typeof sendWidgetMessageBodySchema>;
/** `held`: stored until a department is chosen (POST /department); the answer then has no message yet. */
export const sentWidgetMessageSchema = z.object({
  status: z.enum(['appended', 'held']),
  message: widgetMessageSchema.nullable(),
});
export type SentWidgetMessage = z.infer<typeof sentWidgetMessageSchema>;

export const chooseWidgetDepartmentBodySchema = z.object({ departmentId: uuidSchema });
export const rateWidgetTicketBodySchema = z.object({
  ticketId: uuidSchema,
  rating: z.number().int().min(1).max(3),
});

/** Live events on the widget's socket (server → widget). */
export type WidgetServerEvents = {
  message: (message: WidgetMessage) => void;
  ticket: (ticket: WidgetTicket) => void;
  /** A bot text (department question, rating thanks), already in the visitor's language. */
  notice: (notice: { kind: string; text: string; departments: WidgetDepartment[] }) => void;
  /** The session ended (token revoked, client blocked): the widget forgets it. */
  ended: () => void;
};

/** What the plugin prints into the page for the widget (window.kreechatWidget). */
export type WidgetPageConfig = {
  /** The KreeChat address, no trailing slash. */
  server: string;
  tokenId: string;
  /** The plugin's identity route (built with rest_url), and the REST nonce; both null for a logged-out visitor. */
  identityUrl: string | null;
  nonce: string | null;
  /** When true, the widget waits for `window.KreeChat.consent()` before it loads anything. */
  requireConsent: boolean;
  /** The site's locale (`get_locale()`), e.g. ru_RU; the widget picks one of its 8 languages from it. */
  locale: string;
};
