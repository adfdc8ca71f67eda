import { describe, expect, it } from 'vitest';
import {
  bubblePreview,
  compactCount,
  countryName,
  displayUsername,
  fileSize,
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
