import type { ClientPanel, ClientPanelTicket } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { aClient } from '@/test/fixtures';
import { formatAverage, panelHeader, panelTickets, patchPanelClient } from './panel-pages';

const ticket = (ticketid: string): ClientPanelTicket => ({
  ticketid,
  stage: 'closed',
  platform: 'telegram',
  department_name: 'General',
  user_name: null,
  created_on: '2026-01-01T00:00:00.000Z',
  closed_on: null,
  rating: null,
});

const page = (tickets: string[], next: string | null, name = 'Ana'): ClientPanel => ({
  client: aClient({ client_name: name }),
  identities: [],
  counts: { tickets: tickets.length, open: 0, rated: 0 },
  average_rating: null,
  tickets: tickets.map(ticket),
  next_before: next,
});

describe('client panel pages', () => {
  it('lists every loaded ticket once, in page order, and reads the header from the newest page', () => {
    const data = { pages: [page(['a', 'b'], 'b', 'Old'), page(['b', 'c'], null, 'New')], pageParams: [null, 'b'] };
    expect(panelTickets(data).map((t) => t.ticketid)).toEqual(['a', 'b', 'c']);
    expect(panelHeader(data)?.client.client_name).toBe('New');
    expect(panelTickets(undefined)).toEqual([]);
  });

  it("patches the client in every page of their panel and leaves another client's panel as it is", () => {
    const data = { pages: [page(['a'], 'a'), page([], null)], pageParams: [null, 'a'] };
    const renamed = { ...data.pages[0]!.client, client_name: 'Ana Petrova', blocked_on: true };
    const patched = patchPanelClient(data, renamed)!;
    expect(patched.pages.map((p) => [p.client.client_name, p.client.blocked_on])).toEqual([
      ['Ana Petrova', true],
      ['Ana Petrova', true],
    ]);
    expect(patchPanelClient(data, { ...renamed, clientid: 'other' })).toBe(data);
  });

  it('says the average with one decimal in the UI language', () => {
    expect(formatAverage(2.5, 'en')).toBe('2.5');
    expect(formatAverage(2, 'en')).toBe('2.0');
    expect(formatAverage(2.67, 'ru')).toBe('2,7');
  });
});
