import type { Ticket, WhatsAppWindow } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/{ticketid}/whatsapp-window: whether the client's 24-hour window is open, when it closes, and (for the
 * ticket's handler, while it is closed) the approved templates that may be sent instead.
 */
export const getWhatsAppWindow = (ticketid: string, signal?: AbortSignal): Promise<WhatsAppWindow> =>
  api.get(`/${encodeURIComponent(ticketid)}/whatsapp-window`, parser('whatsAppWindowSchema'), signal);

export const whatsAppWindowQueryRoot = ['whatsapp-window'] as const;
/** Marks every viewer's answer for the ticket stale (a client message reopens the window). */
export const whatsAppWindowTicketKey = (ticketid: string) => [...whatsAppWindowQueryRoot, ticketid] as const;
// The handler is part of the key: templates are listed only for them, so accepting the ticket asks anew.
const whatsAppWindowQueryKey = (ticket: Pick<Ticket, 'ticketid' | 'userid'>) =>
  [...whatsAppWindowTicketKey(ticket.ticketid), ticket.userid] as const;

/**
 * The ticket's window, asked only when `enabled` (WhatsApp tickets). Kept current by the client's messages
 * (useChatLiveUpdates), every socket reconnection and the caller's timer for the closing time.
 */
export function useWhatsAppWindow(ticket: Pick<Ticket, 'ticketid' | 'userid'>, enabled: boolean) {
  return useQuery({
    queryKey: whatsAppWindowQueryKey(ticket),
    queryFn: ({ signal }) => getWhatsAppWindow(ticket.ticketid, signal),
    enabled,
  });
}
