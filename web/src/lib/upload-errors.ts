import { uploadErrorOf, type UploadError } from '@kreechat/contract';
import { errorMessage, isApiError } from './api-client';

/** The translation key of each upload refusal the server words with the contract's UPLOAD_ERRORS. */
export const UPLOAD_ERROR_KEYS = {
  typeNotAccepted: 'uploads.typeNotAccepted',
  companyFull: 'uploads.companyFull',
  overDailyAllowance: 'uploads.overDailyAllowance',
  dailyAllowanceUsed: 'uploads.dailyAllowanceUsed',
} as const satisfies Record<UploadError, `uploads.${UploadError}`>;

export type UploadErrorKey = (typeof UPLOAD_ERROR_KEYS)[UploadError];

/**
 * What to tell someone whose upload failed: a refusal of the contract's (a type the chat does not carry, storage
 * full) in their language by its key, else the server's own text, else `fallback`.
 */
export function uploadErrorText(error: unknown, t: (key: UploadErrorKey) => string, fallback: string): string {
  const known = isApiError(error) ? uploadErrorOf(error.serverMessage) : undefined;
  return known ? t(UPLOAD_ERROR_KEYS[known]) : errorMessage(error, fallback);
}
