import { useEffect, useState } from 'react';
import type { Ticket } from '@kreechat/contract';
import { useWhatsAppWindow } from '@/features/chat/api/get-whatsapp-window';
import {
  NO_WINDOW,
  watchesServiceWindow,
  whatsAppWindowView,
  type WindowView,
} from '@/features/chat/lib/whatsapp-window';

/** setTimeout's longest delay (about 24.8 days); a window closes within 24 hours, but a bad time must not loop. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export interface ServiceWindow {
  view: WindowView;
  /** The last attempt to ask the server failed (the view keeps the answer before it). */
  failed: boolean;
  retry: () => void;
}

/**
 * The ticket's customer-service window (WhatsApp's 24 hours), asked again when it closes by the clock. Client
 * messages reopen it: useChatLiveUpdates marks the answer stale when one arrives.
 */
export function useServiceWindow(ticket: Ticket): ServiceWindow {
  const enabled = watchesServiceWindow(ticket);
  const query = useWhatsAppWindow(ticket, enabled);
  const [now, setNow] = useState(() => Date.now());
  const view = enabled ? whatsAppWindowView(query.data, query.dataUpdatedAt, now) : NO_WINDOW;
  const { recheckAt } = view;
  const { refetch } = query;

  useEffect(() => {
    if (recheckAt === null) return;
    const timer = window.setTimeout(
      () => {
        // The clock first, so the notice shows at once; the fresh answer brings the templates.
        setNow(Date.now());
        void refetch({ cancelRefetch: false });
      },
      Math.min(Math.max(recheckAt - Date.now(), 0), MAX_DELAY_MS),
    );
    return () => window.clearTimeout(timer);
    // Keyed by the time, not by the clock: the tick above leaves a due recheck where it is, so a failed refetch
    // does not start another at once (the notice offers Retry instead).
  }, [recheckAt, refetch]);

  return { view, failed: query.isError, retry: () => void refetch() };
}
