/**
 * The signed identity of a visitor logged in to the WordPress site (wordpress-plugin/kreechat/includes/
 * class-identity-signer.php makes it): `<payload>.<signature>`, payload the base64url of a small JSON, signature
 * the hex HMAC-SHA256 of the payload string keyed by the token's secret. Pure: the caller gives the secret and now.
 * A valid identity is good for one use only; that is the caller's to enforce (widget.service.ts remembers each one
 * it took until `usableUntil`, past which this refuses it anyway).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { IDENTITY_MAX_LIFETIME_S, signedIdentityPayloadSchema, type SignedIdentityPayload } from '@kreechat/contract';

export type IdentityCheck =
  | { ok: true; identity: SignedIdentityPayload; usableUntil: Date }
  | { ok: false; reason: 'malformed' | 'signature' | 'token' | 'expired' | 'too long-lived' };

/** Allowed difference between the site's clock and ours, either way. */
const CLOCK_SKEW_S = 60;

export const signIdentity = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('hex');

export function verifyIdentity(
  signed: string,
  expected: { tokenId: string; secret: string; now: Date },
): IdentityCheck {
  const match = /^([A-Za-z0-9_-]{1,3000})\.([0-9a-f]{64})$/.exec(signed);
  if (!match) return { ok: false, reason: 'malformed' };
  const [, payload, signature] = match as unknown as [string, string, string];
  const wanted = Buffer.from(signIdentity(payload, expected.secret), 'hex');
  // Checked before the payload is even parsed: nothing an attacker wrote is read unless the site signed it.
  if (!timingSafeEqual(wanted, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'signature' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const identity = signedIdentityPayloadSchema.safeParse(parsed);
  if (!identity.success) return { ok: false, reason: 'malformed' };
  // A token's secret signs for that token only, so a signature cannot be carried to another site of the company.
  if (identity.data.tokenId !== expected.tokenId) return { ok: false, reason: 'token' };
  const now = Math.floor(expected.now.getTime() / 1000);
  if (identity.data.exp <= now - CLOCK_SKEW_S) return { ok: false, reason: 'expired' };
  if (identity.data.exp > now + IDENTITY_MAX_LIFETIME_S + CLOCK_SKEW_S) return { ok: false, reason: 'too long-lived' };
  return {
    ok: true,
    identity: { ...identity.data, email: identity.data.email.trim().toLowerCase() },
    usableUntil: new Date((identity.data.exp + CLOCK_SKEW_S) * 1000),
  };
}
