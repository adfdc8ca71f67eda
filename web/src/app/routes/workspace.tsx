import { useCallback, useMemo, useState } from 'react';
import { seesAllDepartments, type Ticket } from '@kreechat/contract';
import { BubblesPicker, useBubbleLiveUpdates } from '../../features/bubbles';
import { ChatPane, useChatLiveUpdates, type ComposerTools } from '../../features/chat';
import {
  ClosedTickets,
  CloseTicketButton,
  PendingTickets,
  useOpenTickets,
  useTicketFromLists,
  useTicketLiveUpdates,
  useUnreadTickets,
} from '../../features/tickets';
import { profilePath, WorkspaceShell, type WorkspaceView } from '../../features/workspace';
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
  const { markRead } = useUnreadTickets();

  const onTicket = useCallback((ticket: Ticket) => {
    setSelected((shown) => (shown?.ticketid === ticket.ticketid ? ticket : shown));
  }, []);
  // On the narrow layout the chat is read only while its tab shows; meanwhile its messages count as unread.
  const narrow = useIsNarrow();
  const chatShown = !narrow || view === 'chat';
  useTicketLiveUpdates(socket, { viewer, openTicketId: chatShown ? selectedId : null, onTicket });
  useChatLiveUpdates(socket, viewer.id);
  // The composer's bubbles picker stays current while the workspace is open.
  useBubbleLiveUpdates(socket);
  const bubblesHref = `${profilePath(session.username)}/bubbles`;
  const composerTools = useCallback<ComposerTools>(
    (insert, disabled) => <BubblesPicker onInsert={insert} manageHref={bubblesHref} disabled={disabled} />,
    [bubblesHref],
  );

  const select = useCallback(
    (ticket: Ticket) => {
      setSelected(ticket);
      markRead(ticket.ticketid);
      setView('chat');
    },
    [markRead],
  );

  return (
    <WorkspaceShell
      pendingCount={open.data?.length ?? 0}
      pending={<PendingTickets viewer={viewer} selectedId={selectedId} onSelect={select} labelledBy="pending-title" />}
      chat={
        current ? (
          <ChatPane
            key={current.ticketid}
            ticket={current}
            viewer={viewer}
            actions={<CloseTicketButton ticket={current} viewer={viewer} onClosed={onTicket} />}
            composerTools={composerTools}
          />
        ) : undefined
      }
      closed={
        <ClosedTickets
          viewer={viewer}
          scope={closedScope}
          selectedId={selectedId}
          onSelect={select}
          labelledBy="closed-title"
        />
      }
      view={view}
      onViewChange={(next) => {
        setView(next);
        if (next === 'chat' && selectedId) markRead(selectedId);
      }}
    />
  );
}
