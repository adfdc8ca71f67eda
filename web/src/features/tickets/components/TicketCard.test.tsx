// @vitest-environment jsdom
import { DEFAULT_SCHEDULE, type Ticket } from '@kreechat/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import '@/lib/i18n';
import { aTicket } from '@/test/fixtures';
import type { DepartmentClock } from '@/features/tickets/lib/response-clock';
import { TicketCard } from './TicketCard';

afterEach(cleanup);

const NOW = new Date('2026-03-01T10:05:00Z');
const { notVerified, guestExplanation } = en.clientVerification;

const ticket = (overrides: Partial<Ticket> = {}): Ticket =>
  aTicket({
    ticketid: '3f1c2d4e-0000-4000-8000-000000000001',
    platform: 'wordpress',
    client_name: 'Alice Signed',
    client_short_id: 'ABCDEFGH',
    client_email: 'alice@site.test',
    departmentid: 'd1',
    last_message: 'Hello',
    last_message_type: 'text',
    last_message_id: 'm1',
    last_message_status: 'received',
    last_message_on: '2026-03-01T10:00:00Z',
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

const renderMine = (t: Ticket, clock?: DepartmentClock) =>
  render(<TicketCard ticket={t} viewerId="u1" now={NOW} selected={false} onSelect={() => undefined} clock={clock} />);
const mine = (overrides: Partial<Ticket>) =>
  ticket({ stage: 'accepted', userid: 'u1', user_name: 'Una Agent', accepted: true, ...overrides });
const alwaysOpen = (firstResponseMin: number | null): DepartmentClock => ({
  zoned: { timeZone: 'UTC', schedule: DEFAULT_SCHEDULE },
  firstResponseMin,
  nextResponseMin: null,
});

describe('TicketCard: the last message', () => {
  it('previews an internal note as "Note:" with its mentions as names, never the raw token', () => {
    renderCard(
      ticket({
        last_message_type: 'note',
        last_message: '@[Kenji Sato](2a41a6fe-1111-4222-8333-944455556666) please call her',
        last_message_status: 'sent',
      }),
    );
    expect(screen.getByText('Note: @Kenji Sato please call her')).toBeTruthy();
    expect(document.body.textContent).not.toContain('2a41a6fe');
  });

  it('marks a reply that did not reach the client', () => {
    renderCard(mine({ last_message_type: 'document', last_message: '', last_message_status: 'failed' }));
    const preview = screen.getByText(/Document/);
    expect(preview.textContent).toContain(en.chat.status.failed);
    expect(preview.querySelector('svg')).not.toBeNull();
  });

  it('shows no mark for a reply on its way or delivered', () => {
    renderCard(mine({ last_message_type: 'document', last_message: '', last_message_status: 'pending' }));
    expect(screen.queryByText(new RegExp(en.chat.status.failed))).toBeNull();
  });
});

describe('TicketCard: a client waiting for an answer', () => {
  it('shows on a Mine card whether and how long the client waits, neutral without a target', () => {
    renderMine(mine({ awaiting_since: '2026-03-01T09:53:00Z' }));
    const badge = screen.getByText('Waiting 12 min').closest('[data-tone]');
    expect(badge?.getAttribute('data-tone')).toBe('ok');
    // In place of "Handled by you", which says nothing new there.
    expect(screen.queryByText(en.tickets.handledByYou)).toBeNull();
    cleanup();
    renderMine(mine({ awaiting_since: null }));
    expect(screen.queryByText(/Waiting/)).toBeNull();
  });

  it('turns a ticket accepted and unanswered for a day under a 30-minute target overdue', () => {
    renderMine(mine({ awaiting_since: '2026-02-28T10:05:00Z', accepted_on: '2026-02-28T10:06:00Z' }), alwaysOpen(30));
    const badge = screen.getByText(/^Overdue/).closest('[data-tone]');
    expect(badge?.getAttribute('data-tone')).toBe('late');
    expect(badge?.getAttribute('title')).toBe('First response target: 30 min');
  });

  it('says "Due soon" from 80 % of the target, in its own look', () => {
    renderMine(mine({ awaiting_since: '2026-03-01T09:40:00Z' }), alwaysOpen(30));
    expect(
      screen
        .getByText(/^Due soon/)
        .closest('[data-tone]')
        ?.getAttribute('data-tone'),
    ).toBe('soon');
  });
});
