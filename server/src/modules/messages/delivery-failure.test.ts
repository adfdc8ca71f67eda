import { describe, expect, it } from 'vitest';
import { readFailure, storedFailure } from './delivery-failure';

describe('a delivery failure as messages.delivery_error keeps it', () => {
  it('reads back its code and the remote’s words', () => {
    const stored = storedFailure({ code: 'clientBlocked', detail: 'Forbidden: bot was blocked by the user' });
    expect(readFailure(stored)).toEqual({
      delivery_failure: 'clientBlocked',
      delivery_error: 'Forbidden: bot was blocked by the user',
    });
    expect(readFailure(storedFailure({ code: 'channelDisconnected' }))).toEqual({
      delivery_failure: 'channelDisconnected',
      delivery_error: null,
    });
  });

  it('shows a reason stored before codes as it was written, with no code', () => {
    expect(readFailure('The Telegram bot is no longer connected')).toEqual({
      delivery_failure: null,
      delivery_error: 'The Telegram bot is no longer connected',
    });
    expect(readFailure('{not json')).toEqual({ delivery_failure: null, delivery_error: '{not json' });
    expect(readFailure('{"code":"somethingElse"}')).toEqual({
      delivery_failure: null,
      delivery_error: '{"code":"somethingElse"}',
    });
    expect(readFailure(null)).toEqual({ delivery_failure: null, delivery_error: null });
  });
});
