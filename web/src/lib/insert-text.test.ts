import { describe, expect, it } from 'vitest';
import { insertText } from './insert-text';

describe('insertText', () => {
  it('inserts at the caret and puts the caret after the insertion', () => {
    expect(insertText('Hi Omar! Thanks', { start: 8, end: 8 }, '👋', 100)).toEqual({
      value: 'Hi Omar!👋 Thanks',
      caret: 10,
    });
  });

  it('replaces the selection', () => {
    expect(insertText('Hello world', { start: 6, end: 11 }, 'there', 100)).toEqual({
      value: 'Hello there',
      caret: 11,
    });
  });

  it('appends at the end and inserts into an empty text', () => {
    expect(insertText('Hi', { start: 2, end: 2 }, ' there', 100)).toEqual({ value: 'Hi there', caret: 8 });
    expect(insertText('', { start: 0, end: 0 }, 'Bubble', 100)).toEqual({ value: 'Bubble', caret: 6 });
  });

  it('cuts the snippet to the room left, never splitting a character', () => {
    expect(insertText('abc', { start: 3, end: 3 }, 'defgh', 5)).toEqual({ value: 'abcde', caret: 5 });
    // An emoji is two UTF-16 units: with one unit left it does not fit at all.
    expect(insertText('abcd', { start: 4, end: 4 }, '😀', 5)).toEqual({ value: 'abcd', caret: 4 });
    // A replaced selection frees its room.
    expect(insertText('abcde', { start: 0, end: 5 }, '12345', 5)).toEqual({ value: '12345', caret: 5 });
  });

  it('clamps a selection outside the text', () => {
    expect(insertText('abc', { start: 10, end: 12 }, '!', 100)).toEqual({ value: 'abc!', caret: 4 });
  });
});
