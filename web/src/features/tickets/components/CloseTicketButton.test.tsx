// @vitest-environment jsdom
import type { Ticket } from '@kreechat/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import '@/lib/i18n';
import { SessionContext, type Session, type Viewer } from '@/lib/session';
import { CloseTicketButton } from './CloseTicketButton';

afterEach(cleanup);

// Only what closing reads: an open ticket the viewer handles.
const ticket = { ticketid: 't1', stage: 'accepted', userid: 'u1' } as Ticket;
const viewer = { id: 'u1', username: 'Ada Admin', role: 'agent', canSeeAll: false, departmentId: 'd1' } as Viewer;

describe('CloseTicketButton', () => {
  it('says "Close ticket" in words, with a mark of its own: the padlock belongs to internal notes', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext.Provider value={{ id: 'u1' } as Session}>
          <CloseTicketButton ticket={ticket} viewer={viewer} />
        </SessionContext.Provider>
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: en.tickets.closeTicket });
    expect(button.textContent).toBe(en.tickets.closeTicket);
    const icon = button.querySelector('svg');
    expect(icon?.classList.contains('lucide-lock')).toBe(false);
    expect(icon?.classList.contains('lucide-circle-check-big')).toBe(true);
  });
});
