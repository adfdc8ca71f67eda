import type { Ticket } from '@kreechat/contract';
import { neighbour, type TicketFilter, type useTicketSearch } from '@/features/tickets';
import { focusReplyBox, pressShortcutTarget, useWorkspaceShortcuts, type WorkspaceView } from '@/features/workspace';

export interface WorkspaceKeyInputs {
  /** The tickets `j`/`k` walk, read when the key is pressed (sorting on every live event would be wasted work). */
  listed: () => readonly Ticket[];
  selectedId: string | null;
  select: (ticket: Ticket) => void;
  /** The shown list's search, and the id of its box. */
  search: ReturnType<typeof useTicketSearch>;
  searchId: string;
  setView: (view: WorkspaceView) => void;
  showFilter: (filter: TicketFilter) => void;
  showShortcuts: () => void;
}

/** The workspace's keyboard shortcuts (features/workspace/lib/shortcuts.ts names the keys). */
export function useWorkspaceKeys({
  listed,
  selectedId,
  select,
  search,
  searchId,
  setView,
  showFilter,
  showShortcuts,
}: WorkspaceKeyInputs): void {
  useWorkspaceShortcuts({
    next: () => {
      const ticket = neighbour(listed(), selectedId, 1);
      if (ticket) select(ticket);
    },
    previous: () => {
      const ticket = neighbour(listed(), selectedId, -1);
      if (ticket) select(ticket);
    },
    accept: () => pressShortcutTarget('accept'),
    reply: () => focusReplyBox(0),
    close: () => pressShortcutTarget('close'),
    reassign: () => pressShortcutTarget('reassign'),
    pins: () => pressShortcutTarget('pins'),
    clientPanel: () => pressShortcutTarget('client-panel'),
    search: () => {
      setView('tickets');
      if (!search.open) search.toggle();
      else document.querySelector<HTMLInputElement>(`#${searchId} input`)?.focus();
    },
    pending: () => showFilter('pending'),
    mine: () => showFilter('mine'),
    all: () => showFilter('all'),
    closed: () => showFilter('closed'),
    help: showShortcuts,
  });
}
