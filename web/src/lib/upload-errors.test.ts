import { describe, expect, it } from 'vitest';
import { UPLOAD_ERRORS } from '@kreechat/contract';
import en from '@/locales/en.json';
import { ApiError } from './api-client';
import { uploadErrorText, UPLOAD_ERROR_KEYS } from './upload-errors';

const refused = (status: number, message: string) => new ApiError(status, message, { message });
const t = (key: string) => `t(${key})`;

describe('uploadErrorText', () => {
  it('translates each of the contract’s upload refusals by its key', () => {
    expect(uploadErrorText(refused(415, UPLOAD_ERRORS.typeNotAccepted), t, 'failed')).toBe(
      't(uploads.typeNotAccepted)',
    );
    expect(uploadErrorText(refused(413, UPLOAD_ERRORS.companyFull), t, 'failed')).toBe('t(uploads.companyFull)');
    expect(uploadErrorText(refused(429, UPLOAD_ERRORS.dailyAllowanceUsed), t, 'failed')).toBe(
      't(uploads.dailyAllowanceUsed)',
    );
  });

  it('shows any other server text as it is, and the fallback when there is none', () => {
    expect(uploadErrorText(refused(409, 'This ticket is closed'), t, 'failed')).toBe('This ticket is closed');
    expect(uploadErrorText(new Error('offline'), t, 'failed')).toBe('failed');
  });

  it('has an English text for every key, saying what the server says', () => {
    for (const [reason, key] of Object.entries(UPLOAD_ERROR_KEYS)) {
      const text = en.uploads[key.slice('uploads.'.length) as keyof typeof en.uploads];
      expect(text.startsWith(UPLOAD_ERRORS[reason as keyof typeof UPLOAD_ERRORS].replace(/\.$/, ''))).toBe(true);
    }
  });
});
