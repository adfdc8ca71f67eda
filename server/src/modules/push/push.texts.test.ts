import { LANGUAGES } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { pushTexts } from './push.texts';

describe('push texts', () => {
  it('speak every language of the app, each its own', () => {
    const titles = LANGUAGES.map((lang) => pushTexts(lang).newTicket);
    expect(new Set(titles).size).toBe(LANGUAGES.length);
    expect(pushTexts('ja').messageFrom('Mia')).toBe('Miaさんからのメッセージ');
  });

  it('fall back to English for a language the app does not have', () => {
    expect(pushTexts('de')).toBe(pushTexts('en'));
  });
});
