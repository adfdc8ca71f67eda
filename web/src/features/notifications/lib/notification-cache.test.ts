import { describe, expect, it } from 'vitest';
import type { Notification } from '@kreechat/contract';
import { kindOf, upsertNotification } from './notification-cache';

const note = (id: string, created_on: string, extra: Partial<Notification> = {}): Notification => ({
  id,
  type: 'text',
  name: 'Ivan',
  content: id,
  created_on,
  ticketid: 't1',
  ticket_created_on: created_on,
  ticket_platform: 'telegram',
  senderid: null,
  rating: null,
  ...extra,
});

describe('upsertNotification', () => {
  const data = {
    sections: [
      { date: '2026-03-02', notifications: [note('b', '2026-03-02T10:00:00Z'), note('a', '2026-03-02T09:00:00Z')] },
    ],
    count: 2,
  };

  it('puts a new one on top of today, or opens today', () => {
    const same = upsertNotification(data, note('c', '2026-03-02T11:00:00Z'), 3, '2026-03-02');
    expect(same.sections[0]!.notifications.map((n) => n.id)).toEqual(['c', 'b', 'a']);
    expect(same.count).toBe(3);
    const next = upsertNotification(data, note('c', '2026-03-03T11:00:00Z'), 3, '2026-03-03');
    expect(next.sections.map((s) => s.date)).toEqual(['2026-03-03', '2026-03-02']);
  });

  it('moves a refreshed one up instead of repeating it, dropping a day left empty', () => {
    const once = { sections: [{ date: '2026-03-02', notifications: [note('a', '2026-03-02T09:00:00Z')] }], count: 1 };
    const refreshed = upsertNotification(
      once,
      note('a', '2026-03-03T08:00:00Z', { content: 'again' }),
      1,
      '2026-03-03',
    );
    expect(refreshed.sections).toEqual([
      { date: '2026-03-03', notifications: [expect.objectContaining({ id: 'a', content: 'again' })] },
    ]);
  });
});

describe('kindOf', () => {
  it('tells client messages, private messages and ratings apart', () => {
    expect(kindOf(note('a', '2026-03-02T09:00:00Z'))).toBe('clientMessage');
    expect(kindOf(note('a', '2026-03-02T09:00:00Z', { ticketid: null, senderid: 'u1' }))).toBe('privateMessage');
    expect(kindOf(note('a', '2026-03-02T09:00:00Z', { type: 'rating', rating: 2 }))).toBe('rating');
    // A mention carries its author in senderid like a private message, and still leads to its ticket.
    expect(kindOf(note('a', '2026-03-02T09:00:00Z', { type: 'mention', ticketid: 't1', senderid: 'u1' }))).toBe(
      'mention',
    );
  });
});
