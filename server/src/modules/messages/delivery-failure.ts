import { DELIVERY_FAILURE_CODES, type DeliveryFailureCode } from '@kreechat/contract';

/** Why a send failed: a code the web app translates, and the remote's own words when it gave any. */
export type DeliveryFailure = { code: DeliveryFailureCode; detail?: string | null };

const codes = new Set<string>(DELIVERY_FAILURE_CODES);

/**
 * The failure as `messages.delivery_error` keeps it: `{"code":…,"detail":…}`. The column held free English text
 * before codes; such a row reads back as no code and its text (see `readFailure`), so no migration is needed.
 */
export function storedFailure(failure: DeliveryFailure): string {
  return JSON.stringify({ code: failure.code, detail: failure.detail ?? null });
}

/** The API's `delivery_failure` and `delivery_error` of a stored failure (or of an older free text, kept as is). */
export function readFailure(stored: string | null): {
  delivery_failure: DeliveryFailureCode | null;
  delivery_error: string | null;
} {
  if (stored === null) return { delivery_failure: null, delivery_error: null };
  if (stored.startsWith('{')) {
    try {
      const parsed = JSON.parse(stored) as { code?: unknown; detail?: unknown };
      if (typeof parsed.code === 'string' && codes.has(parsed.code)) {
        return {
          delivery_failure: parsed.code as DeliveryFailureCode,
          delivery_error: typeof parsed.detail === 'string' ? parsed.detail : null,
        };
      }
    } catch {
      // Not ours: an older free text that happens to start with a brace.
    }
  }
  return { delivery_failure: null, delivery_error: stored };
}
