// @vitest-environment jsdom
import type { Ticket } from '@kreechat/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import '@/lib/i18n';
import { ChatHeader } from './ChatHeader';

const { notVerified, guestExplanation } = en.clientVerification;

// jsdom has no layout: every media query is false (the wide layout).
beforeAll(() => {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
});
afterEach(cleanup);

const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  ticketid: '3f1c2d4e-0000-4000-8000-000000000001',
  platform: 'wordpress',
  stage: 'accepted',
  clientid: 'c1',
  client_name: 'Alice Signed',
  client_short_id: 'ABCDEFGH',
  client_email: 'alice@site.test',
  client_verified: true,
  account_number: null,
  departmentid: 'd1',
  department_name: 'Support',
  userid: 'u1',
  user_name: 'Ada Admin',
  accepted: true,
  created_on: '2026-03-01T10:00:00Z',
  updated_on: '2026-03-01T10:00:00Z',
  accepted_on: '2026-03-01T10:01:00Z',
  closed_on: null,
  closed_by_name: null,
  reopened_on: null,
  rating: null,
  companyid: 'co',
  last_message: 'Hello',
  last_message_type: 'text',
  last_message_id: 'm1',
  last_message_status: 'received',
  last_message_on: '2026-03-01T10:00:00Z',
  awaiting_since: null,
  first_response_on: null,
  arrived_closed: false,
  ...overrides,
});

const renderHeader = (t: Ticket) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChatHeader ticket={t} headingId="chat-heading" canEditClientNumber={false} />
    </QueryClientProvider>,
  );

describe('ChatHeader: a guest client', () => {
  it('shows "Not verified" with an icon, reachable by keyboard, its tooltip and its read-out text the why', () => {
    renderHeader(ticket({ client_verified: false }));
    expect(screen.getByRole('heading', { name: 'Alice Signed' })).toBeTruthy();
    const badge = screen.getByRole('note');
    expect(badge.textContent).toBe(`${notVerified}: ${guestExplanation}`);
    expect(badge.querySelector('.visually-hidden')?.textContent).toBe(`: ${guestExplanation}`);
    expect(badge.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    badge.focus();
    expect(document.activeElement).toBe(badge);
    // The tooltip shown on hover and focus sits beside it.
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe(guestExplanation);
    expect(tip.parentElement).toBe(badge.parentElement);
  });

  it('marks nothing for a client a channel vouches for', () => {
    renderHeader(ticket());
    expect(screen.getByRole('heading', { name: 'Alice Signed' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(notVerified, { exact: false })).toBeNull();
  });
});

describe('ChatHeader on a phone', () => {
  let wide: typeof window.matchMedia;
  beforeAll(() => {
    wide = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query === '(max-width: 560px)' });
  });
  afterAll(() => {
    window.matchMedia = wide;
  });

  it('keeps one row, the name, the search and More; the details, other tools and actions are in the menu', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ChatHeader
          ticket={ticket()}
          headingId="chat-heading"
          canEditClientNumber={false}
          tools={(shown) => <button type="button">{`tools:${shown}`}</button>}
          actions={<button type="button">Close ticket</button>}
        />
      </QueryClientProvider>,
    );
    const more = screen.getByRole('button', { name: en.chatFrame.moreActions });
    const menu = document.getElementById(more.getAttribute('aria-controls') ?? '')!;
    expect(menu.getAttribute('role')).toBe('group');
    expect(menu.hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'tools:search' }).closest('[role="group"]')).toBeNull();
    for (const inMenu of ['tools:menu', 'Close ticket'])
      expect(screen.getByRole('button', { name: inMenu, hidden: true }).closest('[role="group"]')).toBe(menu);
    expect(menu.textContent).toContain('Support');
    expect(screen.queryByRole('button', { name: 'tools:all' })).toBeNull();
  });

  it('keeps a guest\'s "Not verified" in the row, in sight', () => {
    renderHeader(ticket({ client_verified: false }));
    expect(screen.getByRole('note').closest('[role="group"]')).toBeNull();
  });
});
