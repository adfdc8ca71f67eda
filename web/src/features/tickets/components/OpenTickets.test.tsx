// @vitest-environment jsdom
import type { Message, Ticket } from '@kreechat/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import type { Viewer } from '@/lib/session';
import { FakeSocket } from '@/test/fake-socket';
import { aMessage, aTicket } from '@/test/fixtures';
import { openTicketsQueryKey } from '@/features/tickets/api/get-open-tickets';
import { useTicketLiveUpdates } from '@/features/tickets/hooks/use-ticket-live-updates';
import type { OpenTicketFilter } from '@/features/tickets/lib/ticket-lists';
import { OpenTickets } from './OpenTickets';
import { TICKET_SCROLL_ATTRIBUTE } from './TicketList';

beforeEach(() => {
  // The opening hours (response clocks, closed-now notices) never answer here: cards show plain waiting times.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
  // jsdom has no ResizeObserver; the column never changes size here.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const viewer: Viewer = { id: 'u-me', username: 'Arno Agent', role: 'agent', canSeeAll: false, departmentId: 'd1' };

const ticket = (id: number, client: string, lastOn: string, overrides: Partial<Ticket> = {}): Ticket =>
  aTicket({
    ticketid: `3f1c2d4e-0000-4000-8000-00000000000${id}`,
    clientid: `c${id}`,
    client_name: client,
    client_short_id: `SHORT00${id}`,
    departmentid: 'd1',
    created_on: '2026-03-01T09:00:00Z',
    updated_on: '2026-03-01T09:00:00Z',
    last_message: `Hello from ${client}`,
    last_message_type: 'text',
    last_message_id: `m${id}`,
    last_message_status: 'received',
    last_message_on: lastOn,
    awaiting_since: lastOn,
    ...overrides,
  });

// Answered tickets: no client is waiting, so their cards say who handles them.
const mine = {
  stage: 'accepted',
  userid: viewer.id,
  user_name: 'Arno Agent',
  accepted: true,
  awaiting_since: null,
} as const;
const colleagues = {
  stage: 'accepted',
  userid: 'u-bea',
  user_name: 'Bea Bolt',
  accepted: true,
  awaiting_since: null,
} as const;

// Newest activity first is the order the server sends; Omar's is listed out of order on purpose.
const tickets = [
  ticket(1, 'Nadia', '2026-03-01T09:50:00Z'),
  ticket(2, 'Omar', '2026-03-01T09:10:00Z', mine),
  ticket(3, 'Lena', '2026-03-01T09:30:00Z'),
  ticket(4, 'Ivan', '2026-03-01T09:40:00Z', colleagues),
];

function Column({ filter, socket }: { filter: OpenTicketFilter; socket: FakeSocket }) {
  useTicketLiveUpdates(socket.asSocket, { viewer, openTicketId: null });
  return (
    <>
      <h2 id="column">Tickets</h2>
      {/* The workspace column the list scrolls in (it renders the cards in view of it). */}
      <div {...{ [TICKET_SCROLL_ATTRIBUTE]: '' }}>
        <OpenTickets viewer={viewer} filter={filter} selectedId={null} onSelect={() => undefined} labelledBy="column" />
      </div>
    </>
  );
}

function renderColumn(filter: OpenTicketFilter, list: Ticket[] = tickets) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(openTicketsQueryKey, list);
  const socket = new FakeSocket();
  const view = render(
    <QueryClientProvider client={client}>
      <Column filter={filter} socket={socket} />
    </QueryClientProvider>,
  );
  return {
    socket,
    show: (next: OpenTicketFilter) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <Column filter={next} socket={socket} />
        </QueryClientProvider>,
      ),
  };
}

/** Plays a server event and waits for what it changed to render (the query cache tells its observers a tick later). */
const play = (socket: FakeSocket, name: string, payload: unknown) =>
  act(async () => {
    socket.play(name, payload);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

const list = () => screen.getByRole('list', { name: 'Tickets' });
/** The clients of the cards, top to bottom. */
const order = () =>
  within(list())
    .getAllByRole('article')
    .map((card) => card.querySelector('[data-ticket-open] [aria-hidden="true"]')?.textContent);
const card = (client: string) => screen.getByRole('article', { name: new RegExp(client) });

const clientMessage = (t: Ticket, content: string, at: string): Message =>
  aMessage({
    messageid: `new-${t.ticketid}`,
    ticketid: t.ticketid,
    content,
    created_on: at,
    clientid: t.clientid,
    senderid: t.clientid,
  });

describe('OpenTickets: the filters', () => {
  it('Pending lists the unassigned tickets, newest activity first, each with Accept', () => {
    renderColumn('pending');
    expect(order()).toEqual(['Nadia', 'Lena']);
    expect(within(card('Nadia')).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it("Mine lists only the viewer's tickets, without Accept; All lists every open ticket in activity order", () => {
    const { show } = renderColumn('mine');
    expect(order()).toEqual(['Omar']);
    expect(within(card('Omar')).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(card('Omar').textContent).toContain('Handled by you');

    show('all');
    expect(order()).toEqual(['Nadia', 'Ivan', 'Lena', 'Omar']);
    expect(card('Ivan').textContent).toContain('Handled by Bea');
  });

  it('says when a filter holds nothing', () => {
    renderColumn('mine', [tickets[0]!]);
    expect(screen.getByText('No tickets of yours')).toBeTruthy();
    expect(screen.getByText('Accept a pending ticket and it moves here.')).toBeTruthy();
  });
});

describe('OpenTickets: live events', () => {
  it('moves a card to the top when its client writes, with the message as its preview and an unread count', async () => {
    const { socket } = renderColumn('pending');
    expect(order()).toEqual(['Nadia', 'Lena']);

    await play(socket, 'newMessage', {
      message: clientMessage(tickets[2]!, 'Is anyone there?', '2026-03-01T10:00:00Z'),
    });
    expect(order()).toEqual(['Lena', 'Nadia']);
    expect(card('Lena').textContent).toContain('Is anyone there?');
    expect(within(card('Lena')).getByText('Unread messages: 1')).toBeTruthy();
    expect(within(card('Nadia')).queryByText(/Unread messages/)).toBeNull();
  });

  it('adds a new ticket at the top, and takes an accepted one out of Pending into Mine', async () => {
    const { socket, show } = renderColumn('pending');
    const fresh = ticket(5, 'Zoe', '2026-03-01T10:05:00Z');
    await play(socket, 'newTicket', { ticket: fresh });
    expect(order()).toEqual(['Zoe', 'Nadia', 'Lena']);

    await play(socket, 'acceptTicket', { ticket: { ...tickets[0]!, ...mine } });
    expect(order()).toEqual(['Zoe', 'Lena']);
    show('mine');
    expect(order()).toEqual(['Nadia', 'Omar']);
  });

  it('a note keeps its card in place: it previews the note but is no activity of the conversation', async () => {
    const { socket } = renderColumn('pending');
    const note = { ...clientMessage(tickets[2]!, 'Call her back', '2026-03-01T10:00:00Z'), type: 'note' } as Message;
    await play(socket, 'newMessage', { message: note });
    expect(order()).toEqual(['Nadia', 'Lena']);
    expect(card('Lena').textContent).toContain('Call her back');
  });
});
