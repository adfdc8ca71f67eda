import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventName } from '@kreechat/contract';
import { adminTicketsQueryRoot } from '@/lib/query-keys';
import { usePanelSocket, useSocketEvents, type SocketHandlers } from '@/lib/socket';

/** What changes a row or a widget: a ticket opened, accepted, moved or closed, a client renamed or renumbered. */
const CHANGES: ServerEventName[] = ['newTicket', 'acceptTicket', 'newHandler', 'closeTicket', 'clientUpdated'];

/**
 * However busy the desk, the table (widgets and the pages loaded so far) is read again at most this often: the
 * widgets are one aggregate over every ticket of the company.
 */
const LIVE_REFRESH_MS = 2_000;

/** Keeps the tickets table and its widgets current while it is open, from the events that change them. */
export function useLiveTickets(): void {
  const socket = usePanelSocket();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [socket],
  );
  const refresh = () => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: adminTicketsQueryRoot });
    }, LIVE_REFRESH_MS);
  };
  const handlers: SocketHandlers = { connect: refresh };
  for (const event of CHANGES) handlers[event] = refresh;
  useSocketEvents(socket, handlers);
}
