import { describe, expect, it } from 'vitest';
import { keyBytes, sameKey } from './push';

// A real VAPID public key (65 bytes, uncompressed P-256 point) as web-push prints it.
const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

describe('push keys', () => {
  it('decodes a base64url VAPID key to its 65 bytes', () => {
    const bytes = keyBytes(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(KEY);
  });

  it('tells whether a subscription was made with the same key', () => {
    expect(sameKey(keyBytes(KEY).buffer, KEY)).toBe(true);
    const other = keyBytes(KEY);
    other[10] = other[10]! ^ 1;
    expect(sameKey(other.buffer, KEY)).toBe(false);
    expect(sameKey(null, KEY)).toBe(false);
    expect(sameKey(new Uint8Array(3).buffer, KEY)).toBe(false);
  });
});
