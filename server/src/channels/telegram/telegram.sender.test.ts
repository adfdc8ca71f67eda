import { GrammyError, HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { classifyTelegramError } from './telegram.sender';

const refusal = (error_code: number, description: string, retry_after?: number) =>
  new GrammyError(
    `Call to 'sendMessage' failed!`,
    { ok: false, error_code, description, ...(retry_after ? { parameters: { retry_after } } : {}) },
    'sendMessage',
    {},
  );

describe('classifyTelegramError: what the message shows when Telegram says no', () => {
  it.each([
    [403, 'Forbidden: bot was blocked by the user', 'clientBlocked'],
    [403, 'Forbidden: user is deactivated', 'clientUnreachable'],
    [400, 'Bad Request: chat not found', 'clientUnreachable'],
    [401, 'Unauthorized', 'channelReconnect'],
    [400, 'Bad Request: message is too long', 'refused'],
  ])('%i %s → %s, with Telegram’s words beside the code', (status, description, code) => {
    expect(classifyTelegramError(refusal(status, description))).toEqual({
      kind: 'failed',
      code,
      reason: description,
      detail: description,
    });
  });

  it('a wait, an outage on its side and no answer are retried, shown if they run out', () => {
    expect(classifyTelegramError(refusal(429, 'Too Many Requests: retry after 3', 3))).toMatchObject({
      kind: 'retryAfter',
      code: 'rateLimited',
      afterMs: 3_000,
    });
    expect(classifyTelegramError(refusal(502, 'Bad Gateway'))).toMatchObject({ kind: 'retry', code: 'unreachable' });
    expect(classifyTelegramError(new HttpError('Network request failed', new Error('ECONNRESET')))).toMatchObject({
      kind: 'retry',
      code: 'unreachable',
    });
    expect(classifyTelegramError(new Error('our own bug'))).toBeUndefined();
  });
});
