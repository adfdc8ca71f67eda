import { describe, expect, it } from 'vitest';
import { storable } from './storable';

describe('storable', () => {
  it('replaces every NUL character, however deep, with U+FFFD', () => {
    const update = { update_id: 1, message: { text: 'a\u0000b\u0000', entities: [{ type: 'x\u0000' }], n: 3 } };
    expect(storable(update)).toEqual({
      update_id: 1,
      message: { text: 'a\uFFFDb\uFFFD', entities: [{ type: 'x\uFFFD' }], n: 3 },
    });
    // The caller's object is left as it was.
    expect(update.message.text).toBe('a\u0000b\u0000');
  });

  it('replaces lone surrogates too, keeps well-formed pairs, and cleans keys', () => {
    const update = { message: { text: 'a\uD800b\uDFFF😀', ['k\u0000']: 1 } };
    expect(storable(update)).toEqual({ message: { text: 'a\uFFFDb\uFFFD😀', ['k\uFFFD']: 1 } });
  });

  it('returns an update without NUL as it is, without copying it', () => {
    const update = { update_id: 2, message: { text: 'plain', entities: [{ type: 'bold' }] }, empty: null };
    expect(storable(update)).toBe(update);
  });
});
