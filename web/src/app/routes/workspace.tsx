import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { seesAllDepartments, type Client, type Ticket } from '@kreechat/contract';
import { useBubbleLiveUpdates } from '@/features/bubbles';
import { useClientPanelLive } from '@/features/client-panel/live';
import { preloadDialogs } from '@/components/lazy-dialogs';
import { preloadChatPane, useChatLiveUpdates } from '@/features/chat';
import { ColleagueList } from '@/features/colleagues';
import { ClearNotificationsButton, NotificationBanner, NotificationsPanel } from '@/features/notifications';
import { PrivateChatPanel } from '@/features/private-chat';
import {
  isVisibleTo,
  rememberTicket,
  showClientChange,
  useMarkTicketRead,
  useTicket,
  useTicketFromLists,
  useTicketLiveUpdates,
} from '@/features/tickets';
import { focusReplyBox, ShortcutsSheet, WorkspaceShell, type WorkspaceView } from '@/features/workspace';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { CHAT_ROUTE, chatPath, messageIdOf } from '@/lib/chat-address';
import { useMyDepartment, useSession, type Viewer } from '@/lib/session';
import { useRefreshOnAccessChange, useWorkspaceSocket } from '@/lib/socket';
import { useIsNarrow } from '@/lib/use-media-query';
import { ClientPanel, useWorkspaceChat } from './workspace-chat';
import { useWorkspaceKeys } from './workspace-keys';
import { useWorkspacePeople } from './workspace-people';
import { useTicketColumn } from './workspace-tickets';

/**
 * `/`: the workspace (SPEC §2), and `/tickets/{ticketid}` with that chat open. Composes the ticket lists, the chat and
 * the live connection inside the shell: selecting a ticket moves to its chat's address (lib/chat-address.ts; the Chat
 * tab on the narrow layout), and the chat shown clears its unread mark.
 */

export function WorkspaceRoute() {
  const session = useSession();
  const department = useMyDepartment();
  const socket = useWorkspaceSocket();
  useRefreshOnAccessChange(socket);
  // The open chat is the address's: a reload, Back and Forward and a shared link show the same one.
  const navigate = useNavigate();
  const { hash } = useLocation();
  const selectedId = useMatch(CHAT_ROUTE)?.params.ticketid ?? null;
  const jumpTarget = messageIdOf(hash);
  const [view, setView] = useState<WorkspaceView>(selectedId ? 'chat' : 'tickets');
  // A chat the address opens shows on the narrow layout; without one (Back from a chat) the list shows again.
  const [viewOf, setViewOf] = useState(selectedId);
  if (viewOf !== selectedId) {
    setViewOf(selectedId);
    setView((shown) => (selectedId ? 'chat' : shown === 'chat' ? 'tickets' : shown));
  }

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
  useEffect(ClientPanel.preload, []);
  // The dialogs' code (reassign, close, shortcuts) follows once the first screen is up.
  useEffect(preloadDialogs, []);

  const closedScope = viewer.canSeeAll ? 'all' : viewer.departmentId;
  const fromLists = useTicketFromLists(selectedId, closedScope);
  // A ticket no loaded list holds (a reload, a link, a found closed ticket) is asked for: 404 when not the viewer's.
  const linked = useTicket(selectedId, fromLists === undefined);
  const current = fromLists ?? linked.data;
  const markRead = useMarkTicketRead();
  const queryClient = useQueryClient();

  // The open ticket's copy follows its events; moved to a department the viewer does not see, it leaves their
  // screen as it left their lists.
  const onTicket = useCallback(
    (ticket: Ticket) => {
      if (ticket.ticketid !== selectedId) return;
      if (isVisibleTo(ticket, viewer)) rememberTicket(queryClient, ticket);
      else void navigate('/', { replace: true });
    },
    [viewer, selectedId, queryClient, navigate],
  );
  // On the narrow layout the chat is read only while its tab shows; meanwhile its messages count as unread.
  const narrow = useIsNarrow();
  const chatShown = !narrow || view === 'chat';
  // The lists follow a client's new details themselves; the copy of a ticket outside them is followed here.
  const linkedTicket = linked.data;
  const onClient = useCallback(
    (client: Client) => {
      if (linkedTicket?.clientid !== client.clientid) return;
      const { account_number, client_name } = client;
      rememberTicket(queryClient, { ...linkedTicket, account_number, client_name });
    },
    [linkedTicket, queryClient],
  );
  useTicketLiveUpdates(socket, { viewer, openTicketId: chatShown ? selectedId : null, onTicket, onClient });
  useChatLiveUpdates(socket, viewer.id);
  // The composer's bubbles picker stays current while the workspace is open.
  useBubbleLiveUpdates(socket);

  // Opening another chat adds its address to the history: Back shows the chat before (on a phone, the list).
  const openChat = useCallback(
    (ticketid: string) => {
      setView('chat');
      if (ticketid !== selectedId) void navigate(chatPath(ticketid));
    },
    [selectedId, navigate],
  );
  const select = useCallback(
    (ticket: Ticket) => {
      rememberTicket(queryClient, ticket);
      openChat(ticket.ticketid);
    },
    [queryClient, openChat],
  );
  // A jump to a message (search, pins) names it in the address, without a history entry of its own.
  const showMessage = useCallback(
    (messageid: string | null) => {
      if (selectedId) void navigate(chatPath(selectedId, messageid), { replace: true });
    },
    [selectedId, navigate],
  );
  // However the chat came to show (a click, Back or Forward, a reload, the Chat tab), its messages are read.
  useEffect(() => {
    if (selectedId && chatShown) markRead(selectedId);
  }, [selectedId, chatShown, markRead]);

  // The number set from the chat shows from the answer at once; clientUpdated brings it (and renames) to the rest.
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
      if (!isVisibleTo(ticket, viewer)) setView('tickets');
    },
    [viewer, onTicket],
  );

  const people = useWorkspacePeople(socket, viewer.id, { openChat, setView });

  // Accept (on a card or in the chat header) opens that chat and puts the cursor in its reply box.
  const onAccepted = useCallback(
    (ticket: Ticket) => {
      select(ticket);
      focusReplyBox();
    },
    [select],
  );

  const column = useTicketColumn({
    viewer,
    closedScope,
    isAdmin: session.isAdmin,
    selectedId,
    select,
    onAccepted,
    setView,
  });

  useClientPanelLive(socket);

  const chat = useWorkspaceChat({
    selectedId,
    current,
    linked,
    viewer,
    username: session.username,
    onAccepted,
    onReassigned,
    onTicket,
    openChat,
    onClientUpdated,
    jumpTarget,
    showMessage,
    noteOpenFor: people.noteOpenFor,
  });

  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useWorkspaceKeys({
    listed: column.listed,
    selectedId,
    select,
    search: column.search,
    searchId: column.searchId,
    setView,
    showFilter: column.showFilter,
    showShortcuts: () => setShortcutsOpen(true),
  });

  return (
    <>
      <WorkspaceShell
        unreadCount={people.inbox.count}
        inbox={{
          open: people.inbox.open,
          onOpenChange: people.inbox.setOpen,
          actions: <ClearNotificationsButton />,
          panel: (
            <NotificationsPanel
              onOpenTicket={people.openTicketById}
              onOpenChat={people.openChatOf}
              onDone={() => people.inbox.setOpen(false)}
            />
          ),
        }}
        colleagues={
          <ColleagueList
            openId={people.chatPeer?.id ?? null}
            unread={people.privateChat.unread}
            onOpen={people.openPrivateChat}
          />
        }
        colleagueChat={
          people.chatPeer && (
            <Suspense fallback={null}>
              <PrivateChatPanel
                key={people.chatPeer.id}
                peer={{ ...people.chatPeer, ...people.chatColleague }}
                viewerId={viewer.id}
                onClose={people.closeChat}
              />
            </Suspense>
          )
        }
        colleaguesUnread={people.privateChat.unread.size}
        {...column.props}
        chat={chat}
        view={view}
        onViewChange={setView}
        onShowShortcuts={() => setShortcutsOpen(true)}
      />
      <NotificationBanner notification={people.inbox.banner} />
      <ShortcutsSheet open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </>
  );
}
