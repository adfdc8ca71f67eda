import { describe, expect, it } from 'vitest';
import type { Message, Ticket } from '@kreechat/contract';
import { aTicket } from '@/test/fixtures';
import {
  byActivity,
  closedScopeShows,
  countOpenFilters,
  filtersFor,
  flattenPages,
  neighbour,
  openTicketsOf,
  freshest,
  isVisibleTo,
  prependClosed,
  putFirst,
  removeClosed,
  replaceInPlace,
  withClientChange,
  withLastMessage,
  withMessageStatus,
} from './ticket-lists';

const ticket = (id: string, overrides: Partial<Ticket> = {}): Ticket => aTicket({ ticketid: id, ...overrides });

const ids = (list: Ticket[]) => list.map((t) => t.ticketid);

describe('open list', () => {
  it('puts a new or reopened ticket first, once', () => {
    expect(ids(putFirst([ticket('a'), ticket('b')], ticket('b')))).toEqual(['b', 'a']);
    expect(ids(putFirst([ticket('a')], ticket('c')))).toEqual(['c', 'a']);
  });

  it('replaces an accepted ticket where it is, or adds it first', () => {
    const list = replaceInPlace([ticket('a'), ticket('b')], ticket('b', { userid: 'u1' }));
    expect(ids(list)).toEqual(['a', 'b']);
    expect(list[1]?.userid).toBe('u1');
    expect(ids(replaceInPlace(list, ticket('c')))).toEqual(['c', 'a', 'b']);
  });

  it("updates the card's last message like the server (content, type) and moves it to the front", () => {
    const message = { ticketid: 'b', type: 'text', content: 'hello', created_on: '2026-03-01T11:00:00Z' };
    const list = withLastMessage([ticket('a'), ticket('b'), ticket('c')], message as Message);
    expect(ids(list)).toEqual(['b', 'a', 'c']);
    expect(list[0]).toMatchObject({
      last_message: 'hello',
      last_message_type: 'text',
      last_message_on: '2026-03-01T11:00:00Z',
    });
    const file = { ...message, type: 'document', content: '' };
    expect(withLastMessage(list, file as Message)[0]).toMatchObject({
      last_message: '',
      last_message_type: 'document',
    });
    expect(withLastMessage(list, { ...message, ticketid: 'zz' } as Message)).toBe(list);
  });

  it('previews an internal note on its card without moving the card or its time', () => {
    const list = [ticket('a'), ticket('b', { last_message_on: '2026-03-01T09:00:00Z' })];
    const note = {
      ticketid: 'b',
      messageid: 'n1',
      type: 'note',
      content: 'Call her',
      created_on: '2026-03-01T12:00:00Z',
    };
    const after = withLastMessage(list, { ...note, delivery_status: 'sent' } as Message);
    expect(ids(after)).toEqual(['a', 'b']);
    expect(after[1]).toMatchObject({
      last_message: 'Call her',
      last_message_type: 'note',
      last_message_id: 'n1',
      last_message_on: '2026-03-01T09:00:00Z',
    });
  });

  it("keeps the card's last message's delivery state current (a reply that fails)", () => {
    const sent = { ticketid: 'a', messageid: 'm1', type: 'document', content: '', delivery_status: 'pending' };
    const list = withLastMessage([ticket('a'), ticket('b')], sent as Message);
    expect(list[0]?.last_message_status).toBe('pending');
    const failed = withMessageStatus(list, { ...sent, delivery_status: 'failed' } as Message);
    expect(failed[0]?.last_message_status).toBe('failed');
    // Another message's state (an older one, another ticket's) leaves the list as it is.
    expect(withMessageStatus(list, { ...sent, messageid: 'old', delivery_status: 'failed' } as Message)).toBe(list);
  });

  it("moves the card's response clock as the server does: a client starts a wait, an agent's answer ends it", () => {
    const at = (created_on: string, more: Partial<Message> = {}) =>
      ({ ticketid: 'a', type: 'text', content: 'x', isagent: false, automatic: null, created_on, ...more }) as Message;
    const waiting = withLastMessage([ticket('a')], at('2026-03-01T11:00:00Z'))[0]!;
    expect(waiting).toMatchObject({ awaiting_since: '2026-03-01T11:00:00Z', first_response_on: null });
    // A second client message does not restart the wait; the desk's own messages and notes answer nobody.
    const still = [at('2026-03-01T11:05:00Z'), at('2026-03-01T11:06:00Z', { isagent: true, automatic: 'greeting' })]
      .concat(at('2026-03-01T11:07:00Z', { isagent: true, type: 'note' }))
      .reduce((list, message) => withLastMessage(list, message), [waiting]);
    expect(still[0]).toMatchObject({ awaiting_since: '2026-03-01T11:00:00Z', first_response_on: null });
    const answered = withLastMessage(still, at('2026-03-01T11:08:00Z', { isagent: true }))[0]!;
    expect(answered).toMatchObject({ awaiting_since: null, first_response_on: '2026-03-01T11:08:00Z' });
    const next = withLastMessage([answered], at('2026-03-01T12:00:00Z', { isagent: true }))[0]!;
    expect(next.first_response_on).toBe('2026-03-01T11:08:00Z');
  });
});

describe('visibility (SPEC §4)', () => {
  it('drops tickets of other departments unless the viewer sees all', () => {
    const moved = ticket('a', { departmentid: 'billing' });
    const agent = { id: 'me', canSeeAll: false, departmentId: 'support' };
    expect(isVisibleTo(moved, agent)).toBe(false);
    expect(isVisibleTo(moved, { ...agent, canSeeAll: true })).toBe(true);
    expect(isVisibleTo(ticket('a'), agent)).toBe(true);
    // Still loading the viewer's department: trust the server's filtering.
    expect(isVisibleTo(moved, { ...agent, departmentId: undefined })).toBe(true);
  });

  it("keeps the handler's own ticket in another department, as the server does", () => {
    const handled = ticket('a', { departmentid: 'billing', userid: 'me' });
    expect(isVisibleTo(handled, { id: 'me', canSeeAll: false, departmentId: 'support' })).toBe(true);
    expect(isVisibleTo(handled, { id: 'other', canSeeAll: false, departmentId: 'support' })).toBe(false);
  });

  it('lists closed tickets in the matching scope', () => {
    expect(closedScopeShows('all', ticket('a'))).toBe(true);
    expect(closedScopeShows('support', ticket('a'))).toBe(true);
    expect(closedScopeShows('billing', ticket('a'))).toBe(false);
    // An agent moved to billing still finds the support ticket they handled in their list.
    const handled = ticket('a', { userid: 'me' });
    expect(closedScopeShows('billing', handled, 'me')).toBe(true);
    expect(closedScopeShows('billing', handled, 'other')).toBe(false);
  });
});

describe('closed pages', () => {
  const pages = { pages: [[ticket('a'), ticket('b')], [ticket('c')]], pageParams: [0, 10] };

  it('moves a closed ticket to the top, once', () => {
    const next = prependClosed(pages, ticket('c', { stage: 'closed' }));
    expect(flattenPages(next.pages).map((t) => t.ticketid)).toEqual(['c', 'a', 'b']);
  });

  it('removes a reopened ticket', () => {
    expect(flattenPages(removeClosed(pages, 'a').pages).map((t) => t.ticketid)).toEqual(['b', 'c']);
  });

  it('shows each ticket once when offset pages overlap', () => {
    expect(
      flattenPages([
        [ticket('a'), ticket('b')],
        [ticket('b'), ticket('c')],
      ]).map((t) => t.ticketid),
    ).toEqual(['a', 'b', 'c']);
  });
});

describe('search results', () => {
  it("show the list's newer copy of a ticket, in the results' order", () => {
    const results = [ticket('b'), ticket('c')];
    const list = [ticket('a'), ticket('b', { userid: 'u1' })];
    const shown = freshest(results, list);
    expect(ids(shown)).toEqual(['b', 'c']);
    expect(shown[0]?.userid).toBe('u1');
    expect(freshest(results, [])).toBe(results);
  });
});

describe('client changes', () => {
  it('give every ticket of the client the new account number and leave the others alone', () => {
    const list = [ticket('a'), ticket('b', { clientid: 'c2' }), ticket('c', { stage: 'closed' })];
    const changed = withClientChange(list, 'c1', { account_number: 'PT-0042' });
    expect(changed.map((t) => t.account_number)).toEqual(['PT-0042', null, 'PT-0042']);
    expect(changed[1]).toBe(list[1]);
    expect(withClientChange(list, 'nobody', { account_number: '1' })).toBe(list);
  });
});

describe('filters', () => {
  const list = [
    ticket('p1', { updated_on: '2026-03-01T09:00:00Z' }),
    ticket('m1', { userid: 'me', last_message_on: '2026-03-01T12:00:00Z' }),
    ticket('o1', { userid: 'colleague', last_message_on: '2026-03-01T11:00:00Z' }),
    ticket('p2', { last_message_on: '2026-03-01T13:00:00Z' }),
  ];

  it("show unassigned tickets as pending, the viewer's as mine, every open one as all", () => {
    expect(ids(openTicketsOf(list, 'pending', 'me'))).toEqual(['p2', 'p1']);
    expect(ids(openTicketsOf(list, 'mine', 'me'))).toEqual(['m1']);
    expect(ids(openTicketsOf(list, 'all', 'me'))).toEqual(['p2', 'm1', 'o1', 'p1']);
    expect(countOpenFilters(list, 'me')).toEqual({ pending: 2, mine: 1, all: 4 });
  });

  it('sort by the last activity, ties by id, and never reorder the cached list', () => {
    const same = [ticket('b'), ticket('a')];
    expect(ids([...same].sort(byActivity))).toEqual(['a', 'b']);
    openTicketsOf(list, 'all', 'me');
    expect(ids(list)).toEqual(['p1', 'm1', 'o1', 'p2']);
  });

  it('offer All only to those who see every department', () => {
    expect(filtersFor(true)).toEqual(['pending', 'mine', 'all', 'closed']);
    expect(filtersFor(false)).toEqual(['pending', 'mine', 'closed']);
  });

  it('step to the next and previous ticket, wrapping, from none to the ends', () => {
    const three = [ticket('a'), ticket('b'), ticket('c')];
    expect(neighbour(three, 'a', 1)?.ticketid).toBe('b');
    expect(neighbour(three, 'c', 1)?.ticketid).toBe('a');
    expect(neighbour(three, 'a', -1)?.ticketid).toBe('c');
    expect(neighbour(three, null, 1)?.ticketid).toBe('a');
    expect(neighbour(three, 'gone', -1)?.ticketid).toBe('c');
    expect(neighbour([], 'a', 1)).toBeUndefined();
  });
});
