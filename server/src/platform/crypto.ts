import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random secret for cookies and webhook paths: 32 bytes, URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A 6-digit code with leading zeros allowed, from the CSPRNG. */
export const randomDigits = (length: number) => Array.from({ length }, () => randomInt(0, 10).toString()).join('');

/** Compares two secrets without leaking through timing where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(sha256(a));
  const right = Buffer.from(sha256(b));
  return timingSafeEqual(left, right);
}
