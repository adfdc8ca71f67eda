import { describe, expect, it } from 'vitest';
import { checkManualConnection } from './manual-connection';

describe('checkManualConnection', () => {
  it('trims and accepts the ids Meta shows', () => {
    expect(
      checkManualConnection({ wabaId: ' 102290129340398 ', phoneNumberId: '106540352242922', accessToken: ' EAAG ' }),
    ).toEqual({
      ok: true,
      body: { wabaId: '102290129340398', phoneNumberId: '106540352242922', accessToken: 'EAAG' },
    });
  });

  it('names what is missing or malformed', () => {
    expect(checkManualConnection({ wabaId: '', phoneNumberId: '+1 555', accessToken: '  ' })).toEqual({
      ok: false,
      problems: { wabaId: 'required', phoneNumberId: 'notANumber', accessToken: 'required' },
    });
    expect(checkManualConnection({ wabaId: '1', phoneNumberId: '2', accessToken: 'x'.repeat(1025) })).toEqual({
      ok: false,
      problems: { accessToken: 'tooLong' },
    });
  });
});
