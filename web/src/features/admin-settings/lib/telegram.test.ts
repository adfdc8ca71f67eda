import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { checkBotToken, telegramFailure } from './telegram';

const TOKEN = '123456789:AAEabcdefghijklmnopqrstuvwxyz012345';

describe('checkBotToken (SPEC §5)', () => {
  it('trims and accepts a Bot API token', () => {
    expect(checkBotToken(`  ${TOKEN} `)).toEqual({ ok: true, token: TOKEN });
  });

  it('tells an empty field from a wrong shape', () => {
    expect(checkBotToken('   ')).toEqual({ ok: false, problem: 'empty' });
    expect(checkBotToken('not-a-token')).toEqual({ ok: false, problem: 'invalid' });
  });
});

describe('telegramFailure (SPEC §8)', () => {
  const refusal = (telegramError: unknown, message = 'Telegram refused the token') =>
    new ApiError(400, message, { message, telegramError });

  it("uses the known code's message first", () => {
    expect(telegramFailure(refusal({ error_code: 401, description: 'Unauthorized' }))).toEqual({
      kind: 'code',
      code: 401,
    });
  });

  it("falls back to Telegram's description, then the default", () => {
    expect(telegramFailure(refusal({ error_code: 418, description: 'I am a teapot' }))).toEqual({
      kind: 'text',
      text: 'I am a teapot',
    });
    expect(telegramFailure(refusal({ error_code: 418, description: '' }))).toEqual({ kind: 'default' });
  });

  it("shows the server's own message when Telegram said nothing", () => {
    expect(
      telegramFailure(new ApiError(400, 'Invalid Telegram Bot ID!', { message: 'Invalid Telegram Bot ID!' })),
    ).toEqual({ kind: 'text', text: 'Invalid Telegram Bot ID!' });
    expect(telegramFailure(new ApiError(500, 'Internal Server Error', null))).toEqual({ kind: 'default' });
  });

  it('calls a network failure unexpected', () => {
    expect(telegramFailure(new ApiError(NETWORK_ERROR_STATUS, 'No response received from server.'))).toEqual({
      kind: 'network',
    });
    expect(telegramFailure(new TypeError('boom'))).toEqual({ kind: 'network' });
  });
});
