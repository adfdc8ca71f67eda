import { describe, expect, it } from 'vitest';
import type { ChatResponse, Message } from '@kreechat/contract';
import { aMessage } from '@/test/fixtures';
import {
  addMessage,
  buildRows,
  mapsUrl,
  parseRegion,
  ratingStars,
  replaceMessage,
  setReaction,
  type Pages,
} from './chat-pages';
import type { OutboxItem } from './outbox';

const AGENT = 'agent-1';

function message(seq: number, overrides: Partial<Message> = {}): Message {
  return aMessage({
    messageid: `m${seq}`,
    seq,
    content: `message ${seq}`,
    created_on: `2026-03-01T10:${String(seq).padStart(2, '0')}:00Z`,
    ...overrides,
  });
}

const page = (sections: ChatResponse['sections'], nextCursor: number | null = null): ChatResponse => ({
  sections,
  nextCursor,
});

// Newest page first, like react-query keeps them.
const chat = (): Pages => ({
  pages: [
    page([{ date: '2026-03-01', messages: [message(3), message(4)] }], 3),
    page([
      { date: '2026-02-28', messages: [message(1)] },
      { date: '2026-03-01', messages: [message(2)] },
    ]),
  ],
  pageParams: [0, 3],
});

const ids = (data: Pages) => data.pages.map((p) => p.sections.map((s) => [s.date, s.messages.map((m) => m.seq)]));

describe('addMessage', () => {
  it('appends a new message to its day on the newest page', () => {
    expect(ids(addMessage(chat(), message(5), '2026-03-01'))[0]).toEqual([['2026-03-01', [3, 4, 5]]]);
  });

  it('opens a new day section for a message of a later day', () => {
    expect(ids(addMessage(chat(), message(5), '2026-03-02'))[0]).toEqual([
      ['2026-03-01', [3, 4]],
      ['2026-03-02', [5]],
    ]);
  });

  it('keeps the copy it already shows (own message echoed live; a late HTTP answer after messageStatus)', () => {
    const sent = replaceMessage(chat(), message(4, { delivery_status: 'sent' }));
    const next = addMessage(sent, message(4, { delivery_status: 'pending' }), '2026-03-01');
    expect(next).toBe(sent);
    expect(next.pages[0]!.sections[0]!.messages[1]!.delivery_status).toBe('sent');
  });

  it('keeps seq order when a message arrives late', () => {
    const data = addMessage(addMessage(chat(), message(6), '2026-03-01'), message(5), '2026-03-01');
    expect(ids(data)[0]).toEqual([['2026-03-01', [3, 4, 5, 6]]]);
  });
});

describe('replaceMessage and setReaction', () => {
  it('changes a loaded message in place and ignores one that is not loaded', () => {
    const data = chat();
    expect(replaceMessage(data, message(99))).toBe(data);
    expect(replaceMessage(data, message(2, { content: 'edited' })).pages[1]!.sections[1]!.messages[0]!.content).toBe(
      'edited',
    );
  });

  it('replaces only while the shown copy passes the condition (a retry answer after its status event)', () => {
    const sent = replaceMessage(chat(), message(4, { delivery_status: 'sent' }));
    const failedOnly = (m: Message) => m.delivery_status === 'failed';
    expect(replaceMessage(sent, message(4, { delivery_status: 'pending' }), failedOnly)).toBe(sent);
  });

  it('sets the reaction of the message with the id, else the one created at that instant', () => {
    const byId = setReaction(chat(), { messageid: 'm3', created_on: 'x', reaction: '👍' });
    expect(byId.pages[0]!.sections[0]!.messages[0]!.reaction).toBe('👍');
    const byTime = setReaction(chat(), { messageid: 'gone', created_on: message(1).created_on, reaction: '❤️' });
    expect(byTime.pages[1]!.sections[0]!.messages[0]!.reaction).toBe('❤️');
  });
});

describe('buildRows', () => {
  const outboxItem: OutboxItem = {
    key: 'k1',
    ticketid: 't1',
    content: 'on its way',
    created_on: '2026-03-02T09:00:00Z',
    status: 'sending',
    error: null,
  };

  it('lists days and messages oldest first, merging a day split across pages', () => {
    const rows = buildRows(chat().pages, [], { today: '2026-03-01', reachedStart: false, viewerId: AGENT });
    expect(rows.map((r) => r.key)).toEqual(['day:2026-02-28', 'm:m1', 'day:2026-03-01', 'm:m2', 'm:m3', 'm:m4']);
  });

  it('marks the start of the conversation and puts the outbox last, under today', () => {
    const rows = buildRows(chat().pages, [outboxItem], { today: '2026-03-02', reachedStart: true, viewerId: AGENT });
    expect(rows[0]?.kind).toBe('start');
    expect(rows.slice(-2).map((r) => r.key)).toEqual(['day:2026-03-02', 'o:k1']);
  });

  it('shows a message once even if two pages hold it', () => {
    const pages = [page([{ date: '2026-03-01', messages: [message(2), message(3)] }]), ...chat().pages];
    const rows = buildRows(pages, [], { today: '2026-03-01', reachedStart: false, viewerId: AGENT });
    expect(rows.filter((r) => r.key === 'm:m2')).toHaveLength(1);
  });

  it('joins consecutive messages of one author, not across authors or system notes', () => {
    const pages = [
      page([
        {
          date: '2026-03-01',
          messages: [
            message(1),
            message(2),
            message(3, { isagent: true, senderid: AGENT }),
            message(4, { type: 'close', isagent: true, senderid: AGENT }),
            message(5, { isagent: true, senderid: AGENT }),
          ],
        },
      ]),
    ];
    const rows = buildRows(pages, [], { today: '2026-03-01', reachedStart: false, viewerId: AGENT });
    expect(rows.flatMap((r) => (r.kind === 'message' ? [r.continued] : []))).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('locations and ratings', () => {
  it('reads "lat,lon" and builds the OpenStreetMap link', () => {
    expect(parseRegion('42.6977, 23.3219')).toEqual({ lat: 42.6977, lon: 23.3219 });
    expect(parseRegion('91,0')).toBeNull();
    expect(parseRegion('abc')).toBeNull();
    expect(parseRegion(null)).toBeNull();
    expect(mapsUrl({ lat: 42.6977, lon: 23.3219 })).toBe(
      'https://www.openstreetmap.org/?mlat=42.6977&mlon=23.3219#map=16/42.6977/23.3219',
    );
  });

  it('reads a rating out of 3 from digits or stars', () => {
    expect(ratingStars('2')).toBe(2);
    expect(ratingStars('★★★')).toBe(3);
    expect(ratingStars('7')).toBe(3);
    expect(ratingStars('great')).toBeNull();
  });
});
