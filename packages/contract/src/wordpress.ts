import { z } from 'zod';
import { timestampSchema } from './common';

/**
 * The WordPress calls of SPEC §7 for admins (tokens) and the shared shapes of the plugin's signed identity.
 * A token is `<tokenId>.<secret>`: the id is public (the widget carries it in the page), the secret stays in the
 * plugin's options and signs logged-in visitors' identities.
 */

export const WORDPRESS_TOKEN_NAME_MAX = 100;
export const INVALID_TOKEN_NAME = 'Invalid token name!';
export const INVALID_SITE_URL = 'Enter the site address, like https://example.com';

/** A site address reduced to its origin: the widget is accepted only from there (CORS and `Origin`). */
export const siteOriginSchema = z
  .string({ message: INVALID_SITE_URL })
  .trim()
  .min(1, { message: INVALID_SITE_URL })
  .max(2048, { message: INVALID_SITE_URL })
  .transform((value, ctx) => {
    const origin = originOf(value);
    if (origin) return origin;
    ctx.addIssue({ code: 'custom', message: INVALID_SITE_URL });
    return z.NEVER;
  });

/**
 * `https://Example.com:443/shop?x` → `https://example.com`; a bare host gets https. Parsed by hand: the contract
 * runs where no URL global is typed. Null for anything that is not an http(s) address.
 */
export function originOf(value: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  const match = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?(?:[/?#]|$)/i.exec(withScheme);
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase();
  if (host.startsWith('.') || host.endsWith('.') || host.includes('..')) return null;
  const port = match[3] && Number(match[3]);
  if (port !== undefined && port !== '' && (port < 1 || port > 65535)) return null;
  const defaultPort = scheme === 'https' ? 443 : 80;
  return `${scheme}://${host}${port && port !== defaultPort ? `:${port}` : ''}`;
}

export const generateWpTokenBodySchema = z.object({
  tokenName: z
    .string({ message: INVALID_TOKEN_NAME })
    .trim()
    .min(1, { message: INVALID_TOKEN_NAME })
    .max(WORDPRESS_TOKEN_NAME_MAX, { message: `At most ${WORDPRESS_TOKEN_NAME_MAX} characters` }),
  siteUrl: siteOriginSchema,
});
export type GenerateWpTokenBody = z.input<typeof generateWpTokenBodySchema>;

/** SPEC §3 "WordPress token", plus what the control panel shows of a connected site. Never the secret. */
export const wordpressTokenSchema = z.object({
  token_name: z.string(),
  token_id: z.string(),
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
  site_origin: z.string(),
  /** When a widget of this token last reached KreeChat; null while no page has loaded it. */
  last_seen_at: timestampSchema.nullable(),
  /** Widget sessions that are open now. */
  active_sessions: z.number().int(),
});
export type WordpressToken = z.infer<typeof wordpressTokenSchema>;
export const wordpressTokensSchema = z.array(wordpressTokenSchema);

/** Answered once, at generation: the only time the secret leaves the server. */
export const generatedWpTokenSchema = wordpressTokenSchema.extend({ token: z.string() });
export type GeneratedWpToken = z.infer<typeof generatedWpTokenSchema>;

export const deleteWpTokenParamsSchema = z.object({
  tokenId: z.string().regex(/^wpt_[A-Za-z0-9_-]{16,40}$/, { message: '⚠️ Invalid token!' }),
  createdAt: z.string().min(1).max(64),
});

/** SPEC §8, the WordPress token messages. */
export const WP_TOKEN_MESSAGES = {
  invalidResponse: 'Invalid response from the server. Please try again.',
  loadFailed: '⚠️ Failed to load data!',
  deleteFailed: '⚠️ Failed to delete token!',
  invalidToken: '⚠️ Invalid token!',
} as const;

/**
 * The plugin's signed identity of a logged-in WordPress user: `<payload>.<signature>`, where payload is the
 * base64url of the JSON below and signature the lowercase hex HMAC-SHA256 of the payload string, keyed by the
 * token's secret. KreeChat accepts it only while `exp` (Unix seconds) is in the future and at most
 * IDENTITY_MAX_LIFETIME_S ahead.
 */
export const IDENTITY_MAX_LIFETIME_S = 15 * 60;
export const signedIdentityPayloadSchema = z.object({
  v: z.literal(1),
  tokenId: z.string(),
  email: z.string().email().max(254),
  name: z.string().max(200),
  exp: z.number().int(),
  /**
   * Random per signature, so two page loads in the same second sign differently: each signed identity opens one
   * session only (KreeChat remembers it until it expires). Absent from older plugins' identities.
   */
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
});
export type SignedIdentityPayload = z.infer<typeof signedIdentityPayloadSchema>;

/**
 * SPEC §7's WordPress variants of the agent calls. The site token and the visitor's e-mail only name the ticket
 * within the caller's company; the caller's session and role decide, exactly as for the Telegram twins.
 */
const tokenIdSchema = z
  .string()
  .trim()
  .regex(/^wpt_[A-Za-z0-9_-]{16,40}$/, { message: '⚠️ Invalid token!' });
const clientEmailSchema = z
  .string({ message: 'Email not found!' })
  .trim()
  .toLowerCase()
  .pipe(z.string().min(3, { message: 'Email not found!' }).max(254));

export const acceptWordpressTicketBodySchema = z.object({
  company_wordpress_token: tokenIdSchema,
  companyid: z.string().optional(),
  client_email: clientEmailSchema,
});
export const closeWordpressTicketBodySchema = z.object({
  companyWordpressToken: tokenIdSchema,
  clientEmail: clientEmailSchema,
});
export const wordpressMessagesQuerySchema = z.object({
  companyWordpressToken: tokenIdSchema,
  clientEmail: clientEmailSchema,
  index: z.coerce.number().int().min(0).optional(),
  tz: z.string().max(64).optional(),
});
/** POST /send-message-to-wordpress: the headers that name the ticket when the body has no `ticketid`. */
export const WORDPRESS_CLIENT_EMAIL_HEADER = 'x-client-email';
export const WORDPRESS_TOKEN_HEADER = 'x-company-wordpress-token';
export const wordpressFileFieldsSchema = z.object({
  companyWordpressToken: tokenIdSchema,
  clientEmail: clientEmailSchema,
  idempotencyKey: z.string().min(8).max(100).optional(),
});
