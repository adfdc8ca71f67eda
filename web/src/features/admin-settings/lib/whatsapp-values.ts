/**
 * Graph's WhatsApp values as the admin reads them (channel-apis.md §2.5, §2.7): known values get a translated
 * label and a tone, anything newer Meta sends is still shown, in words.
 */

export const VERIFICATION_STATUSES = ['VERIFIED', 'NOT_VERIFIED', 'EXPIRED'] as const;
export const QUALITY_RATINGS = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export const THROUGHPUT_LEVELS = ['STANDARD', 'HIGH', 'NOT_APPLICABLE'] as const;
export const TEMPLATE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;

/** `value` when it is one of `known` (Graph spells them in capitals; case is not trusted), else null. */
export function knownValue<T extends string>(value: string | null | undefined, known: readonly T[]): T | null {
  if (!value) return null;
  const upper = value.trim().toUpperCase();
  return known.find((entry) => entry === upper) ?? null;
}

/** An unknown Graph value in words: `PENDING_DELETION` → "Pending deletion". */
export function humanize(value: string): string {
  const words = value.trim().replace(/_+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

const TEMPLATE_TONES: Record<string, Tone> = {
  APPROVED: 'success',
  PENDING: 'warning',
  IN_APPEAL: 'warning',
  PENDING_DELETION: 'warning',
  REJECTED: 'danger',
  DISABLED: 'danger',
  PAUSED: 'danger',
  FLAGGED: 'danger',
  LOCKED: 'danger',
  LIMIT_EXCEEDED: 'danger',
};

export const templateStatusTone = (status: string): Tone => TEMPLATE_TONES[status.trim().toUpperCase()] ?? 'neutral';

/** A template still waiting for Meta's review, which may take up to 24 hours (SPEC §9). */
export const isPendingTemplate = (status: string): boolean => status.trim().toUpperCase() === 'PENDING';

const QUALITY_TONES: Record<string, Tone> = { GREEN: 'success', YELLOW: 'warning', RED: 'danger' };
export const qualityTone = (rating: string | null): Tone =>
  (rating && QUALITY_TONES[rating.trim().toUpperCase()]) || 'neutral';

export const verificationTone = (status: string | null): Tone => {
  const known = knownValue(status, VERIFICATION_STATUSES);
  return known === 'VERIFIED' ? 'success' : known === 'EXPIRED' ? 'danger' : known ? 'warning' : 'neutral';
};

/**
 * Graph writes times like `2025-06-01T10:00:00+0000`: an offset without a colon, which `Date` in some browsers does
 * not read. Returns the same instant as an ISO string the date helpers understand, or null when it is no time.
 */
export function graphTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  const withColon = trimmed.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = /^\d+$/.test(trimmed) ? new Date(Number(trimmed) * 1000) : new Date(withColon);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** What names a connected number: its phone number and the name Meta verified for it. */
export type ConnectedNumberFields = {
  phoneNumberId: string;
  displayPhoneNumber: string | null;
  verifiedName: string | null;
};

/** A connected number's phone ("+1 555-010-0199", its id when Graph gave no display number) and verified name. */
export function connectedNumberParts(number: ConnectedNumberFields): { phone: string; name: string | null } {
  return {
    phone: number.displayPhoneNumber?.trim() || number.phoneNumberId,
    name: number.verifiedName?.trim() || null,
  };
}
