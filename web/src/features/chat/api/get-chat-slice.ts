import type { ChatSliceResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { api } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/dates';

const base = (ticketid: string) =>
  `/get-chat-slice?ticketid=${encodeURIComponent(ticketid)}&tz=${encodeURIComponent(viewerTimeZone())}`;

/** GET /api/get-chat-slice around one message: its day sections and the cursors to page both ways. */
export const getChatSlice = (ticketid: string, messageid: string): Promise<ChatSliceResponse> =>
  api.get(
    `${base(ticketid)}&messageid=${encodeURIComponent(messageid)}&isInitialClick=true`,
    parser('chatSliceResponseSchema'),
  );

/** The page before (scrollUp) or after (scrollDown) a cursor of a slice. */
export const getSlicePage = (
  ticketid: string,
  cursor: number,
  direction: 'older' | 'newer',
): Promise<ChatSliceResponse> =>
  api.get(
    `${base(ticketid)}&lastIndex=${cursor}&${direction === 'older' ? 'scrollUp' : 'scrollDown'}=true`,
    parser('chatSliceResponseSchema'),
  );
