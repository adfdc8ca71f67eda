import { useCallback, useMemo, useState } from 'react';
import { seesAllDepartments, type Ticket } from '@kreechat/contract';
import { ChatPane, useChatLiveUpdates } from '../../features/chat';
import {
  CLOSED_SEARCH_ID,
  ClosedTickets,
  CloseTicketButton,
  isVisibleTo,
  PENDING_SEARCH_ID,
  PendingTickets,
  ReassignTicketButton,
  TicketSearchToggle,
  useOpenTickets,
  useTicketFromLists,
  useTicketLiveUpdates,
  useTicketSearch,
  useUnreadTickets,
} from '../../features/tickets';
import { WorkspaceShell, type WorkspaceView } from '../../features/workspace';
import { useMyDepartment, useSession, type Viewer } from '../../lib/session';
import { useWorkspaceSocket } from '../../lib/socket';
import { useIsNarrow } from '../../lib/use-media-query';

/**
 * `/`: the workspace (SPEC §2). Composes the ticket lists, the chat and the live connection inside the shell:
 * selecting a ticket opens its chat (the Chat tab on the narrow layout) and clears its unread mark.
 */
export function WorkspaceRoute() {
  const session = useSession();
  const department = useMyDepartment();
  const socket = useWorkspaceSocket();
  const [view, setView] = useState<WorkspaceView>('pending');
  // The last copy of the open ticket seen outside the lists (events about a ticket the lists dropped).
  const [selected, setSelected] = useState<Ticket | null>(null);

  const viewer = useMemo<Viewer>(() => {
    const canSeeAll = seesAllDepartments(session.role);
    return {
      id: session.id,
      username: session.username,
      role: session.role,
      canSeeAll,
      departmentId: department.isPending ? undefined : (department.data?.departmentid ?? null),
    };
  }, [session.id, session.username, session.role, department.isPending, department.data]);

  const closedScope = viewer.canSeeAll ? 'all' : viewer.departmentId;
  const selectedId = selected?.ticketid ?? null;
  const current = useTicketFromLists(selectedId, closedScope) ?? selected;
  const open = useOpenTickets();
  const { unread, markRead } = useUnreadTickets();
  const pendingSearch = useTicketSearch();
  const closedSearch = useTicketSearch();

  // A ticket moved to a department the viewer does not see leaves their screen, as it left their lists.
  const onTicket = useCallback(
    (ticket: Ticket) => {
      setSelected((shown) => {
        if (shown?.ticketid !== ticket.ticketid) return shown;
        return isVisibleTo(ticket, viewer) ? ticket : null;
      });
    },
    [viewer],
  );
  // On the narrow layout the chat is read only while its tab shows; meanwhile its messages count as unread.
  const narrow = useIsNarrow();
  const chatShown = !narrow || view === 'chat';
  useTicketLiveUpdates(socket, { viewer, openTicketId: chatShown ? selectedId : null, onTicket });
  useChatLiveUpdates(socket, viewer.id);

  const select = useCallback(
    (ticket: Ticket) => {
      setSelected(ticket);
      markRead(ticket.ticketid);
      setView('chat');
    },
    [markRead],
  );

  const onReassigned = useCallback(
    (ticket: Ticket) => {
      onTicket(ticket);
      if (!isVisibleTo(ticket, viewer)) setView('pending');
    },
    [viewer, onTicket],
  );

  return (
    <WorkspaceShell
      pendingCount={open.data?.length ?? 0}
      ticketsUnread={Object.values(unread).reduce((sum, count) => sum + count, 0)}
      pending={
        <PendingTickets
          viewer={viewer}
          search={pendingSearch}
          selectedId={selectedId}
          onSelect={select}
          labelledBy="pending-title"
        />
      }
      pendingActions={<TicketSearchToggle search={pendingSearch} controls={PENDING_SEARCH_ID} />}
      chat={
        current ? (
          <ChatPane
            key={current.ticketid}
            ticket={current}
            viewer={viewer}
            actions={
              <>
                <ReassignTicketButton ticket={current} viewer={viewer} onReassigned={onReassigned} />
                <CloseTicketButton ticket={current} viewer={viewer} onClosed={onTicket} />
              </>
            }
          />
        ) : undefined
      }
      closed={
        <ClosedTickets
          viewer={viewer}
          search={closedSearch}
          scope={closedScope}
          selectedId={selectedId}
          onSelect={select}
          labelledBy="closed-title"
        />
      }
      closedActions={<TicketSearchToggle search={closedSearch} controls={CLOSED_SEARCH_ID} />}
      view={view}
      onViewChange={(next) => {
        setView(next);
        if (next === 'chat' && selectedId) markRead(selectedId);
      }}
    />
  );
}
