import { describe, expect, it } from 'vitest';
import {
  bubblePreview,
  compactCount,
  countryName,
  displayUsername,
  fileSize,
  formatDuration,
  fullName,
  previewText,
  shortId,
  truncate,
} from './format';

describe('displayUsername (SPEC §5: 18 or more characters are cut to 18 with an ellipsis)', () => {
  it('keeps names of up to 17 characters', () => {
    expect(displayUsername('Seventeen chars!!')).toBe('Seventeen chars!!');
  });

  it('cuts names of 18 or more characters to 18 plus an ellipsis', () => {
    expect(displayUsername('Eighteen characters')).toBe('Eighteen character…');
    expect(displayUsername('Exactly18Characters'.slice(0, 18))).toBe('Exactly18Character…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncate('😀'.repeat(3), 4)).toBe('😀😀😀');
  });
});

describe('compactCount', () => {
  it('caps at 99+', () => {
    expect(compactCount(0)).toBe('0');
    expect(compactCount(99)).toBe('99');
    expect(compactCount(100)).toBe('99+');
  });
});

describe('countryName', () => {
  it('localizes the region name and falls back to the given name', () => {
    expect(countryName('DE', 'en', 'Germany')).toBe('Germany');
    expect(countryName('DE', 'es', 'Germany')).toBe('Alemania');
    expect(countryName('XX', 'en', 'Fallback')).toBe('Fallback');
  });
});

describe('fullName', () => {
  it('joins the present parts', () => {
    expect(fullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullName(' Ada ', null)).toBe('Ada');
  });
});

describe('previewText (SPEC §5: other text over 100 characters cut to 150)', () => {
  it('keeps texts of up to 100 characters', () => {
    const text = 'a'.repeat(100);
    expect(previewText(text)).toBe(text);
  });

  it('shows the first 150 characters and an ellipsis of a longer text', () => {
    expect(previewText('b'.repeat(101))).toBe(`${'b'.repeat(101)}…`);
    expect(previewText('c'.repeat(400))).toBe(`${'c'.repeat(150)}…`);
  });
});

describe('fileSize (SPEC §3: KB, and MB from 1000 KB)', () => {
  it('reads in KB below 1000 KB', () => {
    expect(fileSize(512, 'en')).toEqual({ amount: '0.5', unit: 'kb' });
    expect(fileSize(999 * 1024, 'en')).toEqual({ amount: '999', unit: 'kb' });
  });

  it('reads in MB from 1000 KB, in the UI language', () => {
    expect(fileSize(1000 * 1024, 'en')).toEqual({ amount: '1', unit: 'mb' });
    expect(fileSize(5.5 * 1024 * 1024, 'es')).toEqual({ amount: '5,5', unit: 'mb' });
  });
});

describe('shortId', () => {
  it('is the first 8 characters', () => {
    expect(shortId('1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d')).toBe('1a2b3c4d');
  });
});

describe('bubblePreview (SPEC §5: bubble previews 50)', () => {
  it('keeps up to 50 characters', () => {
    expect(bubblePreview('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('cuts a longer text to 50 characters and an ellipsis', () => {
    expect(bubblePreview('y'.repeat(51))).toBe(`${'y'.repeat(50)}…`);
    expect(bubblePreview('🙂'.repeat(60))).toBe(`${'🙂'.repeat(50)}…`);
  });
});

describe('formatDuration', () => {
  it('says a duration in its two largest units, rounded', () => {
    expect(formatDuration(513.45 * 60, 'en')).toBe('8 hr 33 min');
    expect(formatDuration(45.4, 'en')).toBe('45 sec');
    expect(formatDuration(12 * 60 + 20, 'en')).toBe('12 min');
    expect(formatDuration(59 * 60 + 40, 'en')).toBe('1 hr');
    expect(formatDuration(65 * 60, 'en')).toBe('1 hr 5 min');
    expect(formatDuration(51 * 3600 + 10 * 60, 'en')).toBe('2 days 3 hr');
    expect(formatDuration(48 * 3600, 'en')).toBe('2 days');
  });

  it('never reads negative or broken', () => {
    expect(formatDuration(-3, 'en')).toBe('0 sec');
    expect(formatDuration(Number.NaN, 'en')).toBe('0 sec');
  });

  it('uses the language’s own unit names and order', () => {
    expect(formatDuration(513.45 * 60, 'ru')).toBe('8 ч 33 мин');
    expect(formatDuration(513.45 * 60, 'ja')).toBe('8 時間33 分');
    expect(formatDuration(513.45 * 60, 'es')).toBe('8 h 33 min');
    expect(formatDuration(513.45 * 60, 'tr')).toBe('8 sa. 33 dk.');
    expect(formatDuration(90, 'bg')).toBe('2 мин');
  });
});
