import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * Text messages on their way to the server, shown at the end of the chat until the server's copy replaces them.
 * Kept apart from the chat pages so a refetch of the chat cannot lose one that has not been confirmed yet.
 */
export interface OutboxItem {
  /** The idempotency key: the same on every retry of this message, so it is stored once. */
  key: string;
  ticketid: string;
  content: string;
  created_on: string;
  status: 'sending' | 'failed';
  /** The server's refusal, or null for a network failure. */
  error: string | null;
}

const outboxKey = (ticketid: string) => ['chat-outbox', ticketid] as const;

export function putInOutbox(queryClient: QueryClient, item: OutboxItem): void {
  queryClient.setQueryData<OutboxItem[]>(outboxKey(item.ticketid), (items = []) =>
    items.some((i) => i.key === item.key)
      ? items.map((i) => (i.key === item.key ? { ...i, status: item.status, error: item.error } : i))
      : [...items, item],
  );
}

export function removeFromOutbox(queryClient: QueryClient, ticketid: string, key: string): void {
  queryClient.setQueryData<OutboxItem[]>(outboxKey(ticketid), (items = []) => items.filter((i) => i.key !== key));
}

/**
 * The live copy of one's own message can arrive before the HTTP answer: it then takes the place of the first
 * item still sending with the same text. The later answer finds the message already shown.
 */
export function settleOutboxByContent(queryClient: QueryClient, ticketid: string, content: string): void {
  queryClient.setQueryData<OutboxItem[]>(outboxKey(ticketid), (items = []) => {
    const index = items.findIndex((i) => i.status === 'sending' && i.content.trim() === content.trim());
    return index < 0 ? items : items.filter((_, i) => i !== index);
  });
}

export function useOutbox(ticketid: string): OutboxItem[] {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: outboxKey(ticketid),
    queryFn: () => queryClient.getQueryData<OutboxItem[]>(outboxKey(ticketid)) ?? [],
    initialData: [] as OutboxItem[],
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data;
}
