import { ACCOUNT_MESSAGES } from '@kreechat/contract';
import type { TFunction } from 'i18next';
import { errorMessage, isApiError } from '@/lib/api-client';

/**
 * The words for a refused e-mail or password change, in the user's language: the server's account texts are
 * matched exactly (they are the contract's), a 429 is the wrong-password limit, anything else the server's own
 * message or `fallback`.
 */
export function accountErrorMessage(error: unknown, t: TFunction, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 429) return t('profile.tooManyAttempts');
  switch (error.serverMessage) {
    case ACCOUNT_MESSAGES.currentPasswordWrong:
      return t('profile.currentPasswordWrong');
    case ACCOUNT_MESSAGES.currentPasswordRequired:
      return t('profile.currentPasswordRequired');
    case ACCOUNT_MESSAGES.passwordsDoNotMatch:
      return t('profile.passwordsDoNotMatch');
    case ACCOUNT_MESSAGES.samePassword:
      return t('profile.samePassword');
    default:
      return errorMessage(error, fallback);
  }
}
