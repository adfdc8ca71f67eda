// @vitest-environment jsdom
import type { ClientPanel as Panel, ClientPanelTicket } from '@kreechat/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { clientPanelKey, type ClientPanelPages } from '@/features/client-panel/api/get-client-panel';
import { ClientPanel } from './ClientPanel';

afterEach(cleanup);

const CLIENT = '5d0c6a1e-0000-4000-8000-000000000001';
const ticketRow = (id: number, overrides: Partial<ClientPanelTicket> = {}): ClientPanelTicket => ({
  ticketid: `7a0b1c2d-0000-4000-8000-00000000000${id}`,
  stage: 'closed',
  platform: 'telegram',
  department_name: 'Support',
  user_name: 'Arno Agent',
  created_on: `2026-03-0${id}T10:00:00Z`,
  closed_on: null,
  rating: null,
  ...overrides,
});

const panel = (overrides: Partial<Panel> = {}): Panel => ({
  client: {
    clientid: CLIENT,
    short_id: 'K7Q2M9XA',
    client_name: 'Nadia Petrova',
    account_number: null,
    address: null,
    note: null,
    blocked_on: false,
    count_ticket_reopened: 2,
    created_on: '2026-02-14T09:00:00Z',
    verified: true,
    erased_on: null,
  },
  identities: [
    {
      platform: 'telegram',
      kind: 'chat_id',
      value: '6262',
      username: 'nadia_p',
      since: '2026-02-14T09:00:00Z',
      verified: true,
    },
  ],
  counts: { tickets: 3, open: 1, rated: 1 },
  average_rating: 3,
  tickets: [
    ticketRow(3, { stage: 'accepted', closed_on: null }),
    ticketRow(2, { rating: 3 }),
    ticketRow(1, { user_name: null }),
  ],
  next_before: null,
  ...overrides,
});

function renderPanel(data: Panel, props: { embedded?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const pages: ClientPanelPages = { pages: [data], pageParams: [null] };
  client.setQueryData(clientPanelKey(CLIENT), pages);
  const onOpenTicket = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ClientPanel
        clientid={CLIENT}
        currentTicketId={data.tickets[0]!.ticketid}
        onOpenTicket={onOpenTicket}
        embedded={props.embedded}
      />
    </QueryClientProvider>,
  );
  return onOpenTicket;
}

const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!;

describe('ClientPanel', () => {
  it('shows who the client is: identity, ids, status, first contact, ratings; a dash where there is nothing', () => {
    renderPanel(panel());
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Nadia Petrova');
    expect(detail('Channel').textContent).toContain('6262');
    expect(detail('Client id').textContent).toBe('K7Q2M9XA');
    expect(detail('Account number').textContent).toBe('—not given');
    expect(detail('Status').textContent).toBe('Active');
    expect(detail('Ratings').textContent).toContain('1 rated');
    expect(detail('Times reopened').textContent).toBe('2');
    expect(screen.queryByText('Not verified')).toBeNull();
  });

  it('marks the ticket open in the chat and opens another one; says who did not accept one yet', () => {
    const data = panel();
    const onOpenTicket = renderPanel(data);
    const tickets = within(screen.getByRole('region', { name: /Tickets/ }));
    const current = tickets.getByText('This chat').closest('[aria-current]')!;
    expect(current.tagName).toBe('DIV');
    expect(tickets.getAllByRole('button', { name: /^Open ticket/ })).toHaveLength(2);
    expect(tickets.getByText('not accepted yet')).toBeTruthy();
    expect(tickets.getByText('Rated 3 of 3', { selector: '.visually-hidden' })).toBeTruthy();

    fireEvent.click(tickets.getAllByRole('button', { name: /^Open ticket/ })[0]!);
    expect(onOpenTicket).toHaveBeenCalledWith(data.tickets[1]!.ticketid);
  });

  it('says when the client is blocked and has no channel identity left', () => {
    const data = panel();
    renderPanel({ ...data, client: { ...data.client, blocked_on: true }, identities: [], average_rating: null });
    expect(detail('Status').textContent).toBe('Blocked');
    expect(detail('Channel').textContent).toBe('—not given');
    expect(detail('Ratings').textContent).toBe('—not given');
  });

  it('collapses to its header, and has no collapse of its own inside the chat’s aside', () => {
    renderPanel(panel());
    expect(screen.getByRole('region', { name: 'Client details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide client details' }));
    expect(screen.queryByRole('region', { name: 'Client details' })).toBeNull();
    expect(screen.getByText('Client id').closest('[hidden]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Show client details' }).getAttribute('aria-expanded')).toBe('false');
    cleanup();

    renderPanel(panel(), { embedded: true });
    expect(screen.queryByRole('button', { name: 'Hide client details' })).toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
