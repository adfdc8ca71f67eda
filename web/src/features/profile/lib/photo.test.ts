import { PROFILE_PIC_MAX_BYTES } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { photoProblem } from './photo';

describe('photoProblem', () => {
  it.each(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'IMAGE/PNG'])('takes %s', (type) => {
    expect(photoProblem({ type, size: 1000 })).toBeNull();
  });

  it.each(['image/svg+xml', 'text/plain', 'application/pdf', 'image/heic', ''])('refuses %s', (type) => {
    expect(photoProblem({ type, size: 1000 })).toBe('notImage');
  });

  it('refuses a photo over the cap, and takes one exactly at it', () => {
    expect(photoProblem({ type: 'image/png', size: PROFILE_PIC_MAX_BYTES + 1 })).toBe('tooLarge');
    expect(photoProblem({ type: 'image/png', size: PROFILE_PIC_MAX_BYTES })).toBeNull();
  });
});
