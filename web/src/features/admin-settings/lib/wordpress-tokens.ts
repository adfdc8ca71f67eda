import {
  deleteWpTokenParamsSchema,
  generateWpTokenBodySchema,
  INVALID_SITE_URL,
  INVALID_TOKEN_NAME,
  WP_TOKEN_MESSAGES,
  type WordpressToken,
} from '@kreechat/contract';
import { BAD_RESPONSE_STATUS, errorMessage, isApiError } from '@/lib/api-client';

/** What is wrong with a field of the generate form, as a message key under `settings.wordpress.messages`. */
export type TokenFormProblem = 'invalidName' | 'nameTooLong' | 'invalidSite';

export type TokenFormCheck =
  | { ok: true; body: { tokenName: string; siteUrl: string } }
  | { ok: false; problems: { tokenName?: TokenFormProblem; siteUrl?: TokenFormProblem } };

/**
 * The generate form checked by the contract's own schema before anything is sent (SPEC §5: a token name is
 * required, 'Invalid token name!'). On success the body carries the trimmed name and the site reduced to its origin.
 */
export function checkTokenForm(input: { tokenName: string; siteUrl: string }): TokenFormCheck {
  const parsed = generateWpTokenBodySchema.safeParse(input);
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: { tokenName?: TokenFormProblem; siteUrl?: TokenFormProblem } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'tokenName') {
      problems.tokenName ??= issue.message === INVALID_TOKEN_NAME ? 'invalidName' : 'nameTooLong';
    } else if (field === 'siteUrl') {
      problems.siteUrl ??= 'invalidSite';
    }
  }
  return { ok: false, problems };
}

/** The message keys of SPEC §8's WordPress texts and the contract's own refusals. */
export type WpMessageKey = keyof typeof WP_TOKEN_MESSAGES | 'invalidName' | 'invalidSite';

/** What to tell the admin: a text of ours (translated by key), or the server's own text with a warning mark. */
export type WpFailure = { kind: 'known'; key: WpMessageKey } | { kind: 'server'; text: string };

const WARNING_MARK = '⚠️';

/** SPEC §8: the server's error text is shown "with a warning mark", once, however the server wrote it. */
export function withWarningMark(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith(WARNING_MARK) ? trimmed : `${WARNING_MARK} ${trimmed}`;
}

const withoutWarningMark = (text: string): string =>
  text.startsWith(WARNING_MARK) ? text.slice(WARNING_MARK.length).trim() : text;

const KNOWN_TEXTS = new Map<string, WpMessageKey>([
  ...Object.entries(WP_TOKEN_MESSAGES).map(([key, text]) => [withoutWarningMark(text), key as WpMessageKey] as const),
  [INVALID_TOKEN_NAME, 'invalidName'],
  [INVALID_SITE_URL, 'invalidSite'],
]);

/**
 * SPEC §8 for a failed token call: an answer that does not match the contract is 'Invalid response from the
 * server…'; a refusal (4xx) with a text we know is that text in the admin's language, any other refusal the
 * server's text (in the admin's language when coded) with a warning mark; no answer, or the server's own failure
 * (5xx), is `fallback`.
 */
export function wpTokenFailure(error: unknown, fallback: WpMessageKey): WpFailure {
  if (!isApiError(error)) return { kind: 'known', key: fallback };
  if (error.status === BAD_RESPONSE_STATUS) return { kind: 'known', key: 'invalidResponse' };
  const text = error.serverMessage.trim();
  if (error.status < 400 || error.status >= 500 || !text) return { kind: 'known', key: fallback };
  const key = KNOWN_TEXTS.get(withoutWarningMark(text));
  return key ? { kind: 'known', key } : { kind: 'server', text: withWarningMark(errorMessage(error, text).trim()) };
}

/**
 * The DELETE path of a token, or null when its id and creation date are not what the server accepts (the call is
 * not made; SPEC §8 '⚠️ Invalid token!'). `created_at` is sent as the list gave it, encoded for the path.
 */
export function deleteTokenPath(tokenId: string, createdAt: string): string | null {
  if (!deleteWpTokenParamsSchema.safeParse({ tokenId, createdAt }).success) return null;
  return `/delete-wordpress-token/${encodeURIComponent(tokenId)}/${encodeURIComponent(createdAt)}`;
}

/**
 * The control panel's sites: the ones with open sessions first, then the most recently seen, then those no page
 * has loaded yet; ties by name, so the order does not shuffle between refetches.
 */
export function sitesByActivity(tokens: readonly WordpressToken[]): WordpressToken[] {
  const seen = (token: WordpressToken) => (token.last_seen_at ? Date.parse(token.last_seen_at) || 0 : -Infinity);
  return [...tokens].sort(
    (a, b) =>
      Number(b.active_sessions > 0) - Number(a.active_sessions > 0) ||
      seen(b) - seen(a) ||
      a.token_name.localeCompare(b.token_name) ||
      a.token_id.localeCompare(b.token_id),
  );
}
