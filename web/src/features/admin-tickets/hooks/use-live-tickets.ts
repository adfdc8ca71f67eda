import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventName } from '@kreechat/contract';
import { adminTicketsQueryRoot } from '@/lib/query-keys';
import { onEveryConnect, usePanelSocket } from '@/lib/socket';

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
  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: adminTicketsQueryRoot });
      }, LIVE_REFRESH_MS);
    };
    for (const event of CHANGES) socket.on(event, refresh);
    const stop = onEveryConnect(socket, refresh);
    return () => {
      clearTimeout(timer);
      for (const event of CHANGES) socket.off(event, refresh);
      stop();
    };
  }, [socket, queryClient]);
}
