import type { WidgetVisitor } from '@kreechat/contract';

/**
 * Which widget session a page load uses. The stored session (its visitor from `GET /session`, null when there is
 * none or it ended) is kept only when it still belongs to whoever is looking at the page:
 * - a signed identity from the site (a logged-in WordPress user): the stored session if it is that same verified
 *   e-mail, else a new verified session (another user logged in on this browser, or a guest who logged in);
 * - no identity (logged out, or the identity call failed): the stored session if it is a guest's, else the guest
 *   form — a verified session is never shown to whoever uses the browser after its user logged out.
 * A stored session that is not kept is ended on the server too, once its replacement exists.
 */
export type SessionDecision = { kind: 'reuse' } | { kind: 'verify' } | { kind: 'guest' };

export function decideSession(
  stored: Pick<WidgetVisitor, 'email' | 'verified'> | null,
  identity: string | null,
): SessionDecision {
  if (identity) {
    const email = identityEmail(identity);
    const same = stored?.verified && email !== null && sameEmail(stored.email, email);
    return same ? { kind: 'reuse' } : { kind: 'verify' };
  }
  return stored && !stored.verified ? { kind: 'reuse' } : { kind: 'guest' };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The e-mail inside the plugin's signed identity (`<base64url JSON>.<hex HMAC>`, contract `SignedIdentityPayload`),
 * read without checking the signature — only KreeChat can, and does when the identity is sent. The widget reads it
 * just to know whether the stored session is the same person's. Null when it cannot be read.
 */
export function identityEmail(identity: string): string | null {
  const payload = identity.split('.')[0] ?? '';
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const email = (parsed as { email?: unknown } | null)?.email;
    return typeof email === 'string' && email !== '' ? email : null;
  } catch {
    return null;
  }
}
