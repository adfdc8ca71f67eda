import { describe, expect, it } from 'vitest';
import type { PrivateMessage } from '@kreechat/contract';
import { appendPrivateMessage, peerOf, type PrivateChatPages } from './private-chat-cache';

const message = (id: string, created_on: string, senderid = 'ann'): PrivateMessage => ({
  id,
  chatid: 'chat',
  senderid,
  receiverid: senderid === 'ann' ? 'bob' : 'ann',
  type: 'text',
  content: id,
  created_on,
});

const peer = { id: 'bob', firstName: 'Bob', lastName: 'Agent', profile_pic: null };
const empty: PrivateChatPages = {
  pages: [{ chatid: null, sections: [], nextCursor: null, peer }],
  pageParams: [undefined],
};

describe('appendPrivateMessage', () => {
  it('starts the chat, then appends to the same day and opens a new day', () => {
    const one = appendPrivateMessage(empty, message('m1', '2026-03-02T09:00:00Z'), '2026-03-02');
    expect(one.pages[0]!.chatid).toBe('chat');
    const two = appendPrivateMessage(one, message('m2', '2026-03-02T10:00:00Z'), '2026-03-02');
    const three = appendPrivateMessage(two, message('m3', '2026-03-03T10:00:00Z'), '2026-03-03');
    expect(three.pages[0]!.sections.map((s) => [s.date, s.messages.map((m) => m.id)])).toEqual([
      ['2026-03-02', ['m1', 'm2']],
      ['2026-03-03', ['m3']],
    ]);
  });

  it('does not show a message twice', () => {
    const once = appendPrivateMessage(empty, message('m1', '2026-03-02T09:00:00Z'), '2026-03-02');
    expect(appendPrivateMessage(once, message('m1', '2026-03-02T09:00:00Z'), '2026-03-02')).toBe(once);
  });
});

describe('peerOf', () => {
  it('is the other member', () => {
    expect(peerOf(message('m', '2026-03-02T09:00:00Z', 'ann'), 'ann')).toBe('bob');
    expect(peerOf(message('m', '2026-03-02T09:00:00Z', 'bob'), 'ann')).toBe('bob');
  });
});
