import { describe, expect, it } from 'vitest';
import type { ChatSection, ChatSliceResponse, Message, PinnedMessage } from '@kreechat/contract';
import { aMessage } from '@/test/fixtures';
import { buildRows } from './chat-pages';
import { openWindow, withNewer, withOlder } from './jump-window';
import { addPin, copyableText, messagePreview, removePin, splitByMatch } from './pins';

function message(seq: number, day = '2026-03-01'): Message {
  return aMessage({
    messageid: `m${seq}`,
    seq,
    content: `message ${seq}`,
    created_on: `${day}T10:${String(seq % 60).padStart(2, '0')}:00Z`,
  });
}

function pin(messageid: string, created_on: string, pinid = `p-${messageid}`): PinnedMessage {
  return {
    pinid,
    ticketid: 't1',
    messageid,
    message_seq: 1,
    message_created_on: created_on,
    type: 'text',
    content: 'text',
    fileName: null,
    username: 'Ada Admin',
    created_on,
  };
}

const slice = (
  sections: ChatSection[],
  newIndex: number | null,
  newerIndex: number | null,
  targetSectionIndex: number | null = null,
): ChatSliceResponse => ({ selectedSections: sections, newIndex, newerIndex, targetSectionIndex });

describe('pins', () => {
  it('adds a pin once, keeps them oldest first, and removes by message', () => {
    const early = pin('m1', '2026-03-01T10:00:00Z');
    const late = pin('m2', '2026-03-01T11:00:00Z');
    const list = addPin(addPin([], late), early);
    expect(list.map((p) => p.messageid)).toEqual(['m1', 'm2']);
    // The event and the answer of one pin race: the second copy changes nothing.
    expect(addPin(list, { ...late, pinid: 'other' })).toBe(list);
    expect(removePin(list, 'm1').map((p) => p.messageid)).toEqual(['m2']);
    expect(removePin(list, 'unknown')).toBe(list);
  });

  it('previews text cut as SPEC §5 says, else the file name, else nothing', () => {
    expect(messagePreview({ content: '  short  ' })).toBe('short');
    expect(messagePreview({ content: 'x'.repeat(100) })).toBe('x'.repeat(100));
    expect(messagePreview({ content: 'y'.repeat(101) })).toBe(`${'y'.repeat(101)}…`);
    expect(messagePreview({ content: 'z'.repeat(400) })).toBe(`${'z'.repeat(150)}…`);
    expect(messagePreview({ content: '', fileName: 'invoice.pdf' })).toBe('invoice.pdf');
    expect(messagePreview({ content: '', file_name: 'photo.jpg' })).toBe('photo.jpg');
    expect(messagePreview({ content: ' ' })).toBeNull();
    expect(copyableText({ ...message(1), content: '', file_name: 'a.pdf' })).toBe('a.pdf');
    expect(copyableText(message(1))).toBe('message 1');
  });

  it('splits a text around every match of a keyword, in any case', () => {
    expect(splitByMatch('Order and ORDER', 'order')).toEqual(['', 'Order', ' and ', 'ORDER', '']);
    expect(splitByMatch('no match', 'xyz')).toEqual(['no match']);
    expect(splitByMatch('100% sure', '%')).toEqual(['100', '%', ' sure']);
    expect(splitByMatch('text', '  ')).toEqual(['text']);
  });
});

describe('the jump window', () => {
  const opened = openWindow(
    'm5',
    slice(
      [
        { date: '2026-03-01', messages: [message(4), message(5)] },
        { date: '2026-03-02', messages: [message(6, '2026-03-02')] },
      ],
      4,
      6,
      0,
    ),
  );

  it('grows older at the end and newer at the front, as the chat pages are ordered', () => {
    const older = withOlder(opened, 4, slice([{ date: '2026-03-01', messages: [message(2), message(3)] }], 2, 4));
    expect(older.older).toBe(2);
    const both = withNewer(older, 6, slice([{ date: '2026-03-02', messages: [message(7, '2026-03-02')] }], 6, null));
    expect(both.newer).toBeNull();
    const rows = buildRows(both.pages, [], { today: '2026-03-03', reachedStart: both.older === null, viewerId: 'a' });
    expect(rows.map((r) => r.key)).toEqual([
      'day:2026-03-01',
      'm:m2',
      'm:m3',
      'm:m4',
      'm:m5',
      'day:2026-03-02',
      'm:m6',
      'm:m7',
    ]);
  });

  it('drops a page read from a cursor that moved meanwhile', () => {
    const page = slice([{ date: '2026-03-01', messages: [message(1)] }], null, 2);
    expect(withOlder(opened, 99, page)).toBe(opened);
    expect(withNewer(opened, 99, page)).toBe(opened);
  });

  it('marks the start once the first message is in the window', () => {
    const first = withOlder(opened, 4, slice([{ date: '2026-03-01', messages: [message(1)] }], null, 4));
    const rows = buildRows(first.pages, [], { today: '2026-03-03', reachedStart: first.older === null, viewerId: 'a' });
    expect(rows[0]).toEqual({ kind: 'start', key: 'start' });
  });
});
