import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '@kreechat/contract';
import en from '@/locales/en.json';
import ru from '@/locales/ru.json';
import { ApiError, errorMessage } from './api-client';

const failure = (status: number, body: unknown) => new ApiError(status, 'failed', body);

beforeAll(async () => {
  await i18next.init({
    lng: 'ru',
    fallbackLng: 'en',
    resources: { en: { translation: en }, ru: { translation: ru } },
    interpolation: { escapeValue: false },
  });
});

describe('errorMessage of a coded server error', () => {
  it('shows the reader’s language for a known code, not the server’s English', () => {
    const error = failure(409, { message: SERVER_ERRORS.retryNotFailed, code: 'retryNotFailed' });
    expect(errorMessage(error, 'Не удалось повторить')).toBe('Повторить можно только неотправленное сообщение');
  });

  it('words a wait in the reader’s language', () => {
    const error = failure(429, {
      message: 'Too many failed login attempts on this account. Try again in 2 minutes.',
      code: 'loginLockedAccount',
      params: { seconds: 120 },
    });
    expect(errorMessage(error, 'fallback')).toMatch(/^Слишком много неудачных попыток входа .*через 2 мин\.?\.$/);
  });

  it('shows the server’s message for a code this build does not know, and the fallback when there is none', () => {
    expect(errorMessage(failure(409, { message: 'Something new', code: 'somethingNew' }), 'fallback')).toBe(
      'Something new',
    );
    expect(errorMessage(failure(500, null), 'Не удалось')).toBe('Не удалось');
    expect(errorMessage(new Error('network'), 'Не удалось')).toBe('Не удалось');
  });
});
