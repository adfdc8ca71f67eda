import type { AutoMessageKind } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '../automatic-messages';
import { closingNotice, joinClosing } from './closing-notice';

/** A company's settings as the reader answers them: the defaults, with some kinds switched off or reworded. */
function settings(changes: Partial<Record<AutoMessageKind, { enabled?: boolean; text?: string }>>) {
  return {
    get: async (_companyId: string, kind: AutoMessageKind, language: string | null) => ({
      enabled: changes[kind]?.enabled ?? true,
      text: changes[kind]?.text ?? DEFAULT_TEXTS[(language ?? 'en') as 'en'][kind],
    }),
  };
}

const to = (language: string) => ({ companyId: 'c1', language });
const values = { client_name: 'Ivan', department: 'Billing', ticket_number: 'ab12cd34' };

describe('the words a client reads when their ticket closes', () => {
  it('joins the default closing text and question into the bots’ old text, in every language', async () => {
    expect(joinClosing(DEFAULT_TEXTS.en.closing, DEFAULT_TEXTS.en.ratingQuestion)).toBe(
      'Your ticket has been closed. How would you rate our support?',
    );
    expect(joinClosing(DEFAULT_TEXTS.ru.closing, DEFAULT_TEXTS.ru.ratingQuestion)).toBe(
      'Ваше обращение закрыто. Как вы оцените нашу поддержку?',
    );
    // Japanese runs on after its full stop, without a space.
    expect(joinClosing(DEFAULT_TEXTS.ja.closing, DEFAULT_TEXTS.ja.ratingQuestion)).toBe(
      'チケットはクローズされました。サポートの評価をお願いします。',
    );
    expect(await closingNotice(settings({}), to('nl'), values)).toEqual({
      text: 'Je ticket is gesloten. Hoe beoordeel je onze ondersteuning?',
      withRating: true,
      kind: 'closing',
    });
  });

  it('fills the variables and keeps the stars with the question only', async () => {
    const worded = settings({ closing: { text: '#{ticket_number} closed by {department}, {client_name}.' } });
    expect(await closingNotice(worded, to('en'), values)).toEqual({
      text: '#ab12cd34 closed by Billing, Ivan. How would you rate our support?',
      withRating: true,
      kind: 'closing',
    });
    expect(await closingNotice(settings({ closing: { enabled: false } }), to('en'), values)).toEqual({
      text: 'How would you rate our support?',
      withRating: true,
      kind: 'ratingQuestion',
    });
    expect(await closingNotice(settings({ ratingQuestion: { enabled: false } }), to('es'), values)).toEqual({
      text: 'Tu ticket se ha cerrado.',
      withRating: false,
      kind: 'closing',
    });
    const silent = settings({ closing: { enabled: false }, ratingQuestion: { enabled: false } });
    expect(await closingNotice(silent, to('en'), values)).toBeNull();
  });

  it('leaves a variable without a value empty', async () => {
    const worded = settings({ closing: { text: 'Bye {client_name}!' }, ratingQuestion: { enabled: false } });
    expect(await closingNotice(worded, to('en'), {})).toEqual({ text: 'Bye !', withRating: false, kind: 'closing' });
  });
});
