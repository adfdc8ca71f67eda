/**
 * PostgreSQL stores no NUL character in text or jsonb, yet a client's message may carry one (pasted from a file,
 * sent by a broken client). An update holding one could never be recorded: the webhook would answer 500 and the
 * channel redeliver it for ever, and the message would be lost. So, unlike an agent's request (refused with a 400
 * at the HTTP edge, platform/storable-input.ts), an update is kept: each character the edge would refuse — NUL, or
 * a lone surrogate, in a value or a key — becomes U+FFFD (the replacement character) before anything is recorded.
 * An update without one is returned as it is, not copied.
 */
import { hasUnstorableCharacter, replaceUnstorable } from '../platform/storable-input';

export function storable<T>(value: T): T {
  return clean(value) as T;
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return hasUnstorableCharacter(value) ? replaceUnstorable(value) : value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const cleaned = clean(item);
      if (cleaned !== item) (copy ??= [...value])[i] = cleaned;
    });
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.some(([key]) => hasUnstorableCharacter(key))) {
      return Object.fromEntries(entries.map(([key, item]) => [replaceUnstorable(key), clean(item)]));
    }
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of entries) {
      const cleaned = clean(item);
      if (cleaned !== item) (copy ??= { ...value })[key] = cleaned;
    }
    return copy ?? value;
  }
  return value;
}
