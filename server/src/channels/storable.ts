/**
 * PostgreSQL stores no NUL character in text or jsonb, yet a client's message may carry one (pasted from a file,
 * sent by a broken client). An update holding one could never be recorded: the webhook would answer 500 and the
 * channel redeliver it for ever, and the message would be lost. Each NUL becomes U+FFFD (the replacement
 * character) before anything is recorded; an update without one is returned as it is, not copied.
 */
export function storable<T>(value: T): T {
  return clean(value) as T;
}

const REPLACEMENT = '\uFFFD';

function clean(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\0') ? value.replaceAll('\0', REPLACEMENT) : value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const cleaned = clean(item);
      if (cleaned !== item) (copy ??= [...value])[i] = cleaned;
    });
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const cleaned = clean(item);
      if (cleaned !== item) (copy ??= { ...value })[key] = cleaned;
    }
    return copy ?? value;
  }
  return value;
}
