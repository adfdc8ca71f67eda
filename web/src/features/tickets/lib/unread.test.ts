import { describe, expect, it } from 'vitest';
import type { Message } from '@kreechat/contract';
import { addUnread, chimesFor, clearUnread, marksUnread } from './unread';

const message = (overrides: Partial<Message>) =>
  ({ ticketid: 't1', isagent: false, senderid: null, type: 'text', content: 'hi', ...overrides }) as Message;

describe('unread counts', () => {
  it('counts messages per ticket and clears one ticket at a time', () => {
    const counts = addUnread(addUnread(addUnread({}, 't1'), 't1'), 't2');
    expect(counts).toEqual({ t1: 2, t2: 1 });
    expect(clearUnread(counts, 't1')).toEqual({ t2: 1 });
    expect(clearUnread(counts, 'zz')).toBe(counts);
  });
});

describe('which messages are unread (SPEC §4)', () => {
  it("marks another ticket's messages unread, not the open ticket's", () => {
    expect(marksUnread(message({}), 'me', 'other')).toBe(true);
    expect(marksUnread(message({}), 'me', null)).toBe(true);
    expect(marksUnread(message({}), 'me', 't1')).toBe(false);
  });

  it("does not mark the viewer's own messages, but a colleague's", () => {
    expect(marksUnread(message({ isagent: true, senderid: 'me' }), 'me', null)).toBe(false);
    expect(marksUnread(message({ isagent: true, senderid: 'colleague' }), 'me', null)).toBe(true);
  });
});

describe('which messages chime', () => {
  it("chimes for the client in the open chat and in tickets nobody else handles, never for agents' messages", () => {
    expect(chimesFor(message({}), { userid: 'colleague' }, 'me', 't1')).toBe(true);
    expect(chimesFor(message({}), { userid: null }, 'me', 'other')).toBe(true);
    expect(chimesFor(message({}), { userid: 'me' }, 'me', null)).toBe(true);
    expect(chimesFor(message({}), undefined, 'me', null)).toBe(true);
    expect(chimesFor(message({ isagent: true, senderid: 'colleague' }), { userid: 'me' }, 'me', 't1')).toBe(false);
    expect(chimesFor(message({ isagent: true, senderid: 'me' }), { userid: 'me' }, 'me', 't1')).toBe(false);
  });

  it("stays quiet for a client in a colleague's ticket the viewer is not looking at", () => {
    expect(chimesFor(message({}), { userid: 'colleague' }, 'me', 'other')).toBe(false);
  });
});
