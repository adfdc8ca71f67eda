import type { WidgetMessage } from '@kreechat/contract';

/**
 * The conversation as the widget holds it: the server's messages in `seq` order, then the visitor's own that the
 * server has not confirmed yet (optimistic copies, keyed by their clientMessageId).
 */
export type LocalState = 'sending' | 'failed';
export type ChatItem = WidgetMessage & { local?: LocalState; pendingFile?: File };

/** The key a rendered message keeps from its optimistic copy to the server's, so its element is reused. */
export const itemKey = (item: WidgetMessage): string => item.clientMessageId ?? item.id;

/** The visitor's text or file before the server answers; seq -1 keeps it out of every cursor. */
export function optimistic(fields: {
  clientMessageId: string;
  text: string;
  createdAt: string;
  file?: File;
}): ChatItem {
  const { clientMessageId, text, createdAt, file } = fields;
  const kind = file?.type.startsWith('image/') ? 'image' : 'document';
  return {
    id: `local:${clientMessageId}`,
    seq: -1,
    ticketId: '',
    type: file ? kind : 'text',
    text,
    from: 'visitor',
    agentName: null,
    createdAt,
    file: file ? { name: file.name, size: file.size, kind, url: '' } : null,
    clientMessageId,
    local: 'sending',
    ...(file ? { pendingFile: file } : {}),
  };
}

/**
 * `incoming` merged into `items`: a message already held (same id) is replaced, the optimistic copy of one the
 * server confirmed (same clientMessageId) is replaced by it, the rest are added. The socket, the polling and the
 * send's own answer can all deliver the same message, in any order: the result is the same whatever the order.
 */
export function mergeMessages(items: readonly ChatItem[], incoming: readonly WidgetMessage[]): ChatItem[] {
  if (incoming.length === 0) return items as ChatItem[];
  const confirmed = new Map<string, ChatItem>();
  const pending: ChatItem[] = [];
  for (const item of items) {
    if (item.local) pending.push(item);
    else confirmed.set(item.id, item);
  }
  const confirmedKeys = new Set<string>();
  for (const message of incoming) {
    confirmed.set(message.id, message);
    if (message.clientMessageId) confirmedKeys.add(message.clientMessageId);
  }
  for (const item of confirmed.values()) if (item.clientMessageId) confirmedKeys.add(item.clientMessageId);
  const sorted = [...confirmed.values()].sort((a, b) => a.seq - b.seq);
  return [...sorted, ...pending.filter((item) => !confirmedKeys.has(item.clientMessageId ?? ''))];
}

/** The visitor's optimistic message `clientMessageId` in a new state (failed, or sending again). */
export function setLocalState(items: readonly ChatItem[], clientMessageId: string, local: LocalState): ChatItem[] {
  return items.map((item) => (item.local && item.clientMessageId === clientMessageId ? { ...item, local } : item));
}

/** Drops an optimistic message (the server held it until a department is chosen: it is shown as held instead). */
export function dropLocal(items: readonly ChatItem[], clientMessageId: string): ChatItem[] {
  return items.filter((item) => !(item.local && item.clientMessageId === clientMessageId));
}

/** The newest seq the server confirmed: the cursor of `GET /messages?after=`. 0 before the first message. */
export function lastSeq(items: readonly ChatItem[]): number {
  let max = 0;
  for (const item of items) if (!item.local && item.seq > max) max = item.seq;
  return max;
}

/** The oldest confirmed seq: the cursor of `GET /messages?before=`. Null while nothing is confirmed. */
export function firstSeq(items: readonly ChatItem[]): number | null {
  let min: number | null = null;
  for (const item of items) if (!item.local && (min === null || item.seq < min)) min = item.seq;
  return min;
}
