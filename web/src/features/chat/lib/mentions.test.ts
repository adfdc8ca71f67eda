import { mentionedIds, plainNoteText } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { filterMentionables, mentionInsert, noteParts, replaceRange, triggerAt } from './mentions';

const ann = { userid: '1b6f0f39-6a3c-4a43-9a57-0f5c6f2c1a01', name: 'Ann Lee', department_name: 'Sales' };
const bob = { userid: '2c7e1e4a-7b4d-4b54-8b68-1a6d7a3d2b02', name: 'Bob Annis', department_name: null };

describe('mention tokens', () => {
  it('round-trip: a picked colleague becomes a token that parses back to their id and name', () => {
    const text = `Hi ${mentionInsert(ann)}and ${mentionInsert(bob)}— call them`;
    expect(noteParts(text)).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', userid: ann.userid, name: 'Ann Lee' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', userid: bob.userid, name: 'Bob Annis' },
      { kind: 'text', text: ' — call them' },
    ]);
    expect(mentionedIds(text)).toEqual([ann.userid, bob.userid]);
    expect(plainNoteText(text)).toBe('Hi @Ann Lee and @Bob Annis — call them');
  });

  it('a name with brackets or a line break cannot end the token early', () => {
    const token = mentionInsert({ ...ann, name: 'Ann [ops]\nLee' }).trim();
    expect(noteParts(token)).toEqual([{ kind: 'mention', userid: ann.userid, name: 'Ann  ops  Lee' }]);
  });

  it('text that only looks like a token stays text (no uuid, a bracket inside)', () => {
    for (const text of ['@[Ann](not-an-id)', '@[A]nn](1b6f0f39-6a3c-4a43-9a57-0f5c6f2c1a01)', 'mail ann@shop.test']) {
      expect(noteParts(text).every((p) => p.kind === 'text')).toBe(true);
      expect(mentionedIds(text)).toEqual([]);
    }
  });

  it('each id once, in order of first mention', () => {
    expect(mentionedIds(`${mentionInsert(bob)}${mentionInsert(ann)}${mentionInsert(bob)}`)).toEqual([
      bob.userid,
      ann.userid,
    ]);
  });
});

describe('triggerAt', () => {
  it('opens on @ or / at the start or after whitespace, with what was typed after it', () => {
    expect(triggerAt('@', 1, '@')).toEqual({ start: 0, query: '' });
    expect(triggerAt('ask @an', 7, '@')).toEqual({ start: 4, query: 'an' });
    expect(triggerAt('line\n@b', 7, '@')).toEqual({ start: 5, query: 'b' });
    expect(triggerAt('/ref', 4, '/')).toEqual({ start: 0, query: 'ref' });
    expect(triggerAt('thanks /', 8, '/')).toEqual({ start: 7, query: '' });
  });

  it('stays closed inside words, after a space, and away from the caret', () => {
    expect(triggerAt('ann@shop', 8, '@')).toBeNull();
    expect(triggerAt('see https://x.test/a', 20, '/')).toBeNull();
    expect(triggerAt('@ann lee', 8, '@')).toBeNull();
    expect(triggerAt('@ann and more', 13, '@')).toBeNull();
    expect(triggerAt('/ref', 4, '@')).toBeNull();
  });
});

describe('filterMentionables', () => {
  it('matches the start of any word of the name, any case', () => {
    expect(filterMentionables([ann, bob], 'an').map((a) => a.name)).toEqual(['Ann Lee', 'Bob Annis']);
    expect(filterMentionables([ann, bob], 'LE').map((a) => a.name)).toEqual(['Ann Lee']);
    expect(filterMentionables([ann, bob], 'nn')).toEqual([]);
    expect(filterMentionables([ann, bob], '')).toHaveLength(2);
  });
});

describe('replaceRange', () => {
  it('puts the text in place of the typed trigger and moves the caret after it', () => {
    expect(replaceRange('hi @an!', 3, 6, 'X ')).toEqual({ value: 'hi X !', caret: 5 });
  });
});
