import { INTERVALS_OVERLAP, UNKNOWN_VARIABLE } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { messageKey } from './contract-messages';

describe('messageKey', () => {
  it('knows the contract messages and nothing else', () => {
    expect(messageKey(INTERVALS_OVERLAP)).toBe('openingHours.errors.overlap');
    expect(messageKey(UNKNOWN_VARIABLE)).toBe('autoMessages.errors.unknownVariable');
    expect(messageKey('The database is unavailable')).toBeNull();
  });
});
