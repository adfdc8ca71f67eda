import type { QueryClient } from '@tanstack/react-query';
import type { PinnedMessage } from '@kreechat/contract';
import { pinsQueryKey } from '@/features/chat/api/get-pins';
import { addPin, removePin } from './pins';

/* A ticket's loaded pins, changed by the viewer's answers and by live events; unloaded pins stay unloaded. */

export function showPin(queryClient: QueryClient, pin: PinnedMessage): void {
  queryClient.setQueryData<PinnedMessage[]>(pinsQueryKey(pin.ticketid), (pins) => (pins ? addPin(pins, pin) : pins));
}

export function hidePin(queryClient: QueryClient, removed: { ticketid: string; messageid: string }): void {
  queryClient.setQueryData<PinnedMessage[]>(pinsQueryKey(removed.ticketid), (pins) =>
    pins ? removePin(pins, removed.messageid) : pins,
  );
}
