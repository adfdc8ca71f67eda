// @vitest-environment jsdom
import type { Ticket } from '@kreechat/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import '../../../lib/i18n';
import { TicketCard } from './TicketCard';

afterEach(cleanup);

const NOW = new Date('2026-03-01T10:05:00Z');
const { notVerified, guestExplanation } = en.clientVerification;

const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  ticketid: '3f1c2d4e-0000-4000-8000-000000000001',
  platform: 'wordpress',
  stage: 'pending',
  clientid: 'c1',
  client_name: 'Alice Signed',
  client_short_id: 'ABCDEFGH',
  client_email: 'alice@site.test',
  client_verified: true,
  account_number: null,
  departmentid: 'd1',
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
  last_message: 'Hello',
  last_message_type: 'text',
  last_message_on: '2026-03-01T10:00:00Z',
  awaiting_since: null,
  first_response_on: null,
  arrived_closed: false,
  ...overrides,
});

const renderCard = (t: Ticket) =>
  render(<TicketCard ticket={t} viewerId="u1" now={NOW} selected={false} onSelect={() => undefined} />);

describe('TicketCard: a guest client', () => {
  it('shows "Not verified", names it with the card and explains it on hover and to a screen reader', () => {
    renderCard(ticket({ client_verified: false }));
    const open = screen.getByRole('button', { name: `Alice Signed, WordPress, ${notVerified}` });
    // Hover: the button covers the card, so its title is the explanation.
    expect(open.title).toBe(guestExplanation);
    const note = document.getElementById(open.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(guestExplanation);
    // Seen: the word beside the name (hidden from screen readers, which hear it in the button's name).
    const mark = screen.getByText(notVerified, { ignore: '.visually-hidden' });
    expect(mark.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(mark.querySelector('svg')).not.toBeNull();
    // No extra tab stop in the list's roving focus: the card keeps its one button.
    expect(document.querySelectorAll('[tabindex="0"], button, a')).toHaveLength(1);
  });

  it('marks nothing for a client a channel vouches for', () => {
    renderCard(ticket());
    const open = screen.getByRole('button', { name: 'Alice Signed, WordPress' });
    expect(open.getAttribute('title')).toBeNull();
    expect(open.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(notVerified)).toBeNull();
    expect(screen.queryByText(guestExplanation)).toBeNull();
  });
});
