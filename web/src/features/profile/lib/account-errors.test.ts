import { ACCOUNT_MESSAGES } from '@kreechat/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { accountErrorMessage } from './account-errors';

/** A `t` that names the key it was asked for, so the test sees which translation was chosen. */
const t = ((key: string) => `t:${key}`) as unknown as TFunction;
const refused = (status: number, message: string) => new ApiError(status, message, { message });

describe('accountErrorMessage', () => {
  it('translates the server’s account texts and the wrong-password limit', () => {
    expect(accountErrorMessage(refused(403, ACCOUNT_MESSAGES.currentPasswordWrong), t, 'x')).toBe(
      't:profile.currentPasswordWrong',
    );
    expect(accountErrorMessage(refused(400, ACCOUNT_MESSAGES.currentPasswordRequired), t, 'x')).toBe(
      't:profile.currentPasswordRequired',
    );
    expect(accountErrorMessage(refused(400, ACCOUNT_MESSAGES.samePassword), t, 'x')).toBe('t:profile.samePassword');
    expect(accountErrorMessage(refused(429, 'Too many wrong passwords.'), t, 'x')).toBe('t:profile.tooManyAttempts');
  });

  it('shows any other server message as it is, and the fallback without one', () => {
    expect(accountErrorMessage(refused(409, 'This email is already in use'), t, 'fallback')).toBe(
      'This email is already in use',
    );
    expect(accountErrorMessage(new ApiError(500, 'Internal', null), t, 'fallback')).toBe('fallback');
    expect(accountErrorMessage(new Error('network'), t, 'fallback')).toBe('fallback');
  });
});
