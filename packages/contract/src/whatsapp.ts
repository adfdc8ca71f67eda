import { z } from 'zod';

/**
 * The WhatsApp calls of SPEC §7 (and the manual connection beyond it). Graph's own field names are kept where the
 * SPEC shows them (`verified_name`, `throughput.level` …); access tokens never appear in any response.
 */

const required = (message: string) => z.string({ message }).trim().min(1, { message });

/**
 * Meta's codes are a few hundred characters; the cap leaves room for longer ones while a body of any size is
 * refused here, with a 400, rather than passed on to Graph (which answers with an error of its own, a 502 to us).
 */
export const WHATSAPP_CODE_MAX_LENGTH = 2048;

/** Embedded signup, step 1: the code from `FB.login`, exchanged at once (it lives about 30 seconds). */
export const setupWhatsAppBodySchema = z.object({
  token: required('The authorization code is missing').pipe(
    z.string().max(WHATSAPP_CODE_MAX_LENGTH, { message: 'The authorization code is too long' }),
  ),
});
export const setupWhatsAppResponseSchema = z.object({ status: z.literal('ok') });

const graphId = (what: string) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .regex(/^\d{1,32}$/, { message: `${what} must be the number Meta shows` });

/** Embedded signup, step 2: what the `WA_EMBEDDED_SIGNUP` FINISH event carried. */
export const setupWhatsAppWebhookBodySchema = z.object({
  business_data: z.object({
    phone_number_id: graphId('The phone number id'),
    waba_id: graphId('The WhatsApp Business Account id'),
    business_id: graphId('The business id').optional(),
  }),
});

/** Beyond SPEC: a number connected with a system user's token, for deployments without a Meta Tech Provider app. */
export const connectWhatsAppNumberBodySchema = z.object({
  wabaId: graphId('The WhatsApp Business Account id'),
  phoneNumberId: graphId('The phone number id'),
  accessToken: required('The access token is required').pipe(
    z.string().max(1024, { message: 'The access token is too long' }),
  ),
});

export const whatsAppConnectedSchema = z.object({
  phoneNumberId: z.string(),
  wabaId: z.string(),
  displayPhoneNumber: z.string().nullable(),
  verifiedName: z.string().nullable(),
});
export type WhatsAppConnected = z.infer<typeof whatsAppConnectedSchema>;

/** GET /whatsapp-setup (beyond SPEC): what the home page shows before anything is read from Graph. */
export const whatsAppSetupInfoSchema = z.object({
  /** Embedded signup is offered only when the server has a Meta app (WHATSAPP_APP_ID, _SECRET, _CONFIG_ID). */
  embeddedSignup: z.union([
    z.object({ available: z.literal(true), appId: z.string(), configId: z.string(), graphVersion: z.string() }),
    z.object({ available: z.literal(false), missing: z.array(z.string()) }),
  ]),
  /** Webhook signatures need WHATSAPP_APP_SECRET; without it inbound traffic cannot be accepted. */
  webhookReady: z.boolean(),
  callbackUrl: z.string().nullable(),
  numbers: z.array(whatsAppConnectedSchema),
});
export type WhatsAppSetupInfo = z.infer<typeof whatsAppSetupInfoSchema>;

/** SPEC §3 "WhatsApp phone number". */
export const whatsAppPhoneNumberSchema = z.object({
  id: z.string(),
  verified_name: z.string().nullable(),
  code_verification_status: z.string().nullable(),
  display_phone_number: z.string().nullable(),
  quality_rating: z.string().nullable(),
  throughput: z.object({ level: z.string().nullable() }),
  last_onboarded_time: z.string().nullable(),
  webhook_status: z.boolean(),
});
export type WhatsAppPhoneNumber = z.infer<typeof whatsAppPhoneNumberSchema>;
export const whatsAppPhoneNumbersSchema = z.array(whatsAppPhoneNumberSchema);

export const togglePhoneNumberWebhookBodySchema = z.object({ phoneNumberId: graphId('The phone number id') });
export const togglePhoneNumberWebhookResponseSchema = z.object({ webhook_status: z.boolean() });

/** SPEC §3 "Business profile"; the limits are Meta's (channel-apis.md §2.6). */
export const BUSINESS_PROFILE_LIMITS = { about: 139, email: 128, description: 256, address: 256, website: 256 };
export const businessProfileSchema = z.object({
  about: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

const optionalText = (limit: number, what: string) =>
  z
    .string()
    .trim()
    .max(limit, { message: `${what} may be at most ${limit} characters` })
    .optional();

/** The text fields of POST /edit-whatsapp-profile (multipart; the picture travels as a file part). */
export const editBusinessProfileFieldsSchema = z.object({
  profileId: graphId('The phone number id'),
  about: optionalText(BUSINESS_PROFILE_LIMITS.about, 'About'),
  email: optionalText(BUSINESS_PROFILE_LIMITS.email, 'The e-mail address').refine(
    (value) => !value || z.email().safeParse(value).success,
    { message: 'Please enter a valid email address!' },
  ),
  description: optionalText(BUSINESS_PROFILE_LIMITS.description, 'The description'),
  website: optionalText(BUSINESS_PROFILE_LIMITS.website, 'The website').refine(
    (value) => !value || /^https?:\/\/\S+$/i.test(value),
    { message: 'The website must start with http:// or https://' },
  ),
  address: optionalText(BUSINESS_PROFILE_LIMITS.address, 'The address'),
});
export type EditBusinessProfileFields = z.infer<typeof editBusinessProfileFieldsSchema>;
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** SPEC §3 "Template" (+ language, which identifies it together with the name). */
export const whatsAppTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  status: z.string(),
  language: z.string(),
  body: z.string().nullable(),
});
export type WhatsAppTemplate = z.infer<typeof whatsAppTemplateSchema>;
export const whatsAppTemplatesSchema = z.array(whatsAppTemplateSchema);

const EMPTY = 'Cannot submit an empty field!';
export const submitWhatsAppTemplateBodySchema = z.object({
  template_title: required(EMPTY).pipe(z.string().max(512, { message: 'The title is too long' })),
  template_text: required(EMPTY).pipe(z.string().max(1024, { message: 'The message may be at most 1024 characters' })),
  /** Meta's locale code, e.g. en_US; the company's language when left out. */
  language: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { message: 'Choose a language' })
    .optional(),
});

/** A template's name is its title, lowercase, with underscores (Meta allows a–z, 0–9 and _). */
export function templateNameOf(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 512);
}

/** The handler sends an approved template when the 24-hour window is closed. */
export const sendWhatsAppTemplateBodySchema = z.object({
  ticketid: z.string().uuid(),
  created_on: z.string().max(64).optional(),
  name: z.string().regex(/^[a-z0-9_]{1,512}$/),
  language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/),
});

/**
 * GET /{ticketid}/whatsapp-window (beyond SPEC): whether the client's 24-hour window is open (only their own message
 * opens it), when it closes, and, while it is closed, the approved templates the handler may send instead.
 */
export const whatsAppWindowSchema = z.object({
  open: z.boolean(),
  closesAt: z.string().nullable(),
  templates: z.array(z.object({ name: z.string(), language: z.string(), body: z.string().nullable() })),
});
export type WhatsAppWindow = z.infer<typeof whatsAppWindowSchema>;
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Live: a template's review result (to the company's admins). Not in SPEC §7. */
export const templateStatusEventSchema = z.object({ name: z.string(), language: z.string(), status: z.string() });
export type TemplateStatusEvent = z.infer<typeof templateStatusEventSchema>;

export const WHATSAPP_SETUP_OK = 'WhatsApp number connected!';
export const WHATSAPP_TEMPLATE_SUBMITTED = 'Template submitted. Approval may take up to 24 hours.';
