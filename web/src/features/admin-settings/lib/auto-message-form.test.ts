import { UNKNOWN_VARIABLE } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { bodyOf, checkTexts, draftsOf, previewOf, sampleOpening, textsChanged } from './auto-message-form';

const drafts = (texts: Record<string, string> = {}) => ({ ...draftsOf({ texts: {} }), ...texts });

describe('draftsOf and bodyOf', () => {
  it('hold every language, the missing ones empty', () => {
    expect(draftsOf({ texts: { ru: 'Привет' } })).toEqual({
      en: '',
      af: '',
      bg: '',
      tr: '',
      es: '',
      ru: 'Привет',
      nl: '',
      ja: '',
    });
  });

  it('send only the languages with a text of their own, trimmed', () => {
    expect(bodyOf(true, drafts({ en: ' Hi {client_name} ', nl: '   ' }))).toEqual({
      enabled: true,
      texts: { en: 'Hi {client_name}' },
    });
  });
});

describe('textsChanged', () => {
  it('ignores spaces around a text and sees a cleared one', () => {
    expect(textsChanged({ texts: { en: 'Hi' } }, drafts({ en: ' Hi ' }))).toBe(false);
    expect(textsChanged({ texts: { en: 'Hi' } }, drafts())).toBe(true);
  });
});

describe('checkTexts', () => {
  it('names the language whose text has a variable its kind cannot have', () => {
    const checked = checkTexts('greeting', true, drafts({ en: 'Hello {client_name}', ru: 'Откроемся {next_opening}' }));
    expect(checked).toEqual({ ok: false, errors: { ru: UNKNOWN_VARIABLE } });
  });

  it('accepts the variables of the kind', () => {
    expect(checkTexts('outOfHours', false, drafts({ en: 'Back {next_opening}, {client_name}' })).ok).toBe(true);
  });
});

describe('previewOf', () => {
  it('fills the typed text, else the default, with the sample values', () => {
    const values = { client_name: 'Anna', ticket_number: '1042' };
    expect(previewOf('Hi {client_name}, ticket {ticket_number}', 'Default', values)).toBe('Hi Anna, ticket 1042');
    expect(previewOf('  ', 'Hello {client_name}', values)).toBe('Hello Anna');
  });

  it("writes the sample opening in the language of the text, on the company's clock", () => {
    expect(sampleOpening('en', 'Europe/Amsterdam')).toBe('Monday, 09:00 Netherlands Time');
    expect(sampleOpening('ru', 'Asia/Tokyo')).toMatch(/^понедельник.*09:00.*Япония/);
  });
});
