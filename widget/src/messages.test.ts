import type { WidgetMessage } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import {
  dropLocal,
  firstSeq,
  itemKey,
  lastSeq,
  mergeMessages,
  optimistic,
  setLocalState,
  type ChatItem,
} from './messages';

const at = '2026-03-01T10:00:00.000Z';
const message = (seq: number, fields: Partial<WidgetMessage> = {}): WidgetMessage => ({
  id: `m${seq}`,
  seq,
  ticketId: 't1',
  type: 'text',
  text: `text ${seq}`,
  from: 'agent',
  agentName: 'Ann',
  createdAt: at,
  file: null,
  clientMessageId: null,
  ...fields,
});

describe('mergeMessages', () => {
  it('keeps server messages in seq order and drops duplicates by id', () => {
    const merged = mergeMessages([message(2)], [message(5), message(1), message(2, { text: 'edited' })]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 5]);
    expect(merged[1]!.text).toBe('edited');
  });

  it('replaces the optimistic copy with the confirmed message whichever path brings it first', () => {
    const local = optimistic({ clientMessageId: 'c1', text: 'hello', createdAt: at });
    const confirmed = message(7, { from: 'visitor', agentName: null, text: 'hello', clientMessageId: 'c1' });
    const items: ChatItem[] = [message(3), local];

    const viaAnswer = mergeMessages(items, [confirmed]);
    const thenSocket = mergeMessages(viaAnswer, [confirmed]);
    expect(thenSocket).toEqual([message(3), confirmed]);
    expect(thenSocket.every((m) => !m.local)).toBe(true);
    expect(itemKey(local)).toBe(itemKey(confirmed));
  });

  it('keeps optimistic messages after every confirmed one, in the order they were written', () => {
    const a = optimistic({ clientMessageId: 'a', text: 'a', createdAt: at });
    const b = optimistic({ clientMessageId: 'b', text: 'b', createdAt: at });
    const merged = mergeMessages([a, message(1), b], [message(2)]);
    expect(merged.map(itemKey)).toEqual(['m1', 'm2', 'a', 'b']);
  });

  it('does not bring back an optimistic copy once its message is confirmed', () => {
    const confirmed = message(4, { from: 'visitor', clientMessageId: 'c9' });
    const late = optimistic({ clientMessageId: 'c9', text: 'x', createdAt: at });
    expect(mergeMessages([confirmed, late], [message(5)]).map(itemKey)).toEqual(['c9', 'm5']);
  });

  it('returns the same list when nothing arrives', () => {
    const items = [message(1)];
    expect(mergeMessages(items, [])).toBe(items);
  });
});

describe('optimistic messages', () => {
  it('describes a picked file by its name, size and kind', () => {
    const file = new File(['abc'], 'photo.png', { type: 'image/png' });
    const item = optimistic({ clientMessageId: 'f', text: 'caption', createdAt: at, file });
    expect(item).toMatchObject({
      type: 'image',
      file: { name: 'photo.png', size: 3, kind: 'image' },
      local: 'sending',
    });
    expect(optimistic({ clientMessageId: 'g', text: '', createdAt: at, file: new File(['x'], 'a.pdf') }).type).toBe(
      'document',
    );
  });

  it('can fail, be sent again and be dropped', () => {
    const items = [message(1), optimistic({ clientMessageId: 'c', text: 'x', createdAt: at })];
    const failed = setLocalState(items, 'c', 'failed');
    expect(failed[1]!.local).toBe('failed');
    expect(failed[0]).toBe(items[0]);
    expect(setLocalState(failed, 'c', 'sending')[1]!.local).toBe('sending');
    expect(dropLocal(failed, 'c')).toEqual([message(1)]);
  });
});

describe('cursors', () => {
  it('ignore optimistic messages', () => {
    const items = mergeMessages(
      [optimistic({ clientMessageId: 'c', text: 'x', createdAt: at })],
      [message(9), message(4)],
    );
    expect(lastSeq(items)).toBe(9);
    expect(firstSeq(items)).toBe(4);
    expect(lastSeq([])).toBe(0);
    expect(firstSeq([])).toBeNull();
  });
});
