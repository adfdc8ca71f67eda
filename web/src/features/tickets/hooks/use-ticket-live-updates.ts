import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Client, Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { playChime, startTitleBlink, stopTitleBlink, armSound } from '@/lib/alerts';
import { refetchIfInFlight } from '@/lib/query-client';
import { useSocketEvents, type WorkspaceSocket } from '@/lib/socket';
import type { Viewer } from '@/lib/session';
import { closedTicketsQueryRoot } from '@/features/tickets/api/get-closed-tickets';
import { openTicketsQueryKey } from '@/features/tickets/api/get-open-tickets';
import {
  applyTicketChange,
  showClientChange,
  showClosedTicket,
  showOpenTicket,
} from '@/features/tickets/lib/ticket-cache';
import { withLastMessage, withMessageStatus } from '@/features/tickets/lib/ticket-lists';
import { chimesFor, marksUnread } from '@/features/tickets/lib/unread';
import { markTicketUnread } from './use-unread-tickets';

interface TicketLiveOptions {
  viewer: Viewer;
  /** The ticket whose chat is open: its messages are read, not unread. */
  openTicketId: string | null;
  /** Every ticket an event brought, so a screen can refresh a ticket it shows outside the lists. */
  onTicket?: (ticket: Ticket) => void;
  /** Every client whose details changed, for the same reason. */
  onClient?: (client: Client) => void;
}

/**
 * Keeps the pending and closed lists current from the live events (SPEC §4): new and reopened tickets (with a
 * chime and the blinking title), accepts, handler and department changes, closes, and each message's unread mark
 * and card preview (with a chime for client messages) and its delivery state, clients' new names and account
 * numbers. Refetches the lists on every (re)connection.
 */
export function useTicketLiveUpdates(socket: WorkspaceSocket | null, options: TicketLiveOptions): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const alertText = t('tickets.newTicketAlert');
  const { viewer, openTicketId, onTicket, onClient } = options;

  useEffect(() => {
    armSound();
    return () => stopTitleBlink();
  }, []);

  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: openTicketsQueryKey });
    void queryClient.invalidateQueries({ queryKey: closedTicketsQueryRoot });
  };
  const keepLists = () => {
    refetchIfInFlight(queryClient, openTicketsQueryKey);
    refetchIfInFlight(queryClient, closedTicketsQueryRoot);
  };
  const onChangedTicket = ({ ticket }: { ticket: Ticket }) => {
    onTicket?.(ticket);
    applyTicketChange(queryClient, ticket, viewer);
    keepLists();
  };

  useSocketEvents(socket, {
    connect: refetch,
    newTicket: ({ ticket }) => {
      showOpenTicket(queryClient, ticket, 'first');
      keepLists();
      onTicket?.(ticket);
      playChime();
      startTitleBlink(alertText);
    },
    acceptTicket: onChangedTicket,
    newHandler: onChangedTicket,
    closeTicket: ({ ticket }) => {
      showClosedTicket(queryClient, ticket, viewer.id);
      keepLists();
      onTicket?.(ticket);
    },
    newMessage: ({ message }) => {
      const ticket = queryClient
        .getQueryData<Ticket[]>(openTicketsQueryKey)
        ?.find((candidate) => candidate.ticketid === message.ticketid);
      queryClient.setQueryData<Ticket[]>(openTicketsQueryKey, (list) => (list ? withLastMessage(list, message) : list));
      refetchIfInFlight(queryClient, openTicketsQueryKey);
      if (marksUnread(message, viewer.id, openTicketId)) markTicketUnread(queryClient, message.ticketid);
      if (chimesFor(message, ticket, viewer.id, openTicketId)) playChime();
    },
    // A card whose last message is this one shows its delivery state (a reply that failed). A change that moved
    // the client's wait (the failed reply answered nobody; its retry answers again) brings the whole ticket.
    messageStatus: ({ message, ticket }) => {
      if (ticket) return onChangedTicket({ ticket });
      queryClient.setQueryData<Ticket[]>(openTicketsQueryKey, (list) =>
        list ? withMessageStatus(list, message) : list,
      );
    },
    clientUpdated: ({ client }) => {
      showClientChange(queryClient, client);
      onClient?.(client);
    },
  });
}
