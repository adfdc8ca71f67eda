import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  seesAllDepartments,
  type Client,
  type Notification,
  type PrivateChatPeer,
  type Ticket,
} from '@kreechat/contract';
import { BubblesPicker, useBubbleLiveUpdates } from '../../features/bubbles';
import { ChatPane, preloadChatPane, useChatLiveUpdates, type ComposerTools } from '../../features/chat';
import { ColleagueList, useColleague, usePresenceLiveUpdates } from '../../features/colleagues';
import {
  ClearNotificationsButton,
  NotificationBanner,
  NotificationsPanel,
  useNotificationsInbox,
} from '../../features/notifications';
import { PrivateChatPanel, usePrivateChatLive } from '../../features/private-chat';
import {
  CLOSED_SEARCH_ID,
  ClosedTickets,
  CloseTicketButton,
  isVisibleTo,
  PENDING_SEARCH_ID,
  PendingTickets,
  ReassignTicketButton,
  showClientChange,
  TicketSearchToggle,
  useOpenTickets,
  useTicketFromLists,
  useTicketLiveUpdates,
  useTicketSearch,
  useUnreadTickets,
} from '../../features/tickets';
import { profilePath, WorkspaceShell, type WorkspaceView } from '../../features/workspace';
import { useSearchParams } from 'react-router';
import { useMyDepartment, useSession, type Viewer } from '../../lib/session';
import { useRefreshOnAccessChange, useWorkspaceSocket } from '../../lib/socket';
import { useIsNarrow } from '../../lib/use-media-query';

/**
 * `/`: the workspace (SPEC §2). Composes the ticket lists, the chat and the live connection inside the shell:
 * selecting a ticket opens its chat (the Chat tab on the narrow layout) and clears its unread mark.
 */
export function WorkspaceRoute() {
  const session = useSession();
  const department = useMyDepartment();
  const socket = useWorkspaceSocket();
  useRefreshOnAccessChange(socket);
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

  // The chat's code is not needed for the first screen; fetch it right after, before the first ticket is opened.
  useEffect(preloadChatPane, []);

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
  const onClient = useCallback((client: Client) => {
    setSelected((shown) =>
      shown?.clientid === client.clientid
        ? { ...shown, account_number: client.account_number, client_name: client.client_name }
        : shown,
    );
  }, []);
  useTicketLiveUpdates(socket, { viewer, openTicketId: chatShown ? selectedId : null, onTicket, onClient });
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

  // `/?ticket=<id>` (the admin tickets table) opens that ticket once the lists hold it; the link is then spent.
  const [params, setParams] = useSearchParams();
  const linkedTicket = params.get('ticket');
  useEffect(() => {
    if (!linkedTicket || !open.data) return;
    const ticket = open.data.find((t) => t.ticketid === linkedTicket);
    if (ticket) select(ticket);
    setParams({}, { replace: true });
  }, [linkedTicket, open.data, select, setParams]);

  // The number set from the chat shows from the answer at once; clientUpdated brings it (and renames) to the rest.
  const queryClient = useQueryClient();
  const onClientUpdated = useCallback(
    (client: Client) => {
      showClientChange(queryClient, client);
      onClient(client);
    },
    [queryClient, onClient],
  );

  const onReassigned = useCallback(
    (ticket: Ticket) => {
      onTicket(ticket);
      if (!isVisibleTo(ticket, viewer)) setView('pending');
    },
    [viewer, onTicket],
  );

  // Colleagues, private chat and the inbox (SPEC §2): the sidebar opens a chat; a notification opens what it is about.
  const [chatPeer, setChatPeer] = useState<PrivateChatPeer | null>(null);
  const chatColleague = useColleague(chatPeer?.id ?? null);
  usePresenceLiveUpdates(socket);
  const privateChat = usePrivateChatLive(socket, viewer.id, chatPeer?.id ?? null);
  const markChatRead = privateChat.markRead;
  const inbox = useNotificationsInbox(socket);
  const openPrivateChat = useCallback(
    (peer: PrivateChatPeer) => {
      setChatPeer(peer);
      markChatRead(peer.id);
    },
    [markChatRead],
  );
  const openTicketById = (ticketid: string) => {
    const ticket = open.data?.find((t) => t.ticketid === ticketid);
    if (ticket) select(ticket);
    return Boolean(ticket);
  };
  const openChatOf = (notification: Notification) => {
    if (!notification.senderid) return;
    openPrivateChat({ id: notification.senderid, firstName: notification.name, lastName: '', profile_pic: null });
  };

  return (
    <>
      <WorkspaceShell
        unreadCount={inbox.count}
        inbox={{
          open: inbox.open,
          onOpenChange: inbox.setOpen,
          actions: <ClearNotificationsButton />,
          panel: (
            <NotificationsPanel
              onOpenTicket={openTicketById}
              onOpenChat={openChatOf}
              onDone={() => inbox.setOpen(false)}
            />
          ),
        }}
        colleagues={
          <ColleagueList openId={chatPeer?.id ?? null} unreadIds={privateChat.unread} onOpen={openPrivateChat} />
        }
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
              composerTools={composerTools}
              onClientUpdated={onClientUpdated}
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
      {chatPeer && (
        <Suspense fallback={null}>
          <PrivateChatPanel
            key={chatPeer.id}
            peer={{ ...chatPeer, ...chatColleague }}
            viewerId={viewer.id}
            onClose={() => setChatPeer(null)}
          />
        </Suspense>
      )}
      <NotificationBanner notification={inbox.banner} />
    </>
  );
}
