import { describe, expect, it } from 'vitest';
import type { Message, Ticket } from '@kreechat/contract';
import {
  closedScopeShows,
  flattenPages,
  freshest,
  isVisibleTo,
  prependClosed,
  putFirst,
  removeClosed,
  replaceInPlace,
  withClientChange,
  withLastMessage,
} from './ticket-lists';

function ticket(id: string, overrides: Partial<Ticket> = {}): Ticket {
  return {
    ticketid: id,
    platform: 'telegram',
    stage: 'pending',
    clientid: 'c1',
    client_name: 'Ivan',
    client_short_id: 'abc',
    client_email: null,
    account_number: null,
    departmentid: 'support',
    department_name: 'Support',
    userid: null,
    user_name: null,
    accepted: false,
    created_on: '2026-03-01T10:00:00Z',
    updated_on: '2026-03-01T10:00:00Z',
    accepted_on: null,
    closed_on: null,
    closed_by_name: null,
    reopened_on: null,
    rating: null,
    companyid: 'co',
    last_message: null,
    last_message_type: null,
    last_message_on: null,
    ...overrides,
  };
}

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

  it("updates the card's last message like the server: its content and its type", () => {
    const message = { ticketid: 'b', type: 'text', content: 'hello', created_on: '2026-03-01T11:00:00Z' };
    const list = withLastMessage([ticket('a'), ticket('b')], message as Message);
    expect(list[1]).toMatchObject({
      last_message: 'hello',
      last_message_type: 'text',
      last_message_on: '2026-03-01T11:00:00Z',
    });
    const file = { ...message, type: 'document', content: '' };
    expect(withLastMessage(list, file as Message)[1]).toMatchObject({
      last_message: '',
      last_message_type: 'document',
    });
    expect(withLastMessage(list, { ...message, ticketid: 'zz' } as Message)).toBe(list);
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
