import { describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_MAX_BYTES } from '@kreechat/contract';
import { characterCount, checkBusinessProfile, pictureProblem, profileValues } from './business-profile';

const empty = profileValues(undefined);

describe('checkBusinessProfile', () => {
  it('sends the trimmed fields', () => {
    expect(
      checkBusinessProfile('106540352242922', {
        ...empty,
        about: ' We answer fast ',
        email: 'help@kree.example',
        website: 'https://kree.example',
      }),
    ).toEqual({
      ok: true,
      fields: {
        profileId: '106540352242922',
        about: 'We answer fast',
        email: 'help@kree.example',
        description: '',
        website: 'https://kree.example',
        address: '',
      },
    });
  });

  it("names each field over Meta's limit or malformed", () => {
    expect(
      checkBusinessProfile('1', {
        about: 'a'.repeat(140),
        email: 'not-an-email',
        description: 'd'.repeat(257),
        website: 'kree.example',
        address: 'fine',
      }),
    ).toEqual({
      ok: false,
      problems: { about: 'tooLong', email: 'invalid', description: 'tooLong', website: 'invalid' },
    });
  });

  it('counts what the limit counts', () => {
    expect(characterCount('about', '  hi  ')).toEqual({ count: 2, limit: 139, over: false });
    expect(characterCount('about', 'a'.repeat(140))).toMatchObject({ over: true });
  });
});

describe('pictureProblem', () => {
  it('takes a JPEG or PNG up to the limit', () => {
    expect(pictureProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(pictureProblem({ type: 'image/PNG', size: PROFILE_PICTURE_MAX_BYTES })).toBeNull();
    expect(pictureProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(pictureProblem({ type: '', size: 10 })).toBe('type');
    expect(pictureProblem({ type: 'image/png', size: PROFILE_PICTURE_MAX_BYTES + 1 })).toBe('size');
  });
});
